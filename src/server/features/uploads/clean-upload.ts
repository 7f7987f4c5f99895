// What the server keeps of an accepted file: the picture or document without metadata, or a
// refusal the guest can act on. A type is accepted only when its metadata can be removed here
// (JPEG, PNG, WebP, PDF); others, such as HEIC, GIF or AVIF, are refused even if a form lists them.
import type { MessageKey } from '../../../engine/text/messages.ts';
import { stripJpegMetadata, stripPngMetadata, stripWebpMetadata } from './strip-metadata.ts';
import { PdfRefused, stripPdfMetadata } from './pdf-metadata.ts';

export class FileRefused extends Error {
  constructor(readonly reason: MessageKey) {
    super(reason);
  }
}

/** Each type's cleaner, and what a cleaned file must still hold to draw anything (else it was damaged). */
const CLEANERS: Record<string, { clean: (bytes: Buffer) => Buffer; draws: (cleaned: Buffer) => boolean }> = {
  'image/jpeg': { clean: stripJpegMetadata, draws: (cleaned) => cleaned.includes(Buffer.from([0xff, 0xda])) }, // a start of scan
  'image/png': { clean: stripPngMetadata, draws: (cleaned) => cleaned.includes(Buffer.from('IHDR')) },
  'image/webp': { clean: stripWebpMetadata, draws: (cleaned) => cleaned.length > 12 },
  'application/pdf': { clean: stripPdfMetadata, draws: () => true },
};

export const canClean = (mimeType: string) => Object.hasOwn(CLEANERS, mimeType);

/**
 * Markup a browser would run if it ever took the file for a page (an image or PDF that is also an
 * HTML document). Matched without regard to case; an innocent photo holds one of these by chance
 * about once in thousands of large files.
 */
const MARKUP = /<(html|script|iframe|body|!doctype\s+html)[\s>/]/i;

export function cleanUpload(bytes: Buffer, mimeType: string): Buffer {
  const cleaner = CLEANERS[mimeType];
  if (!cleaner) throw new FileRefused('fileType');
  if (MARKUP.test(bytes.toString('latin1'))) throw new FileRefused('fileMarkup');
  try {
    const cleaned = cleaner.clean(bytes);
    if (!cleaner.draws(cleaned)) throw new FileRefused('fileDamaged');
    return cleaned;
  } catch (error) {
    if (error instanceof PdfRefused) throw new FileRefused(error.problem);
    throw error;
  }
}
