// Files a guest might upload, as bytes: real tiny images and PDF, and the bad cases.
import zlib from 'node:zlib';
export const tinyPng = () => Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const tinyJpeg = () =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );

export const tinyPdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export const textFile = () => Buffer.from('This is a note, not a photo of a receipt.\n');

/** A PNG of exactly `bytes` bytes: tinyPng's header, one IDAT chunk of zeros filling the size, the end chunk. */
export function pngOfSize(bytes: number): Buffer {
  const png = tinyPng();
  const ihdrEnd = 8 + 12 + 13;
  const iend = png.subarray(png.length - 12);
  return Buffer.concat([png.subarray(0, ihdrEnd), pngChunk('IDAT', Buffer.alloc(bytes - ihdrEnd - 12 - iend.length)), iend]);
}

export const MB = 1024 * 1024;

/** The multipart body a browser sends for `<input type=file name=file>`. */
export function fileForm(bytes: Buffer, filename: string, type = 'application/octet-stream', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/** What a phone writes into a photo: where it was taken, the device, the owner. */
export const PHOTO_SECRETS = ['GPSLatitude 25.2854N', 'GPSLongitude 51.5310E', 'iPhone of Noor Saleh', 'Taken at the till'];

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** An EXIF block (big-endian TIFF) with Orientation = 6 (taken sideways) followed by GPS-like text. */
function exifPayload(): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(0x2a, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(6, 18);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, Buffer.from(`${PHOTO_SECRETS[0]}\0${PHOTO_SECRETS[1]}\0${PHOTO_SECRETS[2]}\0`, 'latin1')]);
}

