// Staff writes to content (editor or admin: permission 'edit-content'): create, update and delete
// content documents, save globals. Each is checked by its content form's compiled schema, stored
// in one transaction with its audit row.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../core/context.ts';
import type { Collection } from '../../core/registry.ts';
import { toDoc, type DocumentRow } from '../../core/documents.ts';
import { parseQueryString } from '../../core/http/query-string.ts';
import type { Queryable } from '../../core/db/db.ts';
import { recordAudit } from '../audit/index.ts';
import { can } from '../../core/access/roles.ts';
import { forbidden, notFound, validationError } from '../../core/errors.ts';
import { requestLanguage } from '../../core/forms/validation.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { fieldLabel } from '../../core/forms/validation.ts';
import { loadContentConfig } from '../../core/content-config.ts';
import { changedKeys, contentDocument } from './content-document.ts';
import { contentForms } from './content-forms.ts';
import { attachMedia, contentMedia } from './content-media.ts';
import { t } from '../../../engine/text/messages.ts';
import { queryOf } from '../../core/http/pathname.ts';
import { idParam } from '../../core/http/row-id.ts';

type Data = Record<string, unknown>;

export interface ContentWrite {
  ctx: ServerContext;
  request: FastifyRequest;
  target: string;
}

/** The content form of a target, for a caller allowed to edit content; 403 otherwise (also for a target no form edits). */
async function editorForm({ ctx, request, target }: ContentWrite): Promise<LoadedForm> {
  if (!can(request.caller, 'edit-content')) throw forbidden();
  const form = (await contentForms(ctx.config.formsBuildDir)).get(target);
  if (!form) throw forbidden();
  return form;
}

const languageOf = (form: LoadedForm, request: FastifyRequest) => requestLanguage(form, parseQueryString(queryOf(request)).locale, request.headers['accept-language']);

/** The collection's identifying field (e.g. slug) is unique: two restaurants at one address would shadow each other. */
async function checkKeyFree(tx: Queryable, ctx: ServerContext, form: LoadedForm, collection: Collection, doc: Data, id: number | null, lang: ReturnType<typeof languageOf>) {
  const key = loadContentConfig(ctx.config.contentDir).collections.find((config) => config.slug === collection.slug)?.key;
  if (!key || doc[key] === undefined) return;
  const { rows } = await tx.query('SELECT 1 FROM documents WHERE collection = $1 AND data->>$2 = $3 AND id IS DISTINCT FROM $4 LIMIT 1', [collection.slug, key, String(doc[key]), id]);
  if (rows.length) throw validationError(collection.slug, [{ label: fieldLabel(form, key, lang), message: t('contentKeyUsed', lang), path: key }], 409);
}

export async function createContent(write: ContentWrite, collection: Collection): Promise<Data> {
  const form = await editorForm(write);
  const { ctx, request } = write;
  const lang = languageOf(form, request);
  const doc = contentDocument(form, collection.slug, request.body, {}, lang);
  const media = await contentMedia(ctx.config.formsBuildDir);
  const row = await ctx.db.transaction(async (tx) => {
    await attachMedia(tx, media, form, collection.slug, doc, lang);
    await checkKeyFree(tx, ctx, form, collection, doc, null, lang);
    const { rows } = await tx.query<DocumentRow>('INSERT INTO documents (collection, data) VALUES ($1, $2::jsonb) RETURNING *', [collection.slug, JSON.stringify(doc)]);
    await recordAudit(tx, request.caller, { action: 'create-content', target: collection.slug, documentId: rows[0].id, detail: { fields: Object.keys(doc).sort() } });
    return rows[0];
  });
  return toDoc(collection, row);
}

async function lockedRow(tx: Queryable, collection: Collection, id: string): Promise<DocumentRow> {
  const { rows } = await tx.query<DocumentRow>('SELECT * FROM documents WHERE collection = $1 AND id = $2 FOR UPDATE', [collection.slug, idParam(id)]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function updateContent(write: ContentWrite, collection: Collection, id: string): Promise<Data> {
  const form = await editorForm(write);
  const { ctx, request } = write;
  const lang = languageOf(form, request);
  const media = await contentMedia(ctx.config.formsBuildDir);
  const row = await ctx.db.transaction(async (tx) => {
    const stored = await lockedRow(tx, collection, id);
    const doc = contentDocument(form, collection.slug, request.body, stored.data, lang);
    await attachMedia(tx, media, form, collection.slug, doc, lang);
    await checkKeyFree(tx, ctx, form, collection, doc, stored.id, lang);
    const { rows } = await tx.query<DocumentRow>('UPDATE documents SET data = $2::jsonb, updated_at = now() WHERE id = $1 RETURNING *', [stored.id, JSON.stringify(doc)]);
    await recordAudit(tx, request.caller, { action: 'update-content', target: collection.slug, documentId: stored.id, detail: { fields: changedKeys(stored.data, doc) } });
    return rows[0];
  });
  return toDoc(collection, row);
}

export async function deleteContent(write: ContentWrite, collection: Collection, id: string): Promise<Data> {
  await editorForm(write);
  const { ctx, request } = write;
  const row = await ctx.db.transaction(async (tx) => {
    const stored = await lockedRow(tx, collection, id);
    await tx.query('DELETE FROM documents WHERE id = $1', [stored.id]);
    await recordAudit(tx, request.caller, { action: 'delete-content', target: collection.slug, documentId: stored.id, detail: { fields: Object.keys(stored.data).sort() } });
    return stored;
  });
  return toDoc(collection, row);
}

export async function saveGlobal(write: ContentWrite, slug: string): Promise<Data> {
  const form = await editorForm(write);
  const { ctx, request } = write;
  const lang = languageOf(form, request);
  const media = await contentMedia(ctx.config.formsBuildDir);
  const saved = await ctx.db.transaction(async (tx) => {
    const { rows: stored } = await tx.query<{ data: Data }>('SELECT data FROM globals WHERE slug = $1 FOR UPDATE', [slug]);
    const before = stored[0]?.data ?? {};
    const data = contentDocument(form, `globals/${slug}`, request.body, before, lang);
    await attachMedia(tx, media, form, `globals/${slug}`, data, lang);
    const { rows } = await tx.query<{ data: Data; created_at: Date; updated_at: Date }>(
      `INSERT INTO globals (slug, data) VALUES ($1, $2::jsonb) ON CONFLICT (slug) DO UPDATE SET data = EXCLUDED.data, updated_at = now() RETURNING *`,
      [slug, JSON.stringify(data)],
    );
    await recordAudit(tx, request.caller, { action: 'update-global', target: slug, detail: { fields: changedKeys(before, data) } });
    return rows[0];
  });
  return { ...saved.data, globalType: slug, createdAt: saved.created_at.toISOString(), updatedAt: saved.updated_at.toISOString() };
}
