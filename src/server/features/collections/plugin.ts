// The Payload-shaped collection routes: find, count, find by id, create, and globals.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import type { QueryObject } from '../../core/http/query-string.ts';
import { createHeaders, credentialHeaders, payloadQuery, slugIdParams, slugParams } from '../../core/http/route-schemas.ts';
import type { Collection } from '../../core/registry.ts';
import { populate, toDoc, type DocumentRow } from '../../core/documents.ts';
import { answerFieldsOf } from '../../core/submission-hooks.ts';
import { mayOpen } from '../../core/access/submission-access.ts';
import { countDocuments, findDocuments } from './find-documents.ts';
import { storeSubmission } from './create-submission.ts';
import { requestLanguage } from '../../core/forms/validation.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { claimedUploadHashes, receiveUpload, UPLOAD_CLAIM_HEADER } from '../uploads/index.ts';
import { badRequest, forbidden, notFound, routeNotFound } from '../../core/errors.ts';
import { isStaff } from '../../core/access/roles.ts';
import { recordAudit } from '../audit/index.ts';
import { followUpSummaries, readFollowUp } from '../followup/index.ts';
import { createContent } from '../content/index.ts';
import { idempotencyKeyOf, idempotentRequest, storeOnce } from '../../core/http/idempotency.ts';
import { pathnameOf } from '../../core/http/pathname.ts';
import { idParam } from '../../core/http/row-id.ts';
import { addListCells } from './list-columns.ts';
import { VIEW_HEADER } from '../../../engine/contract/reach.ts';
import { PARTY_HEADER } from '../../../engine/contract/parties.ts';

type SlugRequest = FastifyRequest<{ Params: { slug: string; id?: string } }>;

/** The query string as qs read it (Fastify's querystring parser, app.ts). */
const queryOf = (request: FastifyRequest): QueryObject => (request.query ?? {}) as QueryObject;

/** Relationships are one level deep here; a larger depth means the same. */
const MAX_DEPTH = 10;

function depthOf(query: QueryObject): number {
  if (query.depth === undefined) return 2;
  const depth = Number(query.depth);
  if (typeof query.depth !== 'string' || !Number.isSafeInteger(depth) || depth < 0) throw badRequest('depth must be a whole number.');
  return Math.min(depth, MAX_DEPTH);
}

