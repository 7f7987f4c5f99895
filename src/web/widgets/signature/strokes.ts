// A signature is data, not a picture: strokes of points relative to the pad (0..1 on each axis)
// and the pad's width/height ratio when it was signed. Any size of pad or image is drawn from
// these numbers, so a resize or a rotation never loses or distorts it.
import { SIGNATURE_LIMITS } from '../../../engine/fields/limits.ts';

export type Point = [number, number];
export type Stroke = Point[];
export interface SignatureValue {
  strokes: Stroke[];
  aspect: number;
}

/** Points closer than this (in pad units, 0..1) add nothing visible and are dropped. */
export const MIN_STEP = 0.003;
const ASPECT_RANGE = [0.1, 10] as const;

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
const unit = (n: number) => Math.min(1, Math.max(0, n));
const round = (n: number) => Math.round(n * 10000) / 10000;

/** The strokes of a value that has the signature's shape; anything else (a draft from an older page, text) is no signature. */
export function readSignature(value: unknown): SignatureValue | null {
  if (!value || typeof value !== 'object') return null;
  const { strokes, aspect } = value as Partial<SignatureValue>;
  if (!Array.isArray(strokes) || !finite(aspect)) return null;
  const clean = strokes
    .filter(Array.isArray)
    .map((stroke) => stroke.filter((p): p is Point => Array.isArray(p) && finite(p[0]) && finite(p[1])).map(([x, y]): Point => [unit(x), unit(y)]))
    .filter((stroke) => stroke.length > 0);
  return clean.length ? { strokes: clean, aspect: clampAspect(aspect) } : null;
}

export function clampAspect(aspect: number): number {
  return Math.round(Math.min(ASPECT_RANGE[1], Math.max(ASPECT_RANGE[0], aspect)) * 1000) / 1000;
}

/** Where a signature of `aspect` sits in a box of width × height: as large as fits, centred. */
export interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}
export function frameIn(width: number, height: number, aspect: number): Frame {
  const frameHeight = Math.min(height, width / aspect);
  const frameWidth = frameHeight * aspect;
  return { x: (width - frameWidth) / 2, y: (height - frameHeight) / 2, width: frameWidth, height: frameHeight };
}

export function toBox(point: Point, frame: Frame): Point {
  return [frame.x + point[0] * frame.width, frame.y + point[1] * frame.height];
}

/** A position in the box (pixels) as a signature point, kept inside the signature's frame. */
export function fromBox(x: number, y: number, frame: Frame): Point {
  return [round(unit((x - frame.x) / frame.width)), round(unit((y - frame.y) / frame.height))];
}

/** Whether `point` is far enough from the stroke's last point to be kept. */
export function farEnough(stroke: Stroke, point: Point): boolean {
  const last = stroke[stroke.length - 1];
  return !last || Math.max(Math.abs(point[0] - last[0]), Math.abs(point[1] - last[1])) >= MIN_STEP;
}

/** A stroke within the schema's point limit: every other point is dropped (ends kept) until it fits. */
export function fitStroke(stroke: Stroke, max: number = SIGNATURE_LIMITS.pointsPerStroke): Stroke {
  let points = stroke;
  while (points.length > max) {
    const last = points[points.length - 1];
    points = points.filter((_, i) => i % 2 === 0);
    if (points[points.length - 1] !== last) points.push(last);
  }
  return points;
}

export const MAX_STROKES = SIGNATURE_LIMITS.strokes;

/**
 * The keyboard alternative: a fixed, visible flourish (a looped line over an underline). It is
 * deliberately not a rendering of the person's name: the intent to sign is carried by the
 * person choosing it, by the form's own required acknowledgement next to it and by the
 * evidence record the server keeps (language, time, definition hash).
 */
export function flourish(aspect: number): SignatureValue {
  const loops: Stroke = [];
  const samples = 90;
  for (let i = 0; i <= samples; i++) {
    const t = i / samples;
    const x = 0.12 + 0.74 * t + 0.045 * Math.sin(t * Math.PI * 8);
    const y = 0.5 - 0.16 * Math.cos(t * Math.PI * 8) * (1 - 0.4 * t) - 0.06 * Math.sin(t * Math.PI);
    loops.push([round(unit(x)), round(unit(y))]);
  }
  const underline: Stroke = [
    [0.1, 0.8],
    [0.5, 0.78],
    [0.9, 0.74],
  ];
  return { strokes: [loops, underline], aspect: clampAspect(aspect) };
}

/** An SVG path for one stroke in a width × height drawing: "M x y L x y ..."; a single point is a dot. */
export function strokePath(stroke: Stroke, frame: Frame): string {
  const parts = stroke.map((point, i) => {
    const [x, y] = toBox(point, frame);
    return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
  });
  if (stroke.length === 1) parts.push('l0 0');
  return parts.join(' ');
}
