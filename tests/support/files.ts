// Files a guest might upload, as bytes: real tiny images and PDF, and the bad cases.
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
