// Between our stored signature (points relative to its frame, no time) and signature_pad's drawing
// data (CSS pixels in the canvas, a time per point). signature_pad inks a point wider the slower the
// pen moved to it, so a stroke redrawn from our numbers is given the times of a steady hand.
import { clampAspect, farEnough, fitStroke, frameIn, fromBox, MAX_STROKES, toBox, type Frame, type SignatureValue, type Stroke } from './strokes.ts';

/** A point as signature_pad records and redraws it: CSS pixels from the canvas's top left, time in milliseconds. */
export interface PadPoint {
  x: number;
  y: number;
  time: number;
  color?: string;
}

/**
 * The pen speed of a redrawn stroke, in CSS pixels per millisecond: an even hand, which signature_pad
 * inks at about the middle of its widths (see PEN in SignaturePad.tsx), neither a blob nor a hairline.
 */
export const WRITING_SPEED = 0.6;
/** signature_pad replaces a time of 0 by "now", so a redrawn stroke starts a little after 0. */
const FIRST_TIME = 1;

/** A blank pad's shape, which a first stroke (or a mark) keeps as the signature's aspect. */
export function padAspect(width: number, height: number): number {
  return clampAspect(width / Math.max(height, 1));
}

/** Times (ms) for points drawn at WRITING_SPEED: each point is reached as far after the last as it lies from it. */
export function writingTimes(points: readonly (readonly [number, number])[]): number[] {
  let time = FIRST_TIME;
  return points.map(([x, y], i) => {
    if (i > 0) time += Math.hypot(x - points[i - 1][0], y - points[i - 1][1]) / WRITING_SPEED;
    return time;
  });
}

/**
 * A stored signature as signature_pad point groups on a pad of width × height (CSS pixels), for
 * fromData. signature_pad draws a stroke's curve only up to its second-to-last point (it waits for
 * the next point to shape the curve), so each stroke's last point is given twice more: the whole
 * stroke is inked, and a stroke of two or three points (a tick, the mark's underline) is not lost.
 */
export function toPadData(signature: SignatureValue | null, width: number, height: number, color: string): PadPoint[][] {
  if (!signature) return [];
  const frame = frameIn(width, height, signature.aspect);
  return signature.strokes.map((stroke) => {
    const pixels = stroke.map((point) => toBox(point, frame));
    const times = writingTimes(pixels);
    const points = pixels.map(([x, y], i): PadPoint => ({ x, y, time: times[i], color }));
    const last = points[points.length - 1];
    return points.length > 1 ? [...points, { ...last }, { ...last }] : points;
  });
}

/**
 * A stroke signature_pad recorded (pixels) as a stored stroke in `frame`: points closer than
 * MIN_STEP dropped, at most the schema's number of points. signature_pad 2.3 ends a stroke by
 * recording again a point from just before its end (meant for a dot), which would draw a hook
 * back: a point recorded twice (same place, same time) is kept once.
 */
export function fromPadStroke(points: readonly PadPoint[], frame: Frame): Stroke {
  const stroke: Stroke = [];
  const seen = new Set<string>();
  for (const { x, y, time } of points) {
    const key = `${x} ${y} ${time}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const point = fromBox(x, y, frame);
    if (farEnough(stroke, point)) stroke.push(point);
  }
  return fitStroke(stroke);
}

/**
 * The signature with the stroke signature_pad just recorded on a pad of width × height. A first
 * stroke gives the signature the pad's shape; a full signature (MAX_STROKES) is returned unchanged.
 */
export function addPadStroke(signature: SignatureValue | null, points: readonly PadPoint[], width: number, height: number): SignatureValue | null {
  if (!points.length || (signature?.strokes.length ?? 0) >= MAX_STROKES) return signature;
  const aspect = signature?.aspect ?? padAspect(width, height);
  const stroke = fromPadStroke(points, frameIn(width, height, aspect));
  return { strokes: [...(signature?.strokes ?? []), stroke], aspect };
}

/** Whether two signatures have the same numbers (the form hands back a copy of the value it was given). */
export function sameSignature(a: SignatureValue | null, b: SignatureValue | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.aspect === b.aspect &&
    a.strokes.length === b.strokes.length &&
    a.strokes.every((stroke, i) => stroke.length === b.strokes[i].length && stroke.every(([x, y], j) => x === b.strokes[i][j][0] && y === b.strokes[i][j][1]))
  );
}
