// The PDF check's parts: inflating within a budget, predictors both ways, and the
// worker pool that cleans uploads off the request thread within a time budget.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeFlate, encodeFlate, flateStep, InflateBudgetSpent } from '../../src/server/features/uploads/pdf-filters.ts';
import { cleanUploadInWorker } from '../../src/server/features/uploads/inspection-pool.ts';
import { FileRefused } from '../../src/server/features/uploads/clean-upload.ts';
import { PdfRefused, stripPdfMetadata } from '../../src/server/features/uploads/pdf-metadata.ts';
import { MB, pdfWithScript, tinyPdf } from '../support/files.ts';
import { manyObjects, pngSubRows, tiffRows, zerosDeflated, zipBombPdf } from '../support/hostile-pdfs.ts';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof PdfRefused ? error.problem : error;
  }
  return 'accepted';
};

describe('inflating object streams', () => {
  it('stops a zip bomb (400 MB of zeros in 400 KB) at the budget: refused at once, and memory does not grow', () => {
    const bomb = zipBombPdf(400 * MB);
    expect(bomb.length).toBeLessThan(MB);
    const before = process.memoryUsage();
    const started = performance.now();
    expect(refusal(() => stripPdfMetadata(bomb))).toBe('fileDamaged');
    expect(performance.now() - started).toBeLessThan(1_000);
    const after = process.memoryUsage();
    expect(after.heapUsed - before.heapUsed).toBeLessThan(64 * MB);
    expect(after.rss - before.rss).toBeLessThan(128 * MB);
  });

  it('inflates no more than the budget, whatever the data says', () => {
    const budget = { bytes: 10 * MB };
    expect(() => decodeFlate(zerosDeflated(20 * MB), [flateStep(null)], budget)).toThrow(InflateBudgetSpent);
    const fits = { bytes: 10 * MB };
    expect(decodeFlate(zerosDeflated(MB), [flateStep(null)], fits).length).toBe(MB);
    expect(fits.bytes).toBe(9 * MB);
  });

  it('undoes PNG and TIFF predictors the way readers do, and writes them back', () => {
    const content = Buffer.from('5 0 <</S/JavaScript/JS(app.alert\\(1\\))>> and more text to fill several rows', 'latin1');
    const png = zlib.deflateSync(pngSubRows(content, 8));
    const tiff = zlib.deflateSync(tiffRows(content, 8));
    expect(zlib.inflateSync(png).includes('JavaScript')).toBe(false);
    expect(zlib.inflateSync(tiff).includes('JavaScript')).toBe(false);
    const pngStep = flateStep({ Predictor: 12, Columns: 8 });
    const tiffStep = flateStep({ Predictor: 2, Colors: 1, BitsPerComponent: 8, Columns: 8 });
    expect(decodeFlate(png, [pngStep], { bytes: MB })).toEqual(content);
    expect(decodeFlate(tiff, [tiffStep], { bytes: MB })).toEqual(content);
    for (const steps of [[pngStep], [tiffStep], [flateStep({ Predictor: 2, Colors: 3, BitsPerComponent: 16, Columns: 5 })], [pngStep, tiffStep]]) {
      expect(decodeFlate(encodeFlate(content, steps), steps, { bytes: MB })).toEqual(content);
    }
  });

  it('refuses predictors and parameters no reader decodes', () => {
    expect(() => flateStep({ Predictor: 7 })).toThrow();
    expect(() => flateStep({ Predictor: 12, Columns: 0 })).toThrow();
    expect(() => flateStep({ Predictor: 2, BitsPerComponent: 4 })).toThrow();
  });
});

describe('cleaning uploads in a worker thread', () => {
  const refusedFor = (reason: string) => (error: unknown) => error instanceof FileRefused && error.reason === reason;

  it('answers with the cleaned file, or the refusal the check gives', async () => {
    expect(await cleanUploadInWorker(tinyPdf(), 'application/pdf', 'a client')).toEqual(tinyPdf());
    await expect(cleanUploadInWorker(pdfWithScript(), 'application/pdf', 'a client')).rejects.toSatisfy(refusedFor('fileActiveContent'));
  });

  it('stops a file that takes longer than its budget, refuses it as damaged, and goes on with a new worker', async () => {
    const slow = manyObjects(10 * MB);
    const started = performance.now();
    await expect(cleanUploadInWorker(slow, 'application/pdf', 'a client', 5)).rejects.toSatisfy(refusedFor('fileDamaged'));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await cleanUploadInWorker(tinyPdf(), 'application/pdf', 'a client')).toEqual(tinyPdf());
  });
});
