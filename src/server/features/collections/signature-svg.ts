// A stored signature ({strokes: [[[x, y], ...], ...], aspect}, points relative to the pad) drawn
// as SVG by the server. Every character of the answer is written here: numbers are read as
// numbers and formatted, nothing from the stored data is copied into the markup (the old system
// stored the page's SVG and injected it as HTML).

/** Height of the drawing in SVG units; the width follows the pad's aspect. */
const HEIGHT = 300;
const PEN_WIDTH = 3.5;

const unit = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : null);
/** At most two decimals, no exponent, no trailing zeros. */
const format = (value: number): string => String(Math.round(value * 100) / 100);

function points(stroke: unknown): [number, number][] {
  if (!Array.isArray(stroke)) return [];
  return stroke.flatMap((point) => {
    const x = Array.isArray(point) ? unit(point[0]) : null;
    const y = Array.isArray(point) ? unit(point[1]) : null;
    return x === null || y === null ? [] : [[x, y] as [number, number]];
  });
}

/** The `d` of one stroke; a single point becomes a dot (zero-length line with round caps). */
function pathData(stroke: [number, number][], width: number): string {
  const [first, ...rest] = stroke.map(([x, y]) => `${format(x * width)} ${format(y * HEIGHT)}`);
  return rest.length ? `M${first} L${rest.join(' L')}` : `M${first} l0 0`;
}

export interface SignatureStrokes {
  /** Points from 0 to 1 across and down the pad. */
  strokes: [number, number][][];
  /** The pad's width over its height. */
  aspect: number;
}

/** The strokes of a stored signature, read as numbers only (also drawn as vectors in the guest's PDF copy), or null when there is none. */
export function signatureStrokes(value: unknown): SignatureStrokes | null {
  if (!value || typeof value !== 'object') return null;
  const { strokes, aspect } = value as { strokes?: unknown; aspect?: unknown };
  const ratio = typeof aspect === 'number' && Number.isFinite(aspect) ? Math.min(10, Math.max(0.1, aspect)) : 3;
  const drawn = (Array.isArray(strokes) ? strokes : []).map(points).filter((stroke) => stroke.length > 0);
  return drawn.length === 0 ? null : { strokes: drawn, aspect: ratio };
}

/** The SVG document, or null when the value holds no stroke to draw. */
export function signatureSvg(value: unknown): string | null {
  const signature = signatureStrokes(value);
  if (!signature) return null;
  const width = Math.round(HEIGHT * signature.aspect);
  const drawn = signature.strokes;
  const paths = drawn.map((stroke) => `<path d="${pathData(stroke, width)}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${HEIGHT}" width="${width}" height="${HEIGHT}">` +
    `<rect width="${width}" height="${HEIGHT}" fill="#fff"/>` +
    `<g fill="none" stroke="#000" stroke-width="${PEN_WIDTH}" stroke-linecap="round" stroke-linejoin="round">${paths}</g></svg>`
  );
}

export const SIGNATURE_SVG_HEIGHT = HEIGHT;
