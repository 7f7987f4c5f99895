import { describe, expect, it } from 'vitest';
import { imageDimensions } from '../../src/server/features/uploads/image-dimensions.ts';
import { pngOfSize, tinyJpeg, tinyPdf, tinyPng } from '../support/files.ts';

describe('an uploaded image’s width and height (Payload’s upload document has them)', () => {
  it('reads PNG and JPEG headers, and gives none for a PDF or a damaged file', () => {
    expect(imageDimensions(tinyPng(), 'image/png')).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(pngOfSize(4096), 'image/png')).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(tinyJpeg(), 'image/jpeg')).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(tinyPdf(), 'application/pdf')).toBeNull();
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0x00]), 'image/jpeg')).toBeNull();
  });
  it('reads the three WebP headers', () => {
    const riff = (chunk: string, body: Buffer) => Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP' + chunk, 'latin1'), Buffer.alloc(4), body]);
    const vp8x = Buffer.alloc(20);
    vp8x.writeUIntLE(639, 4, 3);
    vp8x.writeUIntLE(479, 7, 3);
    expect(imageDimensions(riff('VP8X', vp8x), 'image/webp')).toEqual({ width: 640, height: 480 });
    const vp8 = Buffer.alloc(20);
    vp8.writeUInt16LE(320, 6);
    vp8.writeUInt16LE(200, 8);
    expect(imageDimensions(riff('VP8 ', vp8), 'image/webp')).toEqual({ width: 320, height: 200 });
    const vp8l = Buffer.alloc(20);
    vp8l[0] = 0x2f;
    vp8l.writeUInt32LE(99 | (49 << 14), 1);
    expect(imageDimensions(riff('VP8L', vp8l), 'image/webp')).toEqual({ width: 100, height: 50 });
  });
});
