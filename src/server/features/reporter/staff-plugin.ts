// Compliance's side of a reporter's case, beside the submission (only who reads it: role, form, venue
// and not excluded, core/access/submission-access.ts; else 404 as for any submission they cannot read):
// - GET /api/{collection}/{id}/reporter: state, outcome, dates, the next states, who is excluded, the thread;
// - POST .../reporter/messages {kind: question | feedback, text}: to the reporter, read on their page (no email);
// - POST .../reporter/acknowledge: the one action that writes the acknowledgement (the reply template of
//   this form in the report's language, content editors keep its words) and marks the case acknowledged;
// - PATCH .../reporter {state, outcome}: investigating, closed with an outcome (REPORT_TRANSITIONS);
// - PUT / DELETE .../reporter/exclusions/{userId}: conflict of interest, that account reads nothing of it.
// Internal notes stay the follow-up's (PATCH .../followup {note}): the reporter never reads them.
// Everything is audited without its words.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { ApiError, forbidden, notFound, routeNotFound, validationError } from '../../core/errors.ts';
import { isStaff } from '../../core/access/roles.ts';
import { credentialHeaders, slugIdParams } from '../../core/http/route-schemas.ts';
import { pathnameOf } from '../../core/http/pathname.ts';
import { idParam } from '../../core/http/row-id.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import { fillReply } from '../../../engine/cases/reply-placeholders.ts';
import { REPORT_OUTCOMES, REPORT_TRANSITIONS, REPORTER_TEXT_MAX_LENGTH, type ReportState } from '../../../engine/cases/reporter-case.ts';
import { ReporterStaffMessage, ReporterStateChange, type ReporterStaffCase } from '../../../engine/contract/reporter.ts';
import { canFollowUp } from '../followup/index.ts';
import { recordAudit } from '../audit/index.ts';
import { caseRow, reporterMessages } from './case-view.ts';
import { storeStaffMessage } from './thread-write.ts';
import { feedbackAgain, feedbackGiven, overdueClock, reportClockKind, reportClockMailKind, startFeedbackClock } from './report-clocks.ts';

type SubmissionRequest = FastifyRequest<{ Params: { slug: string; id: string; userId?: string }; Querystring: { locale?: string } }>;

const localeQuery = { type: 'object', properties: { locale: { type: 'string', maxLength: 35 } } } as const;
const exclusionParams = {
  type: 'object',
  properties: { slug: { type: 'string', maxLength: 100 }, id: { type: 'string', maxLength: 20 }, userId: { type: 'string', maxLength: 12 } },
  required: ['slug', 'id', 'userId'],
} as const;

