// The signed copy of a waiver: the guest's link (GET /api/waiver-copy/<token>, no credentials: the
// token is the proof), staff's download from the submission page (GET /api/waiver-copy/staff/
// <collection>/<id>, read access exactly as reading the submission), and staff's check that the
// stored answers still match their fingerprint (POST /api/waiver-copy/verify, a Form ID or a copy).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { WaiverVerification, type WaiverVerifyRequest } from '../../../engine/contract/waiver-copy.ts';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { mayOpen } from '../../core/access/submission-access.ts';
import { isStaff } from '../../core/access/roles.ts';
import { badRequest, forbidden, notFound, routeNotFound } from '../../core/errors.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { recordAudit } from '../audit/index.ts';
import { readCopyToken, tokenLanguage } from './copy-link.ts';
import { definitionSeen } from './definition-seen.ts';
import { goneHtml } from '../../core/http/gone-page.ts';
import { answersMatch, referenceInPdf, waiverById, waiverByReference, type SignedWaiver } from './signed-waivers.ts';
import { CopyDrawer } from './pdf-pool.ts';
import { copyEmailKind } from './copy-email.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { rowIdOf } from '../../core/http/row-id.ts';

/** A PDF copy is a few hundred kilobytes; anything much larger is not one of ours. */
export const MAX_VERIFY_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The link's page may show nothing but itself. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const tokenParams = { type: 'object', properties: { token: { type: 'string', maxLength: 120 } }, required: ['token'] } as const;
const staffParams = {
  type: 'object',
  properties: { slug: { type: 'string', maxLength: 100 }, id: { type: 'string', maxLength: 12 } },
  required: ['slug', 'id'],
} as const;

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;
type StaffRequest = FastifyRequest<{ Params: { slug: string; id: string } }>;

function languageOf(row: DocumentRow, fallback: Lang): Lang {
  const lang = (row.evidence as { language?: unknown } | null)?.language;
  return lang === 'en' || lang === 'ar' || lang === 'fr' ? lang : fallback;
}

async function sendPdf(
  db: Queryable,
  drawer: CopyDrawer,
  request: FastifyRequest,
  reply: FastifyReply,
  collection: Collection,
  row: DocumentRow,
  lang: Lang,
): Promise<FastifyReply | null> {
  const compiled = await definitionSeen(db, collection, row.form_hash);
  if (!compiled) return null;
  const bytes = await drawer.copy(row, compiled, compiled.languages.includes(lang) ? lang : compiled.languages[0], request.ip);
  return sendCopy(reply, row.reference ?? String(row.id), bytes);
}

const sendCopy = (reply: FastifyReply, reference: string, bytes: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="waiver-${reference}.pdf"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);

export const waiverCopyPlugin = ownPlugin('waiver-copy', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;
  const drawer = new CopyDrawer(db);
  ctx.outbox.register(copyEmailKind(ctx, drawer));
  // The outbox first (it may be drawing a copy for an email), then the worker.
  app.addHook('onClose', async () => {
    await ctx.outbox.stop();
    await drawer.stop();
  });

  app.get('/api/waiver-copy/staff/:slug/:id', { schema: { params: staffParams } }, async (request: StaffRequest, reply) => {
    const collection = registry.collections.get(request.params.slug);
    if (!collection || collection.kind !== 'submissions') throw routeNotFound(`/api/waiver-copy/staff/${request.params.slug}`);
    if (!mayOpen(request.caller, registry, collection)) throw forbidden();
    const id = rowIdOf(request.params.id);
    const row = id === null ? null : await waiverById(db, registry, request.caller, collection, id);
    if (!row) throw notFound();
    await recordAudit(db, request.caller, { action: 'read-submission', target: collection.slug, documentId: row.id, detail: { copy: 'pdf' } });
    const sent = await sendPdf(db, drawer, request, reply, collection, row, languageOf(row, 'en'));
    if (!sent) throw notFound();
    return sent;
  });

  app.post('/api/waiver-copy/verify', { schema: { response: { 200: WaiverVerification } } }, async (request, reply) => {
    if (!isStaff(request.caller)) throw forbidden();
    let reference: string | null;
    if (request.isMultipart()) {
      const part = await request.file({ limits: { fileSize: MAX_VERIFY_UPLOAD_BYTES, files: 1, fields: 2, parts: 3 }, throwFileSizeLimit: false });
      if (!part || part.fieldname !== 'file') throw badRequest('Send the PDF copy in the field "file".');
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw badRequest(`file: a PDF copy is at most ${MAX_VERIFY_UPLOAD_BYTES / 1024 / 1024} MB.`);
      reference = referenceInPdf(bytes);
      if (!reference) throw badRequest('file: this file holds no Form ID of a signed waiver copy.');
    } else {
      const body = request.body as Partial<WaiverVerifyRequest> | null;
      reference = typeof body?.reference === 'string' && body.reference.trim() && body.reference.length <= 40 ? body.reference : null;
      if (!reference) throw badRequest('reference: enter the Form ID (e.g. K7QM-4XW2-9D).');
    }
    const found: SignedWaiver | null = await waiverByReference(db, registry, request.caller, reference);
    if (!found) throw notFound();
    await recordAudit(db, request.caller, { action: 'read-submission', target: found.collection.slug, documentId: found.row.id, detail: { verify: true } });
    const answer: WaiverVerification = {
      reference: found.row.reference ?? String(found.row.id),
      form: found.collection.form!.compiled.id,
      signedAt: found.row.created_at.toISOString(),
      matches: answersMatch(found.row),
    };
    return reply.send(answer);
  });

  app.get('/api/waiver-copy/:token', { schema: { params: tokenParams } }, async (request: TokenRequest, reply) => {
    const claim = readCopyToken(ctx.jwtSecret, request.params.token);
    const gone = () =>
      reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_POLICY)
        .header('cache-control', 'no-store')
        .send(
          goneHtml(tokenLanguage(request.params.token) ?? resolveLanguage(request.headers['accept-language']), 'waiverCopyGoneTitle', 'waiverCopyGoneHint'),
        );
    if (!claim) return gone();
    // A link opened over and over counts like creates (RATE_LIMIT_PER_MINUTE per address); the copy kept is read without its row (a signed waiver's is up to 250 KB).
    const kept = await drawer.kept(claim.documentId, claim.lang);
    if (kept) {
      await ctx.limits.create(request, 'waiver-copy');
      return sendCopy(reply, kept.reference, kept.pdf);
    }
    const { rows } = await db.query<DocumentRow>('SELECT * FROM documents WHERE id = $1 AND evidence IS NOT NULL', [claim.documentId]);
    const collection = rows[0] && registry.collections.get(rows[0].collection);
    if (!rows[0] || !collection) return gone();
    await ctx.limits.create(request, 'waiver-copy');
    return (await sendPdf(db, drawer, request, reply, collection, rows[0], claim.lang)) ?? gone();
  });
});
