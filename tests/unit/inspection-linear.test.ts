// The upload check's work grows with the file's size, whatever its shape: each structure that an
// attacker can repeat (object stream headers, stream lengths, EXIF directories) at a size where a
// quadratic reading takes many seconds (minutes for some) is read here in well under two (about
// 0.3 s on an idle core).
import { describe, expect, it } from 'vitest';
import { stripPdfMetadata } from '../../src/server/features/uploads/pdf-metadata.ts';
import { stripJpegMetadata } from '../../src/server/features/uploads/strip-metadata.ts';
import { MB, tinyJpeg } from '../support/files.ts';
import { lengthsIntoSpaces, packedInfoHeaders } from '../support/hostile-pdfs.ts';

/** What `run` took, in ms (it may refuse the file: only the time counts here). */
function timeOf(run: () => unknown): number {
  const started = performance.now();
  try {
    run();
  } catch {
    // a refusal is an answer too
  }
  return performance.now() - started;
}

describe('the PDF check is linear', () => {
  it("the issue's file: three object streams listing object 5 (the /Info) at 100,000 offsets each", () => {
    const file = packedInfoHeaders(100_000, 3);
    expect(file.length).toBeGreaterThan(2 * MB);
    // Quadratic (each offset looked up in every other): about 1.5e10 steps, minutes.
    expect(timeOf(() => stripPdfMetadata(file))).toBeLessThan(2_000);
  });

  it('5,000 streams whose /Length points past their end, into 2 MB of spaces', () => {
    const file = lengthsIntoSpaces(5_000, 2 * MB);
    // Each stream's length read from there on: 1e10 steps.
    expect(timeOf(() => stripPdfMetadata(file))).toBeLessThan(2_000);
  });
});

describe('the photo cleaner is linear', () => {
  it('a JPEG of 1 MB of EXIF segments, each announcing 65,535 directory entries it does not hold', () => {
    const segment = Buffer.alloc(20);
    segment.writeUInt16BE(0xffe1, 0);
    segment.writeUInt16BE(18, 2);
    segment.write('Exif\0\0MM', 4, 'latin1');
    segment.writeUInt16BE(0x002a, 12);
    segment.writeUInt32BE(8, 14);
    segment.writeUInt16BE(0xffff, 18);
    const jpeg = tinyJpeg();
    const file = Buffer.concat([jpeg.subarray(0, 2), ...Array.from({ length: MB / segment.length }, () => segment), jpeg.subarray(2)]);
    // 52,000 segments × 65,535 entries: 3.4e9 steps.
    expect(timeOf(() => stripJpegMetadata(file))).toBeLessThan(2_000);
  });
});
