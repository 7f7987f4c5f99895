// The thread routes: read a case's messages, preview a reply as the guest will read it, reply to the guest. Every route answers exactly as
// reading the submission would (the follow-up's check: role, form and venue): no staff right, 403;
// a submission the caller cannot read, or none, 404. A reply is stored, its email queued on the
// outbox and the reply audited (who, when, never the words) in one transaction. Nothing of a message is logged (the request log names routes only).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { forbidden, notFound, routeNotFound } from '../../core/errors.ts';
import { isStaff } from '../../core/access/roles.ts';
import { credentialHeaders, slugIdParams } from '../../core/http/route-schemas.ts';
import { pathnameOf } from '../../core/http/pathname.ts';
import { idParam } from '../../core/http/row-id.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { enqueue } from '../../core/outbox/outbox.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { CaseMessage, CasePreview, CaseThread } from '../../../engine/contract/cases.ts';
import { fillReply } from '../../../engine/cases/reply-placeholders.ts';
import { t } from '../../../engine/text/messages.ts';
import { canFollowUp, followUpAfterReply } from '../followup/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { ChannelName } from '../alerts/index.ts';
import { guestEmail, guestLanguage, placeholderValues, replyBlock } from './case-guest.ts';
import { checkReply, replyRefused } from './reply-check.ts';
import { CASE_REPLY_KIND, replyEmailKind, replyKey } from './reply-email.ts';
import { readMessage, readThread } from './thread.ts';

type SubmissionRequest = FastifyRequest<{ Params: { slug: string; id: string }; Querystring: { locale?: string } }>;

const localeQuery = { type: 'object', properties: { locale: { type: 'string', maxLength: 35 } } } as const;

export const casesPlugin = ownPlugin('cases', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;
  ctx.outbox.register(replyEmailKind(ctx));

  /** The submission, when the caller may follow it up (read it: the same check). */
  async function submissionOf(request: SubmissionRequest): Promise<{ collection: Collection; row: DocumentRow }> {
    const collection = registry.collections.get(request.params.slug);
    if (!collection || collection.kind !== 'submissions') throw routeNotFound(pathnameOf(request));
    if (!isStaff(request.caller)) throw forbidden();
    const { rows } = await db.query<DocumentRow>('SELECT * FROM documents WHERE collection = $1 AND id = $2', [collection.slug, idParam(request.params.id)]);
    if (!rows[0] || !canFollowUp(request.caller, collection, rows[0])) throw notFound();
    return { collection, row: rows[0] };
  }

  app.get(
    '/api/:slug/:id/messages',
    { schema: { params: slugIdParams, headers: credentialHeaders, response: { 200: CaseThread } } },
    async (request: SubmissionRequest) => {
      const { collection, row } = await submissionOf(request);
      return {
        docs: await readThread(ctx.sealed, db, row.id),
        reply: { lang: await guestLanguage(db, collection.form!.compiled, row), blocked: replyBlock(collection, row) },
      };
    },
  );

  /** The reply as it would be sent: checked (409, 400 in the console's language), placeholders filled in the guest's language. */
  async function compose(request: SubmissionRequest) {
    const { collection, row } = await submissionOf(request);
    if (request.caller.kind !== 'staff') throw forbidden();
    const staff = request.caller.user;
    const lang = resolveLanguage(request.query.locale ?? request.headers['accept-language']);
    const block = replyBlock(collection, row);
    if (block) throw replyRefused(collection, block, lang);
    const guestLang = await guestLanguage(db, collection.form!.compiled, row);
    const checked = await checkReply(db, collection, request.body, guestLang, lang);
    const values = await placeholderValues(db, collection, row, guestLang, staff);
    const subject = fillReply(checked.subject ?? t('caseReplySubject', guestLang, { venue: values.venue }), values);
    return { collection, row, staff, guestLang, subject, text: fillReply(checked.text, values), templateId: checked.templateId };
  }

  app.post(
    '/api/:slug/:id/messages/preview',
    { schema: { params: slugIdParams, querystring: localeQuery, headers: credentialHeaders, response: { 200: CasePreview } } },
    async (request: SubmissionRequest) => {
      const { guestLang, subject, text } = await compose(request);
      return { lang: guestLang, subject, text };
    },
  );

  app.post(
    '/api/:slug/:id/messages',
    { schema: { params: slugIdParams, querystring: localeQuery, headers: credentialHeaders, response: { 201: CaseMessage } } },
    async (request: SubmissionRequest, reply: FastifyReply) => {
      const { collection, row, staff, guestLang, subject, text, templateId } = await compose(request);
      const message = await db.transaction(async (tx) => {
        // Held until the reply is stored: a submission erased meanwhile is a 404, not a broken reference.
        const { rows: still } = await tx.query('SELECT 1 FROM documents WHERE id = $1 FOR SHARE', [row.id]);
        if (still.length === 0) throw notFound();
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO case_messages (document_id, direction, subject, text, author_id, lang) VALUES ($1, 'to-guest', $2, $3, $4, $5) RETURNING id`,
          [row.id, subject, text, staff.id, guestLang],
        );
        const id = rows[0].id;
        await enqueue(tx, {
          kind: CASE_REPLY_KIND,
          channel: 'email' satisfies ChannelName,
          recipient: guestEmail(collection, row),
          key: replyKey(row.id, id),
          sourceId: id,
          documentId: row.id,
          lang: guestLang,
        });
        // Who replied and when (the log's own), and from which template: never the words (they are the thread's).
        await recordAudit(tx, request.caller, {
          action: 'reply-to-guest',
          target: collection.slug,
          documentId: row.id,
          detail: { messageId: id, ...(templateId !== null ? { templateId } : {}) },
        });
        // The case is taken up: waiting for the guest's answer when the reply asks for one, else in progress (recorded after the reply).
        const waitForGuest = (request.body as { waitForGuest?: unknown } | null)?.waitForGuest === true;
        await followUpAfterReply(ctx.sealed, tx, { collection, documentId: row.id, caller: request.caller, waitForGuest, messageId: id });
        return readMessage(tx, id);
      });
      return reply.code(201).send(message);
    },
  );
});
