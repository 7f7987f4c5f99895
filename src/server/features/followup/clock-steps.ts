// Running a case's steps: the core timers claim a due step of kind 'case-clock' and run it here, in
// the transaction that marks it done. A step of a clock met meanwhile tells nobody; otherwise the
// step finds whom it tells (the assignee, else the venue's managers; the venue's managers; the
// venue's manager_email; addresses; a role's accounts), records itself in the case's timeline
// (case_clock_events) and the audit log, and queues one email per address on the core outbox (kind
// 'case-clock'): stored exactly when the step counts as run, sent at least once with a stable key.
import { createHash } from 'node:crypto';
import type { ServerContext } from '../../core/context.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { enqueue, type OutboxKind } from '../../core/outbox/outbox.ts';
import type { TimerKind } from '../../core/timers/timers.ts';
import type { CaseClockName, EscalationNotify } from '../../../engine/contract/case-clock.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { t } from '../../../engine/text/messages.ts';
import { recordAudit } from '../audit/index.ts';
import { consoleLink, dohaTime, leaseMs } from '../alerts/index.ts';
import { CASE_CLOCK_KIND, parseStepKey, type ClockRow } from './case-clock.ts';

/** The outbox kind of a step's emails. */
export const CASE_CLOCK_MAIL_KIND = 'case-clock';

const notifyName = (notify: EscalationNotify): string => (typeof notify === 'string' ? notify : 'emails' in notify ? 'emails' : `role:${notify.role}`);

async function activeEmails(tx: Queryable, where: string, params: unknown[]): Promise<string[]> {
  const { rows } = await tx.query<{ email: string }>(`SELECT email FROM users WHERE disabled_at IS NULL AND ${where} ORDER BY id`, params);
  return rows.map((row) => row.email);
}

/** The active managers of the submission's venue (none for a submission naming no venue). */
const venueManagers = (tx: Queryable, row: DocumentRow) =>
  row.venue ? activeEmails(tx, `'manager' = ANY(roles) AND $1 = ANY(venues)`, [row.venue]) : Promise.resolve([]);

async function venueManagerEmail(tx: Queryable, compiled: CompiledForm, row: DocumentRow): Promise<string[]> {
  const venue = compiled.venue;
  const value = venue ? row.data[venue.field] : undefined;
  if (!venue || value === undefined || value === null || value === '') return [];
  const { rows } = await tx.query<{ email: string | null }>(
    `SELECT data->>'manager_email' AS email FROM documents WHERE collection = $1 AND (CASE WHEN $2 = 'id' THEN id::text ELSE data->>$2 END) = $3 LIMIT 1`,
    [venue.collection, venue.match, String(value)],
  );
  return rows[0]?.email ? [rows[0].email] : [];
}

async function recipientsOf(tx: Queryable, notify: EscalationNotify, compiled: CompiledForm, row: DocumentRow): Promise<string[]> {
  if (notify === 'assignee') {
    const assignee = await activeEmails(tx, 'id = (SELECT assignee_id FROM followups WHERE document_id = $1)', [row.id]);
    return assignee.length ? assignee : venueManagers(tx, row);
  }
  if (notify === 'managers') return venueManagers(tx, row);
  if (notify === 'manager_email') return venueManagerEmail(tx, compiled, row);
  if ('emails' in notify) return notify.emails;
  return activeEmails(tx, '$1 = ANY(roles)', [notify.role]);
}

/** Stable for (step, address): a retried email is the same message to the receiver. */
const mailKey = (eventId: number, address: string) => `case-clock-${eventId}-${createHash('sha256').update(address.toLowerCase()).digest('hex').slice(0, 16)}`;