export const collectionsPlugin = ownPlugin('collections', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;

  function collectionOf(request: SlugRequest): Collection {
    const collection = registry.collections.get(request.params.slug);
    if (!collection) throw routeNotFound(pathnameOf(request));
    return collection;
  }

  function readable(request: SlugRequest): Collection {
    const collection = collectionOf(request);
    if (!mayOpen(request.caller, registry, collection)) throw forbidden();
    return collection;
  }

  async function present(request: FastifyRequest, collection: Collection, rows: DocumentRow[], depth: number) {
    // A confidential form's answers are opened here, for whoever the read check let through (features/sealed).
    const docs = rows.map((row) => toDoc(collection, ctx.sealed.openRow(row)));
    // e.g. a restaurant's manager address: staff read it (alerts use it), the pages never get it.
    if (collection.staffFields && !isStaff(request.caller)) for (const doc of docs) for (const field of collection.staffFields) delete doc[field];
    return depth > 0 ? populate(db, registry, request.caller, collection, docs) : docs;
  }

  app.get('/api/:slug', { schema: { params: slugParams, querystring: payloadQuery, headers: credentialHeaders } }, async (request: SlugRequest) => {
    const collection = readable(request);
    const query = queryOf(request);
    const { rows, ...pagination } = await findDocuments(db, registry, request.caller, collection, query);
    if (collection.kind === 'submissions' && rows.length)
      await recordAudit(db, request.caller, { action: 'read-submission', target: collection.slug, detail: { ids: rows.map((row) => row.id) } });
    const docs = await present(request, collection, rows, depthOf(query));
    // Staff see each submission's follow-up state and assignee (the pages' key never reads submissions).
    if (collection.kind === 'submissions' && isStaff(request.caller)) {
      const followUps = await followUpSummaries(
        db,
        rows.map((row) => row.id),
      );
      for (const doc of docs) doc.followUp = followUps.get(Number(doc.id));
    }
    addListCells(request.caller, collection, rows, docs);
    return { docs, ...pagination };
  });

  app.get('/api/:slug/count', { schema: { params: slugParams, querystring: payloadQuery, headers: credentialHeaders } }, async (request: SlugRequest) => {
    const collection = readable(request);
    return { totalDocs: await countDocuments(db, registry, request.caller, collection, queryOf(request)) };
  });

  app.get('/api/:slug/:id', { schema: { params: slugIdParams, querystring: payloadQuery, headers: credentialHeaders } }, async (request: SlugRequest) => {
    const collection = readable(request);
    const id = idParam(request.params.id);
    const { rows } = await findDocuments(db, registry, request.caller, collection, { where: { id: { equals: String(id) } }, limit: '1' });
    if (rows.length === 0) throw notFound();
    if (collection.kind === 'submissions')
      await recordAudit(db, request.caller, { action: 'read-submission', target: collection.slug, documentId: rows[0].id });
    const [doc] = await present(request, collection, rows, depthOf(queryOf(request)));
    return collection.kind === 'submissions' && isStaff(request.caller) ? { ...doc, followUp: await readFollowUp(ctx.sealed, db, rows[0].id) } : doc;
  });

  // The body is checked by the form's compiled schema (or is a multipart upload), not here.
  app.post(
    '/api/:slug',
    { schema: { params: slugParams, querystring: payloadQuery, headers: createHeaders }, config: { namesRefusedKeys: true } },
    async (request: SlugRequest, reply) => {
      const collection = collectionOf(request);
      if (collection.kind === 'content')
        return reply
          .code(201)
          .send({ doc: await createContent({ ctx, request, target: collection.slug }, collection), message: `${collection.label} successfully created.` });
      const caller = request.caller;
      if (caller.kind === 'anonymous' || !(collection.publicCreate || isStaff(caller))) throw forbidden();
      await ctx.limits.create(request, collection.slug);
      const query = queryOf(request);
      // Every query parameter is checked before anything is stored: a 400 must leave nothing behind.
      const depth = depthOf(query);
      if (collection.kind === 'uploads') {
        const slot = await ctx.orphanUploads.reserve(
          db,
          request.ip,
          resolveLanguage(typeof query.locale === 'string' ? query.locale : request.headers['accept-language']),
        );
        let received: Awaited<ReturnType<typeof receiveUpload>>;
        try {
          received = await receiveUpload(db, ctx.config.dataDir, collection, request, ctx);
        } catch (error) {
          await slot.release();
          throw error;
        }
        await slot.keep(received.row.id);
        // `claim` beside Payload's `doc`: the submission naming this file must carry it (X-Upload-Claim).
        return reply.code(201).send({ doc: toDoc(collection, received.row), message: `${collection.label} successfully created.`, claim: received.claim });
      }
      const form = collection.form!;
      const proof = request.headers['x-captcha-proof'];
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const idempotent = key ? idempotentRequest(collection.slug, caller.kind === 'staff' ? `user:${caller.user.id}` : caller.kind, key, request.body) : null;
      const lang = requestLanguage(form, query.locale, request.headers['accept-language']);
      /** Other features' fields beside `doc` (e.g. the link to a waiver's signed copy), never in place of Payload's keys. */
      const answerFields = (row: DocumentRow) => answerFieldsOf(ctx.submissionAnswers, { collection, row, lang }, ctx.jwtSecret, db);
      // A retry with the key of a stored submission gets the first answer again, nothing stored.
      const { row, replayed } = await storeOnce(db, collection.slug, idempotent, (idempotency) =>
        storeSubmission(ctx, collection, {
          body: request.body,
          captchaProof: typeof proof === 'string' ? proof : undefined,
          uploadClaims: claimedUploadHashes(request.headers[UPLOAD_CLAIM_HEADER]),
          lang,
          refusedKeys: request.refusedKeys ?? undefined,
          idempotency,
          client: { ip: request.ip, userAgent: request.headers['user-agent'] },
          view: typeof request.headers[VIEW_HEADER] === 'string' ? request.headers[VIEW_HEADER] : undefined,
          party: typeof request.headers[PARTY_HEADER] === 'string' ? request.headers[PARTY_HEADER] : undefined,
        }),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      const [doc] = await present(request, collection, [row], depth);
      return reply.code(201).send({ ...(await answerFields(row)), doc, message: `${collection.label} successfully created.` });
    },
  );

  app.get(
    '/api/globals/:slug',
    { schema: { params: slugParams, querystring: payloadQuery, headers: credentialHeaders } },
    async (request: FastifyRequest<{ Params: { slug: string } }>) => {
      const global = registry.globals.get(request.params.slug);
      if (!global) throw routeNotFound(pathnameOf(request));
      const caller = request.caller;
      if (caller.kind === 'anonymous' || (caller.kind === 'public' && global.read !== 'public')) throw forbidden();
      const { rows } = await db.query<{ data: Record<string, unknown>; created_at: Date; updated_at: Date }>('SELECT * FROM globals WHERE slug = $1', [
        global.slug,
      ]);
      if (rows.length === 0) return {};
      const [row] = rows;
      // Payload's SQL adapters keep each global as the one row of its own table: its id is 1.
      return { id: 1, ...row.data, globalType: global.slug, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
    },
  );
});
