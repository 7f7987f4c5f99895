// POST /api/{uploadCollection} (multipart field `file`): streams the file to
// DATA_DIR/uploads/<collection>/<random>.<ext>, stopping at the form's size limit, and keeps it
// only when its bytes are of an accepted type, with photo metadata (location, device) removed.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { formatFileSize } from '../../engine/format.ts';
import type { Collection } from '../collections/registry.ts';
import type { DocumentRow } from '../collections/documents.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError, noFileUploaded, validationError } from '../errors.ts';
import { isAccepted, sniffFileType, SNIFF_BYTES } from './sniff-file-type.ts';
import { canStripMetadata, stripImageMetadata } from './strip-metadata.ts';

export const uploadsRoot = (dataDir: string) => path.join(dataDir, 'uploads');

function fileTooLarge(maxBytes: number): ApiError {
  return new ApiError(413, { errors: [{ name: 'APIError', message: `File size limit has been reached (${formatFileSize(maxBytes)}).` }] });
}

/** Counts bytes and keeps the first few for sniffing. */
function fileMeter() {
  let head = Buffer.alloc(0);
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, head: () => head, size: () => size };
}

/** Rewrites the file without its metadata when that changes it; returns the size kept. */
async function removeMetadata(file: string, mimeType: string, size: number): Promise<number> {
  if (!canStripMetadata(mimeType)) return size;
  const bytes = await fs.promises.readFile(file);
  const stripped = stripImageMetadata(bytes, mimeType);
  if (stripped === bytes || stripped.equals(bytes)) return size;
  await fs.promises.writeFile(file, stripped);
  return stripped.length;
}

/** fsync a file or directory: the 201 promises the upload survives a crash. */
async function flushToDisk(file: string, flags: string) {
  const handle = await fs.promises.open(file, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function receiveUpload(db: Queryable, dataDir: string, collection: Collection, request: FastifyRequest): Promise<DocumentRow> {
  const rule = collection.upload!;
  if (!request.isMultipart()) throw noFileUploaded();
  const part = await request.file({ limits: { fileSize: rule.maxBytes, files: 1, fields: 5, fieldSize: 64 * 1024, parts: 8 }, throwFileSizeLimit: false });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw noFileUploaded();
  }
  const dir = path.join(uploadsRoot(dataDir), collection.slug);
  await fs.promises.mkdir(dir, { recursive: true });
  const name = randomBytes(16).toString('base64url');
  const partial = path.join(dir, `${name}.part`);
  const meter = fileMeter();
  try {
    await pipeline(part.file, meter.stream, fs.createWriteStream(partial, { flags: 'wx' }));
    if (part.file.truncated) throw fileTooLarge(rule.maxBytes);
    if (meter.size() === 0) throw noFileUploaded();
    const type = sniffFileType(meter.head());
    if (!type || !isAccepted(type.mimeType, rule.accept)) {
      const detected = type?.mimeType ?? 'unknown';
      throw validationError(null, [{ message: `Invalid file type: ${detected}. Accepted: ${rule.accept.join(', ')}.`, path: 'file' }]);
    }
    const filename = `${name}.${type.extension}`;
    const filesize = await removeMetadata(partial, type.mimeType, meter.size());
    await flushToDisk(partial, 'r+');
    await fs.promises.rename(partial, path.join(dir, filename));
    await flushToDisk(dir, 'r');
    try {
      const { rows } = await db.query<DocumentRow>(
        'INSERT INTO documents (collection, data) VALUES ($1, $2::jsonb) RETURNING *',
        [collection.slug, JSON.stringify({ filename, mimeType: type.mimeType, filesize })],
      );
      return rows[0];
    } catch (error) {
      await fs.promises.rm(path.join(dir, filename), { force: true });
      throw error;
    }
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
}