export function caseClockKind(ctx: ServerContext): TimerKind {
  return {
    name: CASE_CLOCK_KIND,
    async run(step, tx) {
      const parsed = parseStepKey(step.key);
      if (!parsed) return;
      const { rows: clocks } = await tx.query<ClockRow>('SELECT * FROM case_clocks WHERE document_id = $1 FOR UPDATE', [parsed.documentId]);
      const clock = clocks[0];
      const met = parsed.clock === 'first-response' ? clock?.first_response_at : clock?.resolved_at;
      const chainStep = clock?.escalation[parsed.index];
      // Met, paused (its steps were cancelled: one claimed just then is let go) or gone: nobody to tell.
      if (!clock || met || clock.paused_at || !chainStep) return;
      const { rows: documents } = await tx.query<DocumentRow>('SELECT * FROM documents WHERE id = $1', [parsed.documentId]);
      const row = documents[0];
      const compiled = row && ctx.registry.collections.get(row.collection)?.form?.compiled;
      if (!row || !compiled) return;
      const recipients = [...new Set(await recipientsOf(tx, chainStep.notify, compiled, row))];
      const { rows: events } = await tx.query<{ id: number }>(
        'INSERT INTO case_clock_events (document_id, clock, step, at, notify, recipients) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [row.id, parsed.clock, parsed.index, String(chainStep.at), notifyName(chainStep.notify), recipients.length],
      );
      for (const address of recipients)
        await enqueue(tx, {
          kind: CASE_CLOCK_MAIL_KIND,
          channel: 'email',
          recipient: address,
          key: mailKey(events[0].id, address),
          sourceId: events[0].id,
          documentId: row.id,
        });
      // Whom, by kind and count: never the addresses, nor anything of the answers.
      await recordAudit(
        tx,
        { kind: 'anonymous' },
        {
          action: 'case-clock-step',
          target: row.collection,
          documentId: row.id,
          detail: { clock: parsed.clock, step: parsed.index, at: chainStep.at, notify: notifyName(chainStep.notify), recipients: recipients.length },
        },
      );
    },
  };
}

type EventRow = { document_id: number; clock: CaseClockName; at: string; created_at: Date };

/** A step's email, built when the outbox claims it: the reference, which clock, when it is (was) due, the link. No answer. */
export function caseClockMailKind(ctx: ServerContext): OutboxKind {
  return {
    name: CASE_CLOCK_MAIL_KIND,
    retryBaseMs: ctx.config.alerts.retryBaseMs,
    leaseMs: leaseMs(ctx.config.alerts.retryBaseMs),
    maxInFlight: 5,
    async build(email) {
      const { rows: events } = await ctx.db.query<EventRow>('SELECT document_id, clock, at, created_at FROM case_clock_events WHERE id = $1', [
        email.source_id,
      ]);
      const event = events[0];
      const { rows: documents } = event ? await ctx.db.query<DocumentRow>('SELECT * FROM documents WHERE id = $1', [event.document_id]) : { rows: [] };
      const { rows: clocks } = event ? await ctx.db.query<ClockRow>('SELECT * FROM case_clocks WHERE document_id = $1', [event.document_id]) : { rows: [] };
      const row = documents[0];
      const compiled = row && ctx.registry.collections.get(row.collection)?.form?.compiled;
      if (!event || !row || !compiled || !clocks[0]) return { ok: false, permanent: true, status: null, error: 'The case is no longer kept.' };
      const lang = email.lang;
      const dueAt = event.clock === 'first-response' ? clocks[0].first_response_due_at : clocks[0].resolve_due_at;
      const values = {
        reference: row.reference ?? String(row.id),
        form: compiled.staffTitle[lang] ?? compiled.staffTitle.en ?? compiled.id,
        clock: t(event.clock === 'first-response' ? 'caseClockFirstResponse' : 'caseClockResolve', lang),
        due: dueAt ? dohaTime(dueAt, lang) : '',
        link: consoleLink(ctx.config.alerts.consoleUrl, compiled.id, row.id),
      };
      const overdue = event.at === 'due';
      return {
        recipient: email.recipient,
        key: email.message_id,
        subject: t(overdue ? 'caseClockOverdueSubject' : 'caseClockReminderSubject', lang, values),
        text: `${t(overdue ? 'caseClockOverdueText' : 'caseClockReminderText', lang, values)}\n${values.link}\n`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      };
    },
  };
}
