// A chart as a PNG, made in the browser: the chart's SVG drawn on a canvas (no library: the
// browser rasterises SVG itself). The image is a data: URL, since the pages' Content-Security-Policy
// allows images from data: but not blob:. Dark text on white, whatever the page's colours, so the
// image reads the same pasted into a report or printed.
const SCALE = 2;

export async function chartPng(svg: SVGSVGElement): Promise<Blob> {
  const { width, height } = svg.viewBox.baseVal;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.style.color = '#1a1a1a';
  copy.style.fontFamily = getComputedStyle(svg).fontFamily;
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width * SCALE;
  canvas.height = height * SCALE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas in this browser.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The chart could not be made a PNG.'))), 'image/png'),
  );
}