/** The content collection whose template of this form, in the report's language, is the acknowledgement (features/cases'). */
const REPLY_TEMPLATES = 'reply-templates';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const reporterStaffPlugin = ownPlugin('reporter-staff', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;
  ctx.timers.register(reportClockKind(ctx));
  ctx.outbox.register(reportClockMailKind(ctx));

  async function caseOf(request: SubmissionRequest): Promise<{ collection: Collection; row: DocumentRow; userId: number }> {
    const collection = registry.collections.get(request.params.slug);
    if (!collection || collection.kind !== 'submissions' || !collection.form?.compiled.form.reporterAccess) throw routeNotFound(pathnameOf(request));
    if (!isStaff(request.caller) || request.caller.kind !== 'staff') throw forbidden();
    const { rows } = await db.query<DocumentRow>('SELECT * FROM documents WHERE collection = $1 AND id = $2', [collection.slug, idParam(request.params.id)]);
    if (!rows[0] || !canFollowUp(request.caller, collection, rows[0])) throw notFound();
    return { collection, row: rows[0], userId: request.caller.user.id };
  }

  const consoleLang = (request: SubmissionRequest) => resolveLanguage(request.query.locale ?? request.headers['accept-language']?.split(',')[0]);

  async function stateOf(tx: Queryable, documentId: number): Promise<ReporterStaffCase> {
    const stored = await caseRow(tx, documentId);
    if (!stored) throw notFound(); // a report stored before its form took reporters back
    const { rows: excluded } = await tx.query<{ id: number; name: string | null; email: string }>(
      'SELECT u.id, u.name, u.email FROM submission_exclusions e JOIN users u ON u.id = e.user_id WHERE e.document_id = $1 ORDER BY u.email',
      [documentId],
    );
    const { rows: authors } = await tx.query<{ id: number; author: string | null }>(
      'SELECT m.id, COALESCE(u.name, u.email) AS author FROM case_messages m LEFT JOIN users u ON u.id = m.author_id WHERE m.document_id = $1',
      [documentId],
    );
    const authorOf = new Map(authors.map((row) => [row.id, row.author]));
    return {
      state: stored.state,
      outcome: stored.outcome,
      lang: stored.lang,
      acknowledgedAt: iso(stored.acknowledged_at),
      feedbackAt: iso(stored.feedback_at),
      closedAt: iso(stored.closed_at),
      acknowledgeDueAt: iso(stored.acknowledge_due_at),
      feedbackDueAt: iso(stored.feedback_due_at),
      overdue: overdueClock(stored),
      next: [...REPORT_TRANSITIONS[stored.state]],
      excluded,
      messages: (await reporterMessages(ctx.sealed, tx, documentId)).map((message) => ({ ...message, author: authorOf.get(message.id) ?? null })),
    };
  }

  app.get('/api/:slug/:id/reporter', { schema: { params: slugIdParams, headers: credentialHeaders } }, async (request: SubmissionRequest) => {
    const { row } = await caseOf(request);
    return stateOf(db, row.id);
  });

  app.post(
    '/api/:slug/:id/reporter/messages',
    { schema: { params: slugIdParams, querystring: localeQuery, headers: credentialHeaders, body: ReporterStaffMessage } },
    async (request: SubmissionRequest, reply: FastifyReply) => {
      const { collection, row, userId } = await caseOf(request);
      const body = request.body as ReporterStaffMessage;
      const text = (body.text ?? '').trim();
      const lang = consoleLang(request);
      const kind = body.kind;
      if (kind !== 'question' && kind !== 'feedback') throw validationError(collection.slug, [{ path: 'kind', message: t('invalid', lang) }]);
      if (text === '') throw validationError(collection.slug, [{ path: 'text', message: t('staffCaseReplyEmpty', lang) }]);
      if (text.length > REPORTER_TEXT_MAX_LENGTH)
        throw validationError(collection.slug, [{ path: 'text', message: t('staffCaseReplyTooLong', lang, { max: REPORTER_TEXT_MAX_LENGTH }) }]);
      const state = await db.transaction(async (tx) => {
        const stored = await caseRow(tx, row.id);
        if (!stored) throw notFound();
        const id = await storeStaffMessage(ctx.sealed, tx, row.id, userId, kind, text, stored.lang);
        await recordAudit(tx, request.caller, {
          action: 'reporter-message',
          target: collection.slug,
          documentId: row.id,
          detail: { messageId: id, kind: body.kind },
        });
        return stateOf(tx, row.id);
      });
      return reply.code(201).send(state);
    },
  );

  app.post(
    '/api/:slug/:id/reporter/acknowledge',
    { schema: { params: slugIdParams, querystring: localeQuery, headers: credentialHeaders } },
    async (request: SubmissionRequest) => {
      const { collection, row, userId } = await caseOf(request);
      const compiled = collection.form!.compiled;
      return db.transaction(async (tx) => {
        const { rows: locked } = await tx.query<{ state: ReportState; lang: string }>(
          'SELECT state, lang FROM reporter_cases WHERE document_id = $1 FOR UPDATE',
          [row.id],
        );
        if (!locked[0]) throw notFound();
        if (locked[0].state !== 'received') throw stateRefused(collection, consoleLang(request), locked[0].state, 'acknowledged');
        const stored = await caseRow(tx, row.id);
        const { rows: templates } = await tx.query<{ body: string }>(
          `SELECT data->>'body' AS body FROM documents WHERE collection = $1 AND data->>'form' = $2 AND data->>'language' = $3 ORDER BY id LIMIT 1`,
          [REPLY_TEMPLATES, compiled.id, stored.lang],
        );
        const values = {
          reference: row.reference ?? String(row.id),
          venue: formText(compiled.id, compiled.form.title, stored.lang),
          guest_name: '',
          staff_name: '',
          visit_date: '',
        };
        const text = fillReply(templates[0]?.body?.trim() || t('reporterAcknowledgementText', stored.lang, { reference: values.reference }), values);
        const id = await storeStaffMessage(ctx.sealed, tx, row.id, userId, 'acknowledgement', text, stored.lang);
        const { rows: acknowledged } = await tx.query<{ acknowledged_at: Date }>(
          `UPDATE reporter_cases SET state = 'acknowledged', acknowledged_at = now(), updated_at = now(), updated_by = $2 WHERE document_id = $1 RETURNING acknowledged_at`,
          [row.id, userId],
        );
        await startFeedbackClock(tx, compiled.form.reporterAccess!, row.id, acknowledged[0].acknowledged_at);
        await recordAudit(tx, request.caller, {
          action: 'reporter-state',
          target: collection.slug,
          documentId: row.id,
          detail: { state: 'acknowledged', messageId: id },
        });
        return stateOf(tx, row.id);
      });
    },
  );

  app.patch(
    '/api/:slug/:id/reporter',
    { schema: { params: slugIdParams, querystring: localeQuery, headers: credentialHeaders, body: ReporterStateChange } },
    async (request: SubmissionRequest) => {
      const { collection, row, userId } = await caseOf(request);
      const change = request.body as ReporterStateChange;
      const lang = consoleLang(request);
      const to = change.state;
      if (!to) throw validationError(collection.slug, [{ path: 'state', message: t('invalid', lang) }]);
      return db.transaction(async (tx) => {
        const { rows: locked } = await tx.query<{ state: ReportState }>('SELECT state FROM reporter_cases WHERE document_id = $1 FOR UPDATE', [row.id]);
        if (!locked[0]) throw notFound();
        const from = locked[0].state;
        // Acknowledging writes the acknowledgement: its own action.
        if (to === 'acknowledged' || !REPORT_TRANSITIONS[from].includes(to)) throw stateRefused(collection, lang, from, to);
        const outcome = to === 'closed' ? change.outcome : null;
        if (to === 'closed' && !outcome)
          throw validationError(collection.slug, [
            { path: 'outcome', message: t('staffReporterOutcomeNeeded', lang, { outcomes: REPORT_OUTCOMES.join(', ') }) },
          ]);
        await tx.query(
          `UPDATE reporter_cases SET state = $2, outcome = $3, closed_at = CASE WHEN $2 = 'closed' THEN now() END, updated_at = now(), updated_by = $4 WHERE document_id = $1`,
          [row.id, to, outcome, userId],
        );
        if (to === 'closed') await feedbackGiven(tx, row.id);
        else if (from === 'closed') await feedbackAgain(tx, collection.form!.compiled.form.reporterAccess!, row.id);
        await recordAudit(tx, request.caller, {
          action: 'reporter-state',
          target: collection.slug,
          documentId: row.id,
          detail: { state: change.state, outcome },
        });
        return stateOf(tx, row.id);
      });
    },
  );

  async function exclusion(request: SubmissionRequest, exclude: boolean) {
    const { collection, row, userId } = await caseOf(request);
    const target = idParam(request.params.userId!);
    const { rows: users } = await db.query('SELECT 1 FROM users WHERE id = $1', [target]);
    if (users.length === 0) throw validationError(collection.slug, [{ path: 'userId', message: t('staffReporterNoSuchAccount', consoleLang(request)) }]);
    await db.transaction(async (tx) => {
      if (exclude)
        await tx.query('INSERT INTO submission_exclusions (document_id, user_id, created_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
          row.id,
          target,
          userId,
        ]);
      else await tx.query('DELETE FROM submission_exclusions WHERE document_id = $1 AND user_id = $2', [row.id, target]);
      await recordAudit(tx, request.caller, {
        action: 'case-exclusion',
        target: collection.slug,
        documentId: row.id,
        detail: { userId: target, excluded: exclude },
      });
    });
    // The caller may have excluded themselves: answered with what they may still see.
    return target === userId && exclude ? { excluded: true } : stateOf(db, row.id);
  }

  app.put('/api/:slug/:id/reporter/exclusions/:userId', { schema: { params: exclusionParams, headers: credentialHeaders } }, (request: SubmissionRequest) =>
    exclusion(request, true),
  );
  app.delete('/api/:slug/:id/reporter/exclusions/:userId', { schema: { params: exclusionParams, headers: credentialHeaders } }, (request: SubmissionRequest) =>
    exclusion(request, false),
  );
});

/** 409: the case cannot go from its state to the one asked, naming where it may go. */
function stateRefused(collection: Collection, lang: ReturnType<typeof resolveLanguage>, from: ReportState, to: string): ApiError {
  const message = t('staffReporterStateRefused', lang, { from, to, next: REPORT_TRANSITIONS[from].join(', ') || '-' });
  return new ApiError(409, { errors: [{ name: 'StateNotPossible', message, data: { collection: collection.slug, errors: [{ path: 'state', message }] } }] });
}
