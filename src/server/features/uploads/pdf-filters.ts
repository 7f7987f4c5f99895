// The stream filters the PDF check reads object streams through: Flate (zlib), once or chained,
// each with its optional predictor (PNG rows 10-15, TIFF 2). Inflating stops at a byte budget
// shared by the whole file, so a small stream that inflates to gigabytes (a zip bomb) costs no
// more than the budget. Anything else (other filters, parameters given by reference, unknown
// predictors) cannot be read here, and the caller refuses the file as one it cannot inspect.
import zlib from 'node:zlib';

export class FilterUnsupported extends Error {}

/** One Flate step and its /DecodeParms. */
export interface FlateStep {
  predictor: number;
  colors: number;
  bitsPerComponent: number;
  columns: number;
}

/** How many bytes may still be inflated for this file; every step takes its output from it. */
export interface InflateBudget {
  bytes: number;
}

export class InflateBudgetSpent extends Error {}

const NO_PREDICTOR: FlateStep = { predictor: 1, colors: 1, bitsPerComponent: 8, columns: 1 };

/** The step for a /DecodeParms dictionary's integers (null: none given). Throws for values no reader decodes. */
export function flateStep(params: { Predictor?: number; Colors?: number; BitsPerComponent?: number; Columns?: number } | null): FlateStep {
  if (!params) return NO_PREDICTOR;
  const step = { predictor: params.Predictor ?? 1, colors: params.Colors ?? 1, bitsPerComponent: params.BitsPerComponent ?? 8, columns: params.Columns ?? 1 };
  const { predictor, colors, bitsPerComponent, columns } = step;
  if (![1, 2, 10, 11, 12, 13, 14, 15].includes(predictor)) throw new FilterUnsupported(`predictor ${predictor}`);
  if (predictor === 1) return step;
  if (!(colors >= 1 && colors <= 32 && columns >= 1 && columns <= 1 << 24)) throw new FilterUnsupported('predictor parameters');
  if (![1, 2, 4, 8, 16].includes(bitsPerComponent) || (predictor === 2 && bitsPerComponent < 8)) throw new FilterUnsupported('bits per component');
  return step;
}

const rowBytesOf = (step: FlateStep) => Math.ceil((step.columns * step.colors * step.bitsPerComponent) / 8);
const pixelBytesOf = (step: FlateStep) => Math.max(1, Math.ceil((step.colors * step.bitsPerComponent) / 8));

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Undoes PNG row filters: each row is a filter-type byte, then the row. A short last row is decoded as far as it goes. */
function unpredictPng(data: Buffer, step: FlateStep): Buffer {
  const rowBytes = rowBytesOf(step);
  const bpp = pixelBytesOf(step);
  const out = Buffer.alloc(data.length - Math.ceil(data.length / (rowBytes + 1)));
  let read = 0;
  let write = 0;
  while (read < data.length) {
    const type = data[read++];
    const row = write;
    const end = Math.min(read + rowBytes, data.length);
    const prev = row - rowBytes; // the previous row in `out`; negative on the first row (zeros)
    for (let index = 0; read < end; index++, read++, write++) {
      const up = prev >= 0 ? out[prev + index] : 0;
      const left = index >= bpp ? out[write - bpp] : 0;
      const upLeft = index >= bpp && prev >= 0 ? out[prev + index - bpp] : 0;
      let predicted: number;
      if (type === 0) predicted = 0;
      else if (type === 1) predicted = left;
      else if (type === 2) predicted = up;
      else if (type === 3) predicted = (left + up) >> 1;
      else if (type === 4) predicted = paeth(left, up, upLeft);
      else throw new FilterUnsupported(`PNG row filter ${type}`);
      out[write] = (data[read] + predicted) & 0xff;
    }
  }
  return out.subarray(0, write);
}

/** Undoes (or, with `encode`, applies) TIFF predictor 2: each sample is the difference from the one to its left. */
function tiffPredictor(data: Buffer, step: FlateStep, encode: boolean): Buffer {
  const rowBytes = rowBytesOf(step);
  const out = Buffer.from(data);
  const wide = step.bitsPerComponent === 16;
  const stride = step.colors * (wide ? 2 : 1);
  for (let row = 0; row < out.length; row += rowBytes) {
    const end = Math.min(row + rowBytes, out.length);
    if (!wide) {
      if (encode) for (let at = end - 1; at >= row + stride; at--) out[at] = (out[at] - out[at - stride]) & 0xff;
      else for (let at = row + stride; at < end; at++) out[at] = (out[at] + out[at - stride]) & 0xff;
      continue;
    }
    const sample = (at: number) => (out[at] << 8) | out[at + 1];
    const put = (at: number, value: number) => {
      out[at] = (value >> 8) & 0xff;
      out[at + 1] = value & 0xff;
    };
    const last = end - 2 - ((end - row) % 2); // the last whole sample of the row
    if (encode) for (let at = last; at >= row + stride; at -= 2) put(at, sample(at) - sample(at - stride));
    else for (let at = row + stride; at + 1 < end; at += 2) put(at, sample(at) + sample(at - stride));
  }
  return out;
}

function inflateWithin(data: Buffer, budget: InflateBudget): Buffer {
  let inflated: Buffer;
  try {
    // Never more than the budget: zlib stops there instead of filling memory.
    inflated = zlib.inflateSync(data, { maxOutputLength: Math.max(1, budget.bytes) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new InflateBudgetSpent();
    throw new FilterUnsupported('damaged Flate data');
  }
  budget.bytes -= inflated.length;
  if (budget.bytes < 0) throw new InflateBudgetSpent();
  return inflated;
}

/** The stream's content through each Flate step in order (the first filter is applied first). */
export function decodeFlate(raw: Buffer, steps: FlateStep[], budget: InflateBudget): Buffer {
  let data = raw;
  for (const step of steps) {
    data = inflateWithin(data, budget);
    if (step.predictor === 2) data = tiffPredictor(data, step, false);
    else if (step.predictor >= 10) data = unpredictPng(data, step);
  }
  return data;
}

/** The inverse of decodeFlate: content that decodes back to `content` with the same steps (PNG rows use filter type 0). */
export function encodeFlate(content: Buffer, steps: FlateStep[]): Buffer {
  let data = content;
  for (const step of [...steps].reverse()) {
    if (step.predictor === 2) data = tiffPredictor(data, step, true);
    else if (step.predictor >= 10) {
      const rowBytes = rowBytesOf(step);
      const rows: Buffer[] = [];
      for (let at = 0; at < data.length; at += rowBytes) rows.push(Buffer.from([0]), data.subarray(at, at + rowBytes));
      data = Buffer.concat(rows);
    }
    data = zlib.deflateSync(data, { level: 9 });
  }
  return data;
}
