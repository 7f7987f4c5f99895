// Content files (logos per theme, perks' logos, document PDFs, benefits' attachments) are uploads
// to the media collection, made by staff from the console. A content document keeps each one as
// Payload populates an upload field ({id, url, filename, mimeType, filesize, width, height}), so
// the pages, which read `.url` as they always did, need no change; the id (at the field's
// contentPath, e.g. "pdf.id") is what the content form edits.
import path from 'node:path';
import type { UploadRule } from '../../../engine/compiler/compiled.ts';
import type { ResolvedDataField } from '../../../engine/compiler/compiled.ts';
import { dataFields } from '../../../engine/checks/conditions.ts';
import { CONTENT_UPLOADS, pathOf, readPath } from '../../../engine/compiler/content-shape.ts';
import type { Lang } from '../../../engine/definition/definition.ts';
import { megabytes } from '../../../engine/text/format.ts';
import { t } from '../../../engine/text/messages.ts';
import type { Collection } from '../../core/registry.ts';
import { toDoc, type DocumentRow } from '../../core/documents.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { contentForms } from './content-forms.ts';
import { isAccepted } from '../uploads/index.ts';
import type { UploadStorage } from '../../core/storage/storage.ts';
import { validationError, type FieldError } from '../../core/errors.ts';

type Data = Record<string, unknown>;
type FileField = Extract<ResolvedDataField, { type: 'file' }>;

/** What the media collection takes: every type and the largest size any content form's file allows (each field is held to its own on save). */
export function mediaRule(forms: Iterable<LoadedForm>): UploadRule | null {
  const files = [...forms].flatMap((form) => contentFiles(dataFields(form.compiled.form)));
  if (files.length === 0) return null;
  const accept = [...new Set(files.flatMap((field) => field.accept))];
  return { field: 'file', collection: CONTENT_UPLOADS, maxBytes: Math.max(...files.map((field) => field.maxBytes)), accept, multiple: false };
}

export function mediaCollection(rule: UploadRule): Collection {
  const fields = new Map([['filename', 'text'], ['mimeType', 'text'], ['filesize', 'number']] as const);
  return { slug: CONTENT_UPLOADS, kind: 'uploads', label: 'Media', fields: new Map(fields), publicCreate: false, publicRead: true, upload: rule };
}

const media = new Map<string, Promise<Collection | null>>();

/** The media collection of a build's content forms (null when none has a file), made once per build directory. */
export function contentMedia(formsBuildDir: string): Promise<Collection | null> {
  let found = media.get(formsBuildDir);
  if (!found) {
    found = contentForms(formsBuildDir).then((forms) => {
      const rule = mediaRule(forms.values());
      return rule && mediaCollection(rule);
    });
    media.set(formsBuildDir, found);
  }
  return found;
}

function contentFiles(fields: ResolvedDataField[]): FileField[] {
  return fields.flatMap((field) => (field.type === 'file' ? [field] : field.type === 'repeat' ? contentFiles(field.fields as ResolvedDataField[]) : []));
}

/** The populated upload as Payload answers it inside a document (no stamps: they belong to the media document). */
function uploadValue(collection: Collection, row: DocumentRow): Data {
  const { id, url, filename, mimeType, filesize, width, height } = toDoc(collection, row);
  return { id, url, filename, mimeType, filesize, width, height };
}

const parentOf = (path: string) => (path === 'id' ? '' : path.slice(0, -'.id'.length));

/**
 * Replaces each file's id in `doc` (validated: a whole number) by its upload, in place: the object
 * around the id becomes the upload, keeping its other keys. An id that is not a media upload, or
 * one of a type or size the field does not take, is a 400 naming the document path.
 */
export async function attachMedia(db: Queryable, collection: Collection | null, form: LoadedForm, target: string, doc: Data, lang: Lang): Promise<void> {
  const slots: { field: FileField; holder: Data; path: string }[] = [];
  for (const field of dataFields(form.compiled.form)) {
    if (field.type === 'file') slots.push({ field, holder: doc, path: pathOf(field) });
    if (field.type !== 'repeat') continue;
    const rows = readPath(doc, pathOf(field));
    if (!Array.isArray(rows)) continue;
    rows.forEach((row, index) => {
      if (!row || typeof row !== 'object') return;
      for (const inner of contentFiles(field.fields as ResolvedDataField[])) slots.push({ field: inner, holder: row as Data, path: `${pathOf(field)}.${index}.${pathOf(inner)}` });
    });
  }
  const errors: FieldError[] = [];
  for (const { field, holder, path } of slots) {
    const own = pathOf(field);
    const id = readPath(holder, own);
    if (id === undefined) continue;
    const found = collection ? (await db.query<DocumentRow>('SELECT * FROM documents WHERE collection = $1 AND id = $2', [collection.slug, Number(id)])).rows[0] : undefined;
    const data = found?.data as { mimeType?: string; filesize?: number } | undefined;
    if (!found || !data) errors.push({ path, message: t('contentFileMissing', lang) });
    else if (!isAccepted(data.mimeType ?? '', field.accept)) errors.push({ path, message: t('fileType', lang) });
    else if ((data.filesize ?? 0) > field.maxBytes) errors.push({ path, message: t('fileTooLarge', lang, { mb: megabytes(field.maxBytes) }) });
    else {
      const parent = parentOf(own);
      const around = parent ? (readPath(holder, parent) as Data) : holder;
      Object.assign(around, uploadValue(collection!, found));
    }
  }
  if (errors.length) throw validationError(target, errors);
}

/**
 * Content files no content document or global mentions any longer (replaced, never saved, or their
 * document deleted), older than `maxAgeMinutes`, go with their stored file: a file is referred to by
 * its url, which holds its random name. An editor who waits longer than that to save is told to
 * upload it again (contentFileMissing).
 */
export async function cleanupUnusedMedia(db: Queryable, storage: UploadStorage, contentSlugs: string[], now: Date, maxAgeMinutes: number): Promise<number> {
  const cutoff = new Date(now.getTime() - maxAgeMinutes * 60_000);
  const { rows } = await db.query<{ filename: string }>(
    `DELETE FROM documents m WHERE m.collection = $1 AND m.created_at < $2::timestamptz
       AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.collection = ANY($3::text[]) AND strpos(d.data::text, m.data->>'filename') > 0)
       AND NOT EXISTS (SELECT 1 FROM globals g WHERE strpos(g.data::text, m.data->>'filename') > 0)
     RETURNING m.data->>'filename' AS filename`,
    [CONTENT_UPLOADS, cutoff.toISOString(), contentSlugs],
  );
  for (const row of rows) await storage.delete(CONTENT_UPLOADS, path.basename(row.filename));
  return rows.length;
}