/** tinyJpeg with EXIF, XMP, IPTC and a comment, scan data and an end-of-image marker. */
export function jpegWithMetadata(): Buffer {
  const jpeg = tinyJpeg();
  const app0End = 4 + jpeg.readUInt16BE(4); // SOI, then APP0: marker + its length
  return Buffer.concat([
    jpeg.subarray(0, app0End),
    jpegSegment(0xe1, exifPayload()),
    jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${PHOTO_SECRETS[0]}</exif:GPSLatitude></x:xmpmeta>`, 'latin1')),
    jpegSegment(0xed, Buffer.from(`Photoshop 3.0\0${PHOTO_SECRETS[2]}`, 'latin1')),
    jpegSegment(0xfe, Buffer.from(PHOTO_SECRETS[3], 'latin1')),
    jpeg.subarray(app0End),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78, 0xff, 0xd9]),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** tinyPng with tEXt, zTXt, iTXt and eXIf chunks before its image data. */
export function pngWithMetadata(): Buffer {
  const png = tinyPng();
  const ihdrEnd = 8 + 12 + 13;
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    pngChunk('tEXt', Buffer.from(`Comment\0${PHOTO_SECRETS[0]}`, 'latin1')),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Author\0\0', 'latin1'), zlib.deflateSync(PHOTO_SECRETS[2])])),
    pngChunk('iTXt', Buffer.from(`Description\0\0\0\0\0${PHOTO_SECRETS[3]}`, 'utf8')),
    pngChunk('eXIf', exifPayload().subarray(6)),
    png.subarray(ihdrEnd),
  ]);
}

/** tinyJpeg with an EXIF segment hidden behind one junk byte (decoders skip the byte; metadata readers still find the EXIF). */
export function jpegWithJunkBeforeExif(): Buffer {
  const jpeg = tinyJpeg();
  const app0End = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, app0End), Buffer.from([0x00]), jpegSegment(0xe1, exifPayload()), jpeg.subarray(app0End)]);
}

/** A JPEG that is also a web page: HTML in a comment segment. */
export function jpegHtmlPolyglot(): Buffer {
  const jpeg = tinyJpeg();
  return Buffer.concat([
    jpeg.subarray(0, 2),
    jpegSegment(0xfe, Buffer.from('<html><script>alert(document.cookie)</script></html>', 'latin1')),
    jpeg.subarray(2),
  ]);
}

/** A WebP with EXIF, XMP and a private chunk around its image data. */
export function webpWithMetadata(): Buffer {
  const chunk = (fourcc: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(fourcc, 0, 'latin1');
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
  };
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08 | 0x04;
  const body = [
    chunk('VP8X', vp8x),
    chunk('EXIF', Buffer.from(PHOTO_SECRETS[0])),
    chunk('VP8 ', Buffer.from('image-bytes')),
    chunk('XMP ', Buffer.from(PHOTO_SECRETS[2])),
    chunk('ZZZZ', Buffer.from(PHOTO_SECRETS[3])),
  ];
  const webp = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), ...body]);
  webp.writeUInt32LE(webp.length - 8, 4);
  return webp;
}

/** An iPhone-style HEIC: the ftyp box, then a meta box naming an Exif item. */
export function heicPhoto(): Buffer {
  const box = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data]);
  };
  return Buffer.concat([box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')), box('meta', Buffer.from(`Exif\0${PHOTO_SECRETS[0]}`, 'latin1'))]);
}

/** A PDF from numbered objects (a stream object is {dict, stream}), with a correct cross-reference table. */
export function pdfOf(objects: (string | { dict: string; stream: Buffer })[], trailer: string): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((object, index) => {
    offsets.push(length);
    const body =
      typeof object === 'string'
        ? Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1')
        : Buffer.concat([
            Buffer.from(`${index + 1} 0 obj\n<<${object.dict}/Length ${object.stream.length}>>\nstream\n`, 'latin1'),
            object.stream,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ]);
    parts.push(body);
    length += body.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<</Size ${objects.length + 1}/Root 1 0 R${trailer}>>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** What a PDF says about its author and its making: the Info dictionary and the XMP packet. */
export const PDF_SECRETS = ['Noor Saleh', 'Receipt of Noor', 'NoorsLaptop Word 16.0', 'xmp:CreatorTool>Scanner of Noor'];

const pdfPage = '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R>>';
const pdfContent = { dict: '', stream: Buffer.from('BT /F1 12 Tf 20 100 Td (Total 42.00) Tj ET', 'latin1') };

/** A one-page receipt PDF with an Info dictionary and an XMP metadata stream. */
export function pdfWithMetadata(): Buffer {
  const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>${PDF_SECRETS[0]}</dc:creator><${PDF_SECRETS[3]}</xmp:CreatorTool></x:xmpmeta><?xpacket end="w"?>`;
  return pdfOf(
    [
      '<</Type/Catalog/Pages 2 0 R/Metadata 5 0 R/OpenAction[3 0 R/Fit]>>',
      '<</Type/Pages/Kids[3 0 R]/Count 1>>',
      pdfPage,
      pdfContent,
      { dict: '/Type/Metadata/Subtype/XML', stream: Buffer.from(xmp, 'latin1') },
      `<</Author(${PDF_SECRETS[0]})/Title(${PDF_SECRETS[1]} \\(copy\\) <<draft>>)/Creator(${PDF_SECRETS[2]})/CreationDate(D:20250301120000+03'00')>>`,
    ],
    '/Info 6 0 R',
  );
}

/** The same receipt whose catalog runs a script when opened; `name` may be written with #xx escapes. */
export function pdfWithScript(name = '/JavaScript'): Buffer {
  return pdfOf(
    ['<</Type/Catalog/Pages 2 0 R/OpenAction 5 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', pdfPage, pdfContent, `<</S${name}/JS(app.alert\\('hi'\\))>>`],
    '',
  );
}

/** A PDF 1.5 with its objects (a script action, the Info dictionary) packed in a compressed object stream. */
export function pdfWithObjectStream(packed: 'script' | 'info'): Buffer {
  const inner = packed === 'script' ? '<</S/JavaScript/JS(app.alert\\(1\\))>>' : `<</Author(${PDF_SECRETS[0]})/Producer(${PDF_SECRETS[2]})>>`;
  const header = '6 0 ';
  const content = Buffer.from(`${header}${inner}`, 'latin1');
  const stream = zlib.deflateSync(content);
  return pdfOf(
    [
      '<</Type/Catalog/Pages 2 0 R>>',
      '<</Type/Pages/Kids[3 0 R]/Count 1>>',
      pdfPage,
      pdfContent,
      { dict: `/Type/ObjStm/N 1/First ${header.length}/Filter/FlateDecode`, stream },
    ],
    packed === 'info' ? '/Info 6 0 R' : '',
  );
}

/** An HTML page with a PDF after it (PDF readers look for %PDF in the first kilobyte). */
export const htmlBeforePdf = () => Buffer.concat([Buffer.from('<html><body><script>alert(1)</script></body></html>\n', 'latin1'), tinyPdf()]);

/** A PDF with an HTML page after its end. */
export const pdfThenHtml = () => Buffer.concat([tinyPdf(), Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>', 'latin1')]);
