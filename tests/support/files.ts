// Files a guest might upload, as bytes: real tiny images and PDF, and the bad cases.
import zlib from 'node:zlib';
export const tinyPng = () =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const tinyJpeg = () =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );

export const tinyPdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export const textFile = () => Buffer.from('This is a note, not a photo of a receipt.\n');

/** A PNG header followed by zeros: the right type, the wrong size. */
export function pngOfSize(bytes: number): Buffer {
  const file = Buffer.alloc(bytes);
  tinyPng().copy(file, 0, 0, 16);
  return file;
}

export const MB = 1024 * 1024;

/** The multipart body a browser sends for `<input type=file name=file>`. */
export function fileForm(bytes: Buffer, filename: string, type = 'application/octet-stream', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/** What a phone writes into a photo: where it was taken, the device, the owner. */
export const PHOTO_SECRETS = ['GPSLatitude 25.2854N', 'GPSLongitude 51.5310E', 'iPhone of Noor Saleh', 'Taken at the till'];

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** An EXIF block (big-endian TIFF) with Orientation = 6 (taken sideways) followed by GPS-like text. */
function exifPayload(): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(0x2a, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(6, 18);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, Buffer.from(`${PHOTO_SECRETS[0]}\0${PHOTO_SECRETS[1]}\0${PHOTO_SECRETS[2]}\0`, 'latin1')]);
}

/** tinyJpeg with EXIF, XMP, IPTC and a comment, scan data and an end-of-image marker. */
export function jpegWithMetadata(): Buffer {
  const jpeg = tinyJpeg();
  const app0End = 4 + jpeg.readUInt16BE(4); // SOI, then APP0: marker + its length
  return Buffer.concat([
    jpeg.subarray(0, app0End),
    jpegSegment(0xe1, exifPayload()),
    jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${PHOTO_SECRETS[0]}</exif:GPSLatitude></x:xmpmeta>`, 'latin1')),
    jpegSegment(0xed, Buffer.from(`Photoshop 3.0\0${PHOTO_SECRETS[2]}`, 'latin1')),
    jpegSegment(0xfe, Buffer.from(PHOTO_SECRETS[3], 'latin1')),
    jpeg.subarray(app0End),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78, 0xff, 0xd9]),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** tinyPng with tEXt, zTXt, iTXt and eXIf chunks before its image data. */
export function pngWithMetadata(): Buffer {
  const png = tinyPng();
  const ihdrEnd = 8 + 12 + 13;
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    pngChunk('tEXt', Buffer.from(`Comment\0${PHOTO_SECRETS[0]}`, 'latin1')),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Author\0\0', 'latin1'), zlib.deflateSync(PHOTO_SECRETS[2])])),
    pngChunk('iTXt', Buffer.from(`Description\0\0\0\0\0${PHOTO_SECRETS[3]}`, 'utf8')),
    pngChunk('eXIf', exifPayload().subarray(6)),
    png.subarray(ihdrEnd),
  ]);
}
