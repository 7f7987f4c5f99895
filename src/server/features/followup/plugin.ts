// The follow-up routes: read it, change it (PATCH), and the accounts it may be given to. Every
// route answers exactly as reading the submission would: no staff right, 403; a submission the
// caller cannot read, or none, 404 (its existence is not told).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { forbidden, notFound, routeNotFound } from '../../core/errors.ts';
import { isStaff } from '../../core/access/roles.ts';
import { credentialHeaders, slugIdParams, slugParams } from '../../core/http/route-schemas.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { FollowUp, FollowUpAssignees, type FollowUpState } from '../../../engine/contract/followup.ts';
import { recordAudit } from '../audit/index.ts';
import { applyFollowUpChange, readFollowUp } from './followups.ts';
import { assigneesOf, checkFollowUpChange, checkWorkflow } from './check-change.ts';
import { canFollowUp } from './permission.ts';
import { pathnameOf } from '../../core/http/pathname.ts';
import { idParam } from '../../core/http/row-id.ts';
import { clockAfterChange } from './clock-changes.ts';
import { recoveryAfterChange } from './recovery-step.ts';
import { caseClockKind, caseClockMailKind } from './clock-steps.ts';

type SubmissionRequest = FastifyRequest<{ Params: { slug: string; id: string }; Querystring: { locale?: string } }>;

const localeQuery = { type: 'object', properties: { locale: { type: 'string', maxLength: 35 } } } as const;

export const followUpPlugin = ownPlugin('followup', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;
  ctx.timers.register(caseClockKind(ctx));
  ctx.outbox.register(caseClockMailKind(ctx));

  function collectionOf(request: FastifyRequest<{ Params: { slug: string } }>): Collection {
    const collection = registry.collections.get(request.params.slug);
    if (!collection || collection.kind !== 'submissions') throw routeNotFound(pathnameOf(request));
    if (!isStaff(request.caller)) throw forbidden();
    return collection;
  }

  /** The submission, when the caller may follow it up. */
  async function submissionOf(request: SubmissionRequest): Promise<{ collection: Collection; row: DocumentRow }> {
    const collection = collectionOf(request);
    const { rows } = await db.query<DocumentRow>('SELECT * FROM documents WHERE collection = $1 AND id = $2', [collection.slug, idParam(request.params.id)]);
    if (!rows[0] || !canFollowUp(request.caller, collection, rows[0])) throw notFound();
    return { collection, row: rows[0] };
  }

  app.get(
    '/api/:slug/:id/followup',
    { schema: { params: slugIdParams, headers: credentialHeaders, response: { 200: FollowUp } } },
    async (request: SubmissionRequest) => {
      const { row } = await submissionOf(request);
      return readFollowUp(ctx.sealed, db, row.id);
    },
  );

  app.patch(
    '/api/:slug/:id/followup',
    { schema: { params: slugIdParams, querystring: localeQuery, headers: credentialHeaders, response: { 200: FollowUp } } },
    async (request: SubmissionRequest) => {
      const { collection, row } = await submissionOf(request);
      const lang = resolveLanguage(request.query.locale ?? request.headers['accept-language']);
      const change = await checkFollowUpChange(db, collection, row, request.body, lang);
      const userId = request.caller.kind === 'staff' ? request.caller.user.id : 0;
      return db.transaction(async (tx) => {
        // Held until the change is stored: a submission erased meanwhile is a 404, not a broken reference.
        const { rows: still } = await tx.query('SELECT 1 FROM documents WHERE id = $1 FOR SHARE', [row.id]);
        if (still.length === 0) throw notFound();
        const { rows: stored } = await tx.query<{ state: FollowUpState }>('SELECT state FROM followups WHERE document_id = $1 FOR UPDATE', [row.id]);
        const before = stored[0]?.state ?? 'new';
        checkWorkflow(collection, before, change, lang);
        const noteId = await applyFollowUpChange(ctx.sealed, tx, row.id, userId, change);
        await clockAfterChange(tx, collection, row.id, before, change);
        await recoveryAfterChange(tx, row.id, before);
        // What changed (the case's history: state from and to, the outcome), never a note's words
        // (they stay in followup_notes and followups.outcome_note, with author and time).
        const detail = {
          ...(change.state !== undefined ? { state: change.state, from: before } : {}),
          ...(change.outcome !== undefined ? { outcome: change.outcome, outcomeNote: change.outcomeNote !== undefined } : {}),
          ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
          ...(noteId !== null ? { noteId } : {}),
        };
        await recordAudit(tx, request.caller, { action: 'update-followup', target: collection.slug, documentId: row.id, detail });
        return readFollowUp(ctx.sealed, tx, row.id);
      });
    },
  );

  app.get(
    '/api/:slug/followup-assignees',
    { schema: { params: slugParams, headers: credentialHeaders, response: { 200: FollowUpAssignees } } },
    async (request: FastifyRequest<{ Params: { slug: string } }>) => {
      const collection = collectionOf(request);
      if (!canFollowUp(request.caller, collection, null)) throw notFound();
      const users = await assigneesOf(db, collection, request.caller);
      return { docs: users.map((user) => ({ id: user.id, name: user.name, email: user.email })) };
    },
  );
});
