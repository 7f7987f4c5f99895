// The pixel size of a stored image, for the upload document's width and height (as Payload
// answers them). Read from the headers of the cleaned file: PNG's IHDR, JPEG's start-of-frame,
// WebP's VP8/VP8L/VP8X chunk. null for a PDF or a header we cannot read.

export interface Dimensions {
  width: number;
  height: number;
}

function png(bytes: Buffer): Dimensions | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, ...): C0-CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(bytes: Buffer): Dimensions | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    if (isStartOfFrame(marker)) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or pixel data before any frame header
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

function webp(bytes: Buffer): Dimensions | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

export function imageDimensions(bytes: Buffer, mimeType: string): Dimensions | null {
  if (mimeType === 'image/png') return png(bytes);
  if (mimeType === 'image/jpeg') return jpeg(bytes);
  if (mimeType === 'image/webp') return webp(bytes);
  return null;
}
