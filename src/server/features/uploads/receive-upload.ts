// POST /api/{uploadCollection} (multipart field `file`): the first bytes decide the type before
// anything is written; an accepted file streams to DATA_DIR/uploads/<collection>/<random>.part,
// stopping at the form's size limit, and is kept (storage.ts: the data directory or object storage)
// only once its metadata is removed (clean-upload.ts, run in a worker thread with a time budget:
// features/uploads/inspection-pool.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { formatFileSize } from '../../../engine/text/format.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import type { Collection } from '../../core/registry.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Queryable } from '../../core/db/db.ts';
import { ApiError, noFileUploaded, validationError } from '../../core/errors.ts';
import { isAccepted, sniffFileType, SNIFF_BYTES, type SniffedType } from './sniff-file-type.ts';
import { canClean, FileRefused } from './clean-upload.ts';
import { inspectionTurn, warmInspection } from './inspection-pool.ts';
import { imageDimensions } from './image-dimensions.ts';
import type { ServerContext } from '../../core/context.ts';
import { uploadsRoot } from '../../core/storage/storage-disk.ts';
import { timed, uploadInspectionSeconds } from '../../core/metrics.ts';
import { newUploadClaim, uploadClaimSha256 } from './upload-claims.ts';

/** Payload's 413 carries `data` ({size}); ours states the limit, which is what the guest needs. */
function fileTooLarge(maxBytes: number): ApiError {
  return new ApiError(413, {
    errors: [{ name: 'APIError', data: { size: maxBytes }, message: `File size limit has been reached (${formatFileSize(maxBytes)}).` }],
  });
}

const fileError = (message: string) => validationError(null, [{ message, path: 'file' }]);

function wrongType(type: SniffedType | null, accept: string[]): ApiError {
  return fileError(`Invalid file type: ${type?.mimeType ?? 'unknown'}. Accepted: ${accept.filter(canClean).join(', ')}.`);
}

/**
 * Reads the upload to its end. Nothing is written until the first bytes show an accepted type;
 * a refused file is read on (and dropped) so the answer reaches a client still sending.
 */
async function writeIfAccepted(source: Readable, partial: string, accept: string[]) {
  let head = Buffer.alloc(0);
  let type: SniffedType | null = null;
  let refusal: ApiError | null = null;
  let file: fs.promises.FileHandle | null = null;
  let size = 0;
  const write = async (chunk: Buffer) => {
    file ??= await fs.promises.open(partial, 'wx');
    await file.write(chunk);
  };
  const decide = () => {
    type = sniffFileType(head);
    if (!type || !isAccepted(type.mimeType, accept) || !canClean(type.mimeType)) refusal = wrongType(type, accept);
  };
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (refusal) continue;
      if (!type) {
        head = Buffer.concat([head, chunk]);
        if (head.length < SNIFF_BYTES) continue;
        decide();
        if (!refusal) await write(head);
        continue;
      }
      await write(chunk);
    }
    if (!type && !refusal && size > 0) {
      decide();
      if (!refusal) await write(head);
    }
  } finally {
    await (file as fs.promises.FileHandle | null)?.close();
  }
  return { type: type as SniffedType | null, refusal: refusal as ApiError | null, size };
}

/** Where an upload goes: the file store, and the sealer for the files a confidential form stores (features/sealed). */
export type UploadStore = Pick<ServerContext, 'uploads' | 'sealed'>;

/** The stored upload, and the claim a submission must carry to attach it (upload-claims.ts). */
export interface ReceivedUpload {
  row: DocumentRow;
  claim: string;
}

export async function receiveUpload(
  db: Queryable,
  dataDir: string,
  collection: Collection,
  request: FastifyRequest,
  store: UploadStore,
): Promise<ReceivedUpload> {
  const rule = collection.upload!;
  if (!request.isMultipart()) throw noFileUploaded();
  const part = await request.file({ limits: { fileSize: rule.maxBytes, files: 1, fields: 5, fieldSize: 64 * 1024, parts: 8 }, throwFileSizeLimit: false });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw noFileUploaded();
  }
  const locale = (request.query as Record<string, unknown> | undefined)?.locale;
  const lang = resolveLanguage(typeof locale === 'string' ? locale : request.headers['accept-language']);
  return keepUpload(db, dataDir, collection, part.file, lang, store, request.ip);
}

/**
 * A file's bytes checked (type sniffed, size, metadata removed) and kept as an upload of the
 * collection: what POST /api/{uploadCollection} does with its `file`, and a form posted without
 * JavaScript with each of its files (features/native-post). `file.truncated`: the multipart
 * reader stopped at its size limit. `client`: the sender's address (request.ip), whose files are
 * checked one at a time (inspection-pool.ts). A file of a collection a confidential form stores
 * files in is sealed with a data key of its own before it reaches the file store (it arrives before
 * its report exists); its row keeps the wrapped key and, in plain, only the stored name, type and size.
 */
export async function keepUpload(
  db: Queryable,
  dataDir: string,
  collection: Collection,
  file: Readable & { truncated?: boolean },
  lang: Lang,
  store: UploadStore,
  client: string,
): Promise<ReceivedUpload> {
  const rule = collection.upload!;
  let turn;
  try {
    turn = inspectionTurn(client); // before receiving: a client with files enough under way is refused (429) at once
  } catch (error) {
    file.resume();
    throw error;
  }
  warmInspection();
  const dir = path.join(uploadsRoot(dataDir), collection.slug);
  await fs.promises.mkdir(dir, { recursive: true });
  const name = randomBytes(16).toString('base64url');
  const partial = path.join(dir, `${name}.part`);
  try {
    const { type, refusal, size } = await writeIfAccepted(file, partial, rule.accept);
    if (file.truncated || size > rule.maxBytes) throw fileTooLarge(rule.maxBytes);
    if (size === 0) throw noFileUploaded();
    if (refusal || !type) throw refusal ?? wrongType(null, rule.accept);
    let cleaned: Buffer;
    try {
      const bytes = await fs.promises.readFile(partial);
      cleaned = await timed(uploadInspectionSeconds, { type: type.mimeType }, () => turn.clean(bytes, type.mimeType));
    } catch (error) {
      if (error instanceof FileRefused) throw fileError(t(error.reason, lang));
      throw error;
    }
    const filename = `${name}.${type.extension}`;
    const sealed = collection.sealed ? store.sealed.sealFile(cleaned) : null;
    await store.uploads.put(collection.slug, filename, sealed?.bytes ?? cleaned, type.mimeType);
    const claim = newUploadClaim();
    try {
      const { rows } = await db.query<DocumentRow>(
        'INSERT INTO documents (collection, data, upload_claim_sha256, data_key_id, data_key) VALUES ($1, $2::jsonb, $3, $4, $5) RETURNING *',
        [
          collection.slug,
          JSON.stringify({ filename, mimeType: type.mimeType, filesize: cleaned.length, ...imageDimensions(cleaned, type.mimeType) }),
          uploadClaimSha256(claim),
          sealed?.keyId ?? null,
          sealed?.wrapped ?? null,
        ],
      );
      return { row: rows[0], claim };
    } catch (error) {
      await store.uploads.delete(collection.slug, filename);
      throw error;
    }
  } finally {
    turn.release();
    await fs.promises.rm(partial, { force: true });
  }
}
