// What staff download from submissions: a signature drawn as SVG by the server, and the CSV
// export of a form's submissions. Neither is open to the pages' public key.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { credentialHeaders, payloadQuery, slugParams } from '../../core/http/route-schemas.ts';
import type { Collection } from '../../core/registry.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { normalizeReference } from '../../core/forms/reference.ts';
import { isLang } from '../../../engine/text/languages.ts';
import { exportCsv } from './export-csv.ts';
import { whereFields } from './where.ts';
import { formField } from '../../core/forms/validation.ts';
import { signatureSvg } from './signature-svg.ts';
import { badRequest, forbidden, notFound, routeNotFound } from '../../core/errors.ts';
import { mayOpen, readableSql } from '../../core/access/submission-access.ts';
import { recordAudit } from '../audit/index.ts';
import { pathnameOf } from '../../core/http/pathname.ts';
import { rowIdOf } from '../../core/http/row-id.ts';

type SlugRequest = FastifyRequest<{ Params: { slug: string; id?: string; file?: string } }>;

/** An SVG opened on its own is a document: it may not run or fetch anything. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const signatureParams = {
  type: 'object',
  properties: { slug: { type: 'string', maxLength: 100 }, id: { type: 'string', maxLength: 100 }, file: { type: 'string', maxLength: 100 } },
  required: ['slug', 'id', 'file'],
} as const;

export const staffDownloadsPlugin = ownPlugin('staff-downloads', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;

  function staffForm(request: SlugRequest): Collection {
    const collection = registry.collections.get(request.params.slug);
    if (!collection || collection.kind !== 'submissions') throw routeNotFound(pathnameOf(request));
    if (!mayOpen(request.caller, registry, collection)) throw forbidden();
    return collection;
  }

  /** By the row id, or by the reference the guest was given (what they quote on the phone); only one the caller may read. */
  async function findSubmission(request: SlugRequest, collection: Collection, key: string): Promise<DocumentRow | undefined> {
    const id = rowIdOf(key);
    const byId = id !== null;
    const params: unknown[] = [collection.slug, id ?? normalizeReference(key)];
    const sql = `SELECT * FROM documents WHERE collection = $1 AND ${byId ? 'id = $2' : 'reference = $2'} AND ${readableSql(request.caller, registry, collection, params)}`;
    const { rows } = await db.query<DocumentRow>(sql, params);
    return rows[0] && ctx.sealed.openRow(rows[0]);
  }

  app.get('/api/:slug/:id/signature/:file', { schema: { params: signatureParams, headers: credentialHeaders } }, async (request: SlugRequest, reply) => {
    const collection = staffForm(request);
    const name = /^([a-z][a-z0-9_]*)\.svg$/.exec(request.params.file ?? '')?.[1];
    if (!name || formField(collection.form!, name)?.type !== 'signature') throw notFound();
    const row = await findSubmission(request, collection, request.params.id ?? '');
    const svg = row ? signatureSvg(row.data[name]) : null;
    if (!row || !svg) throw notFound();
    return reply
      .type('image/svg+xml')
      .header('content-security-policy', SVG_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${name}-${row.id}.svg"`)
      .header('cache-control', 'private, no-store')
      .send(svg);
  });

  app.get(
    '/api/:slug/export.csv',
    { schema: { params: slugParams, querystring: payloadQuery, headers: credentialHeaders } },
    async (request: SlugRequest, reply) => {
      const collection = staffForm(request);
      // A spreadsheet of reports on someone's disk is what sealing them at rest is for (features/sealed): a confidential form has no export.
      if (collection.sealed) throw badRequest(`${collection.slug} is a confidential form: its reports are read one by one in the console, never exported.`);
      const query = request.query as { where?: unknown; locale?: string };
      const lang = isLang(query.locale) ? query.locale : 'en';
      const pieces = exportCsv(db, collection, query.where, (params) => readableSql(request.caller, registry, collection, params), lang);
      // The filter's fields and operators, never its values (where.ts whereFields).
      await recordAudit(db, request.caller, {
        action: 'export-submissions',
        target: collection.slug,
        detail: query.where === undefined ? {} : { where: whereFields(collection, query.where) },
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${collection.slug}-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(pieces));
    },
  );
});
