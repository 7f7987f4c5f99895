// A stored upload by its file name, as the file routes serve it (guests' files to staff,
// content files to everyone): its document, its type and its bytes, or a 404.
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { DocumentRow } from '../../core/documents.ts';
import type { Queryable } from '../../core/db/db.ts';
import { notFound } from '../../core/errors.ts';
import { isSealedRow } from '../sealed/index.ts';
import type { UploadStorage } from '../../core/storage/storage.ts';
import type { UploadStore } from './receive-upload.ts';

export interface StoredFile {
  row: DocumentRow;
  /** The stored name alone (never a path). */
  filename: string;
  mimeType: string;
  file: Awaited<ReturnType<UploadStorage['get']>> & object;
}

/** `readable` (core/access/submission-access.ts readableSql) limits it to the files the caller may read; any other is a 404. */
export async function storedFile(
  db: Queryable,
  store: UploadStore,
  collection: string,
  requested: string,
  readable?: (params: unknown[]) => string,
): Promise<StoredFile> {
  const params: unknown[] = [collection, requested];
  const condition = readable ? ` AND ${readable(params)}` : '';
  const { rows } = await db.query<DocumentRow>(`SELECT * FROM documents WHERE collection = $1 AND data->>'filename' = $2${condition}`, params);
  const row = rows[0];
  if (!row) throw notFound();
  const { filename, mimeType } = row.data as { filename: string; mimeType: string };
  const stored = await store.uploads.get(collection, path.basename(filename));
  if (!stored) throw notFound();
  // A sealed file (at most its form's size limit) is opened whole: its tag is checked before a byte is sent.
  const file = isSealedRow(row) ? Readable.from([store.sealed.openFile(row, await buffer(stored))]) : stored;
  return { row, filename: path.basename(filename), mimeType, file };
}
