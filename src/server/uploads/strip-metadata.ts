// Photos from phones carry where and when they were taken, the device and sometimes the owner's
// name (EXIF, XMP, IPTC, comments, PNG text chunks). A receipt or a whistle-blower's evidence must
// not reveal that, so the server removes it from the bytes before keeping the file. The image
// data itself is copied untouched; a part that cannot be parsed is kept as it is, since a file
// the decoder cannot read would not show its metadata either.

const JPEG_APP1 = 0xe1;
const JPEG_APP14 = 0xee;
const JPEG_COM = 0xfe;
const JPEG_SOS = 0xda;
const JPEG_EOI = 0xd9;
const EXIF_ORIENTATION = 0x0112;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_TEXT_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf']);
const WEBP_METADATA_CHUNKS = new Set(['EXIF', 'XMP ']);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The EXIF orientation (2..8) in an APP1 segment, so photos taken sideways still show upright. */
function exifOrientation(segment: Buffer): number | null {
  const tiff = 10; // FF E1, length, "Exif\0\0"
  if (segment.length < tiff + 8 || ascii(segment, 4, 10) !== 'Exif\0\0') return null;
  const little = ascii(segment, tiff, tiff + 2) === 'II';
  const u16 = (at: number) => (at + 2 <= segment.length ? (little ? segment.readUInt16LE(at) : segment.readUInt16BE(at)) : null);
  const u32 = (at: number) => (at + 4 <= segment.length ? (little ? segment.readUInt32LE(at) : segment.readUInt32BE(at)) : null);
  const ifd = u32(tiff + 4);
  const count = ifd === null ? null : u16(tiff + ifd);
  if (ifd === null || count === null) return null;
  for (let index = 0; index < count; index++) {
    const entry = tiff + ifd + 2 + index * 12;
    if (u16(entry) === EXIF_ORIENTATION) {
      const value = u16(entry + 8);
      return value !== null && value >= 2 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding only the orientation tag. */
function orientationSegment(orientation: number): Buffer {
  const segment = Buffer.alloc(36);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(34, 2);
  segment.write('Exif\0\0MM', 4, 'latin1');
  segment.writeUInt16BE(0x002a, 12);
  segment.writeUInt32BE(8, 14); // IFD0 right after the TIFF header
  segment.writeUInt16BE(1, 18); // one entry
  segment.writeUInt16BE(EXIF_ORIENTATION, 20);
  segment.writeUInt16BE(3, 22); // SHORT
  segment.writeUInt32BE(1, 24);
  segment.writeUInt16BE(orientation, 28); // 2 padding bytes, then "no next IFD", stay zero
  return segment;
}

/** Adobe's APP14 holds only colour-decoding flags; without it CMYK photos show wrong colours. */
const isAdobe = (segment: Buffer) => ascii(segment, 4, 9) === 'Adobe';

/** Where the entropy-coded data after a start-of-scan ends: at the next real marker. */
function scanEnd(bytes: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at === -1 || at + 1 >= bytes.length) return bytes.length;
    const next = bytes[at + 1];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2; // stuffed byte or restart marker
    else if (next === 0xff) at += 1; // fill byte before a marker
    else return at;
  }
}

export function stripJpegMetadata(bytes: Buffer): Buffer {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return bytes;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let orientationAt = -1;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) break;
    while (bytes[at + 1] === 0xff) at++; // fill bytes between segments
    const marker = bytes[at + 1];
    if (marker === undefined) break;
    if (marker === JPEG_EOI) {
      kept.push(bytes.subarray(at, at + 2));
      at = bytes.length; // whatever follows the image (e.g. an appended video) is dropped
      break;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) break;
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    if (end > bytes.length || end < at + 4) break;
    const segment = bytes.subarray(at, end);
    const isMetadata = marker === JPEG_COM || (marker >= JPEG_APP1 && marker <= 0xef && !(marker === JPEG_APP14 && isAdobe(segment)));
    if (!isMetadata) kept.push(segment); // APP0 (JFIF) stays: it says how to read the pixels
    else if (marker === JPEG_APP1 && orientation === null) {
      orientation = exifOrientation(segment);
      orientationAt = kept.length;
    }
    at = end;
    if (marker === JPEG_SOS) {
      const dataEnd = scanEnd(bytes, at);
      kept.push(bytes.subarray(at, dataEnd));
      at = dataEnd;
    }
  }
  if (at < bytes.length) kept.push(bytes.subarray(at));
  if (orientation !== null) kept.splice(orientationAt, 0, orientationSegment(orientation));
  return Buffer.concat(kept);
}

export function stripPngMetadata(bytes: Buffer): Buffer {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return bytes;
  const kept: Buffer[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const end = at + 12 + bytes.readUInt32BE(at);
    if (end > bytes.length) break;
    const type = ascii(bytes, at + 4, at + 8);
    if (!PNG_TEXT_CHUNKS.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
  kept.push(bytes.subarray(at));
  return Buffer.concat(kept);
}

export function stripWebpMetadata(bytes: Buffer): Buffer {
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 12) !== 'WEBP') return bytes;
  const kept: Buffer[] = [Buffer.from(bytes.subarray(0, 12))];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    const end = Math.min(bytes.length, at + 8 + size + (size % 2));
    const fourcc = ascii(bytes, at, at + 4);
    if (!WEBP_METADATA_CHUNKS.has(fourcc)) {
      const chunk = Buffer.from(bytes.subarray(at, end));
      if (fourcc === 'VP8X' && chunk.length > 8) chunk[8] &= ~0x0c; // the "has EXIF" and "has XMP" flags
      kept.push(chunk);
    }
    at = end;
  }
  kept.push(bytes.subarray(at));
  const result = Buffer.concat(kept);
  result.writeUInt32LE(result.length - 8, 4);
  return result;
}

const STRIPPERS: Record<string, (bytes: Buffer) => Buffer> = {
  'image/jpeg': stripJpegMetadata,
  'image/png': stripPngMetadata,
  'image/webp': stripWebpMetadata,
};

/** Whether the layout of this type is known here (other files are kept as sent). */
export const canStripMetadata = (mimeType: string) => Object.hasOwn(STRIPPERS, mimeType);

/** The file's bytes without metadata. */
export function stripImageMetadata(bytes: Buffer, mimeType: string): Buffer {
  return canStripMetadata(mimeType) ? STRIPPERS[mimeType](bytes) : bytes;
}
