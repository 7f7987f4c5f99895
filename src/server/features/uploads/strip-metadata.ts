// Photos from phones carry where and when they were taken, the device and sometimes the owner's
// name (EXIF, XMP, IPTC, comments, PNG text chunks). A receipt or a whistle-blower's evidence must
// not reveal that, so the server rewrites each image from an allow-list of the parts that draw
// the picture: anything else (metadata, unknown or private parts, junk between parts, bytes after
// the end of the image or of a truncated part) is dropped wherever it sits in the file.

const JPEG_APP0 = 0xe0;
const JPEG_APP1 = 0xe1;
const JPEG_APP14 = 0xee;
const JPEG_SOS = 0xda;
const JPEG_EOI = 0xd9;
const JPEG_SOI = 0xd8;
const EXIF_ORIENTATION = 0x0112;

/** Frame headers, Huffman/arithmetic/quantisation tables, restart interval, scans: the picture. */
const JPEG_PICTURE_MARKERS = new Set([
  ...Array.from({ length: 16 }, (_, index) => 0xc0 + index).filter((marker) => marker !== 0xc8), // SOFn, DHT, DAC (not the reserved JPG)
  0xdb, // DQT
  0xdc, // DNL
  0xdd, // DRI
  0xde, // DHP
  0xdf, // EXP
  JPEG_SOS,
]);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Chunks that draw the picture (including colour and animation); text, EXIF, time and private chunks are not among them. */
const PNG_PICTURE_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCV',
  'mDCv',
  'cLLI',
  'cLLi',
  'bKGD',
  'hIST',
  'pHYs',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
]);
const WEBP_PICTURE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

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
  // Only the entries the segment holds: a count it does not hold would be read for every APP1 segment of the file.
  const held = Math.min(count, Math.floor((segment.length - tiff - ifd - 2) / 12));
  for (let index = 0; index < held; index++) {
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

/** JFIF's APP0 says how to read the pixels; its optional thumbnail may show what was cropped away, so only the fixed part is kept. */
function jfifSegment(segment: Buffer): Buffer | null {
  if (segment.length < 18 || ascii(segment, 4, 9) !== 'JFIF\0') return null;
  const kept = Buffer.from(segment.subarray(0, 18));
  kept.writeUInt16BE(16, 2);
  kept[16] = 0; // thumbnail width
  kept[17] = 0; // thumbnail height
  return kept;
}

/** Adobe's APP14 holds only colour-decoding flags (fixed 12 bytes); without it CMYK photos show wrong colours. */
function adobeSegment(segment: Buffer): Buffer | null {
  if (segment.length < 16 || ascii(segment, 4, 9) !== 'Adobe') return null;
  const kept = Buffer.from(segment.subarray(0, 16));
  kept.writeUInt16BE(14, 2);
  return kept;
}

/** Where the entropy-coded data after a start-of-scan ends: at the next real marker. */
function scanEnd(bytes: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at === -1 || at + 1 >= bytes.length) return bytes.length;
    const next = bytes[at + 1];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7))
      at += 2; // stuffed byte or restart marker
    else if (next === 0xff)
      at += 1; // fill byte before a marker
    else return at;
  }
}

export function stripJpegMetadata(bytes: Buffer): Buffer {
  if (bytes[0] !== 0xff || bytes[1] !== JPEG_SOI) return Buffer.alloc(0);
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let orientationAt = -1;
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) {
      // Junk between segments (decoders skip it, some metadata readers do not): dropped, and parsing goes on at the next marker.
      at = bytes.indexOf(0xff, at);
      if (at === -1) break;
      continue;
    }
    if (bytes[at + 1] === 0xff) {
      at++; // fill bytes between segments
      continue;
    }
    const marker = bytes[at + 1];
    if (marker === JPEG_EOI) {
      kept.push(bytes.subarray(at, at + 2)); // whatever follows the image (e.g. an appended video) is dropped
      break;
    }
    if (marker === 0x00 || marker === 0x01 || marker === JPEG_SOI || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // stand-alone markers outside a scan carry nothing the picture needs
      continue;
    }
    if (at + 4 > bytes.length) break;
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    if (end > bytes.length || end < at + 4) break; // a truncated segment: the rest is dropped
    const segment = bytes.subarray(at, end);
    at = end;
    if (JPEG_PICTURE_MARKERS.has(marker)) kept.push(segment);
    else if (marker === JPEG_APP0 || marker === JPEG_APP14) {
      const fixed = marker === JPEG_APP0 ? jfifSegment(segment) : adobeSegment(segment);
      if (fixed) kept.push(fixed);
    } else if (marker === JPEG_APP1 && orientation === null) {
      orientation = exifOrientation(segment);
      orientationAt = kept.length;
    }
    if (marker === JPEG_SOS) {
      const dataEnd = scanEnd(bytes, at);
      kept.push(bytes.subarray(at, dataEnd));
      at = dataEnd;
    }
  }
  if (orientation !== null) kept.splice(orientationAt, 0, orientationSegment(orientation));
  return Buffer.concat(kept);
}

export function stripPngMetadata(bytes: Buffer): Buffer {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return Buffer.alloc(0);
  const kept: Buffer[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const end = at + 12 + bytes.readUInt32BE(at);
    if (end > bytes.length) break; // a truncated chunk: the rest is dropped
    const type = ascii(bytes, at + 4, at + 8);
    if (PNG_PICTURE_CHUNKS.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break; // whatever follows the image is dropped
  }
  return Buffer.concat(kept);
}

export function stripWebpMetadata(bytes: Buffer): Buffer {
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 12) !== 'WEBP') return Buffer.alloc(0);
  const kept: Buffer[] = [Buffer.from(bytes.subarray(0, 12))];
  const riffEnd = Math.min(bytes.length, 8 + bytes.readUInt32LE(4));
  let at = 12;
  while (at + 8 <= riffEnd) {
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd + (size % 2)) break; // a truncated chunk: the rest is dropped
    const fourcc = ascii(bytes, at, at + 4);
    if (WEBP_PICTURE_CHUNKS.has(fourcc)) {
      const chunk = Buffer.from(bytes.subarray(at, Math.min(end, bytes.length)));
      if (fourcc === 'VP8X' && chunk.length > 8) chunk[8] &= ~0x0c; // the "has EXIF" and "has XMP" flags
      kept.push(chunk);
    }
    at = end;
  }
  const result = Buffer.concat(kept);
  result.writeUInt32LE(result.length - 8, 4);
  return result;
}
