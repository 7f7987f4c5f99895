// The type of an uploaded file from its first bytes; the name and the Content-Type the browser
// sends are never trusted.
export interface SniffedType {
  mimeType: string;
  extension: string;
}

export const SNIFF_BYTES = 16;

const HEIF_BRANDS: Record<string, SniffedType> = {
  heic: { mimeType: 'image/heic', extension: 'heic' },
  heix: { mimeType: 'image/heic', extension: 'heic' },
  heim: { mimeType: 'image/heic', extension: 'heic' },
  heis: { mimeType: 'image/heic', extension: 'heic' },
  mif1: { mimeType: 'image/heic', extension: 'heic' },
  msf1: { mimeType: 'image/heic', extension: 'heic' },
  avif: { mimeType: 'image/avif', extension: 'avif' },
};

const startsWith = (head: Buffer, bytes: number[], offset = 0) => bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

export function sniffFileType(head: Buffer): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mimeType: 'image/png', extension: 'png' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { mimeType: 'image/gif', extension: 'gif' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { mimeType: 'image/webp', extension: 'webp' };
  if (ascii(head, 0, 5) === '%PDF-') return { mimeType: 'application/pdf', extension: 'pdf' };
  if (ascii(head, 4, 8) === 'ftyp') return HEIF_BRANDS[ascii(head, 8, 12)] ?? null;
  return null;
}

/** `accept` entries are exact types or wildcards such as image/*. */
export function isAccepted(mimeType: string, accept: string[]): boolean {
  return accept.some((entry) => entry === mimeType || (entry.endsWith('/*') && mimeType.startsWith(entry.slice(0, -1))));
}
