// Rows of the documents table as Payload documents: {id, ...fields, createdAt, updatedAt}, with
// relationships (form references and upload fields) populated when depth > 0 and readable.
import { createHash } from 'node:crypto';
import type { Queryable } from './db/db.ts';
import type { Caller } from './access/caller.ts';
import type { Collection, Registry } from './registry.ts';
import { mayOpen, readableSql } from './access/submission-access.ts';

export interface DocumentRow {
  id: number;
  collection: string;
  data: Record<string, unknown>;
  form_version: number | null;
  form_hash: string | null;
  evidence: Record<string, unknown> | null;
  /** Submissions only: the opaque reference the guest keeps. */
  reference: string | null;
  /** Submissions of a form with a venue question: the venue document's slug (who may read it, core/access). */
  venue: string | null;
  /** Submissions: the source tag of the distribution point the guest came from, or 'direct' (features/reach). */
  source?: string | null;
  created_at: Date;
  updated_at: Date;
  [key: string]: unknown;
}

export type Doc = Record<string, unknown> & { id: number | string };

/**
 * The one place a stored row's id becomes its public id. It stays the row's number, as Payload
 * has it, because only staff can read by id; what a guest is shown is the opaque `reference`.
 */
export const publicId = (row: Pick<DocumentRow, 'id'>) => row.id;

export function fileUrl(collection: string, filename: string): string {
  return `/api/${collection}/file/${encodeURIComponent(filename)}`;
}

/** jsonb keeps keys in its own order; answer in the order the form (or content config) declares. */
function inFieldOrder(collection: Collection, data: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const name of collection.fields.keys()) if (name in data) ordered[name] = data[name];
  return { ...ordered, ...data };
}

export function toDoc(collection: Collection, row: DocumentRow): Doc {
  const stamps = { createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
  if (collection.kind === 'uploads') {
    const { filename, mimeType, filesize, width, height } = row.data as {
      filename: string;
      mimeType: string;
      filesize: number;
      width?: number;
      height?: number;
    };
    // Payload's upload document: no thumbnails are made here (thumbnailURL null); an image's focal point is its centre (50/50).
    const image = mimeType.startsWith('image/');
    return {
      id: publicId(row),
      ...stamps,
      url: fileUrl(collection.slug, filename),
      thumbnailURL: null,
      filename,
      mimeType,
      filesize,
      width: width ?? null,
      height: height ?? null,
      focalX: image ? 50 : null,
      focalY: image ? 50 : null,
    };
  }
  const formStamp =
    collection.kind === 'submissions'
      ? {
          reference: row.reference,
          formVersion: row.form_version,
          formHash: row.form_hash,
          // Where the guest came from (features/reach): a distribution point's source tag, or 'direct'.
          ...(typeof row.source === 'string' ? { source: row.source } : {}),
          ...(row.evidence ? { evidence: { ...row.evidence, recordedAt: stamps.createdAt } } : {}),
        }
      : {};
  return { id: publicId(row), ...withRowShapes(collection, row, inFieldOrder(collection, row.data)), ...formStamp, ...stamps };
}

/**
 * Array rows as Payload answers them: each with its own 24-hex id (ObjectId-like, kept when stored,
 * else derived from the document, field and position so it is the same on every read), and every
 * declared sub-field present, null when empty.
 */
function withRowShapes(collection: Collection, row: DocumentRow, data: Record<string, unknown>): Record<string, unknown> {
  if (!collection.rows) return data;
  const shaped = { ...data };
  for (const [field, subFields] of Object.entries(collection.rows)) {
    const list = data[field];
    if (!Array.isArray(list)) continue;
    shaped[field] = list.map((item: unknown, index) => {
      const own = item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
      const id =
        typeof own.id === 'string' && /^[0-9a-f]{24}$/.test(own.id)
          ? own.id
          : createHash('sha256').update(`${collection.slug}|${row.id}|${field}|${index}`).digest('hex').slice(0, 24);
      const { id: _stored, ...fields } = own;
      return { id, ...Object.fromEntries(subFields.map((name) => [name, own[name] ?? null])), ...fields };
    });
  }
  return shaped;
}

interface Relation {
  field: string;
  collection: string;
}

function relationsOf(collection: Collection): Relation[] {
  const form = collection.form?.compiled;
  if (!form) return [];
  // Only id references are relationships; a value matched by name (e.g. a restaurant) stays as sent.
  const byId = form.references.filter((reference) => reference.match === 'id');
  return [...byId, ...form.uploads.map((upload) => ({ field: upload.field, collection: upload.collection }))];
}

/** Replaces related ids by the related documents the caller may read (Payload's depth >= 1; access: core/access/submission-access.ts). */
export async function populate(db: Queryable, registry: Registry, caller: Caller, collection: Collection, docs: Doc[]): Promise<Doc[]> {
  for (const relation of relationsOf(collection)) {
    const target = registry.collections.get(relation.collection);
    if (!target || !mayOpen(caller, registry, target)) continue;
    const ids = [
      ...new Set(
        docs
          .flatMap((doc) => asArray(doc[relation.field]))
          .filter((value) => Number.isSafeInteger(value) && Number(value) > 0 && Number(value) <= 2_147_483_647),
      ),
    ];
    if (ids.length === 0) continue;
    const params: unknown[] = [target.slug, ids];
    const { rows } = await db.query<DocumentRow>(
      `SELECT * FROM documents WHERE collection = $1 AND id = ANY($2::int[]) AND ${readableSql(caller, registry, target, params)}`,
      params,
    );
    const byKey = new Map(rows.map((row) => [String(row.id), toDoc(target, row)]));
    for (const doc of docs) {
      const value = doc[relation.field];
      const swap = (item: unknown) => byKey.get(String(item)) ?? item;
      if (value !== null && value !== undefined) doc[relation.field] = Array.isArray(value) ? value.map(swap) : swap(value);
    }
  }
  return docs;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
