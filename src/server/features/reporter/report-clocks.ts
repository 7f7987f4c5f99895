// A report's two legal clocks (EU Directive 2019/1937 art. 9): the acknowledgement is due the form's
// `reporterAccess.acknowledgeWithin` after receipt, the feedback `feedbackWithin` after the
// acknowledgement; each has a reminder (`acknowledgeReminder`, `feedbackReminder`) to the compliance
// accounts that may read the report (an excluded account is never told) and an escalation at its due
// time to COMPLIANCE_ESCALATION_EMAIL (unset: those accounts). Each is a step of the core timers (a
// row claimed FOR UPDATE SKIP LOCKED, run in the transaction that marks it done, so it runs once and
// survives a kill), scheduled in the transaction that starts the clock; a step of a clock met
// meanwhile (acknowledged; the first feedback or closing) tells nobody. Its emails go on the core
// outbox with a stable key: the reference, which clock, the due time and the console link, never
// a word of the report. The same as followup's case clocks, for a clock that starts at another
// clock's end (feedback counts from the acknowledgement), which a case policy cannot say.
import { createHash } from 'node:crypto';
import type { ServerContext } from '../../core/context.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { enqueue, type OutboxKind } from '../../core/outbox/outbox.ts';
import { cancelSteps, scheduleStep, type TimerKind } from '../../core/timers/timers.ts';
import { addPeriod } from '../../../engine/cases/reporter-case.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { t } from '../../../engine/text/messages.ts';
import { consoleLink, dohaTime, leaseMs } from '../alerts/index.ts';
import { recordAudit } from '../audit/index.ts';

export const REPORTER_CLOCK_KIND = 'reporter-clock';
const MAIL_KIND = 'reporter-clock';

export type ReportClock = 'acknowledge' | 'feedback';
type ClockStep = 'reminder' | 'due';

type Access = NonNullable<CompiledForm['form']['reporterAccess']>;

/**
 * A report whose clock runs and is past due: not acknowledged after its acknowledgement's due time,
 * or acknowledged (not closed) without feedback after the feedback's. Over `documents`: the console
 * flags and counts these (features/home, the submissions list).
 */
export const REPORT_OVERDUE_SQL = `EXISTS (SELECT 1 FROM reporter_cases r WHERE r.document_id = documents.id AND (
  (r.state = 'received' AND r.acknowledge_due_at < now())
  OR (r.state IN ('acknowledged', 'investigating') AND r.feedback_at IS NULL AND r.feedback_due_at < now())))`;

interface ClockCase {
  [column: string]: unknown;
  state: string;
  acknowledge_due_at: Date | null;
  feedback_due_at: Date | null;
  feedback_at: Date | null;
}

/** Which clock of the case runs past its due time now, if any (REPORT_OVERDUE_SQL, for one case). */
export function overdueClock(row: ClockCase, now = Date.now()): ReportClock | null {
  if (row.state === 'received' && row.acknowledge_due_at && row.acknowledge_due_at.getTime() < now) return 'acknowledge';
  if ((row.state === 'acknowledged' || row.state === 'investigating') && !row.feedback_at && row.feedback_due_at && row.feedback_due_at.getTime() < now)
    return 'feedback';
  return null;
}

const stepKey = (documentId: number, clock: ReportClock, step: ClockStep) => `${REPORTER_CLOCK_KIND}:${documentId}:${clock}:${step}`;

function parseStepKey(key: string): { documentId: number; clock: ReportClock; step: ClockStep } | null {
  const match = /^reporter-clock:(\d+):(acknowledge|feedback):(reminder|due)$/.exec(key);
  return match ? { documentId: Number(match[1]), clock: match[2] as ReportClock, step: match[3] as ClockStep } : null;
}

async function scheduleClock(tx: Queryable, documentId: number, clock: ReportClock, from: Date, reminder: string, due: string): Promise<Date> {
  const dueAt = addPeriod(from, due);
  for (const [step, at] of [
    ['reminder', addPeriod(from, reminder)],
    ['due', dueAt],
  ] as const)
    await scheduleStep(tx, { kind: REPORTER_CLOCK_KIND, key: stepKey(documentId, clock, step), subject: documentId, documentId, dueAt: at });
  return dueAt;
}

async function cancelClock(tx: Queryable, documentId: number, clock: ReportClock): Promise<void> {
  for (const step of ['reminder', 'due'] as const) await cancelSteps(tx, { key: stepKey(documentId, clock, step) });
}

/** At receipt (the submission's transaction): the acknowledgement's due time and its steps. */
export async function startAcknowledgeClock(tx: Queryable, access: Access, row: DocumentRow): Promise<void> {
  const dueAt = await scheduleClock(tx, row.id, 'acknowledge', row.created_at, access.acknowledgeReminder, access.acknowledgeWithin);
  await tx.query('UPDATE reporter_cases SET acknowledge_due_at = $2 WHERE document_id = $1', [row.id, dueAt]);
}

/** At the acknowledgement (its transaction): that clock met, the feedback's due time and its steps. */
export async function startFeedbackClock(tx: Queryable, access: Access, documentId: number, acknowledgedAt: Date): Promise<void> {
  await cancelClock(tx, documentId, 'acknowledge');
  const dueAt = await scheduleClock(tx, documentId, 'feedback', acknowledgedAt, access.feedbackReminder, access.feedbackWithin);
  await tx.query('UPDATE reporter_cases SET feedback_due_at = $2 WHERE document_id = $1', [documentId, dueAt]);
}

/** The first feedback, or closing: the feedback clock is met (its waiting steps cancelled). */
export const feedbackGiven = (tx: Queryable, documentId: number) => cancelClock(tx, documentId, 'feedback');

/** Reopened without feedback given: the feedback's steps wait again for the time they had (one that ran stays run). */
export async function feedbackAgain(tx: Queryable, access: Access, documentId: number): Promise<void> {
  const { rows } = await tx.query<{ acknowledged_at: Date | null; feedback_at: Date | null }>(
    'SELECT acknowledged_at, feedback_at FROM reporter_cases WHERE document_id = $1',
    [documentId],
  );
  if (rows[0]?.acknowledged_at && !rows[0].feedback_at)
    await scheduleClock(tx, documentId, 'feedback', rows[0].acknowledged_at, access.feedbackReminder, access.feedbackWithin);
}

/** The active compliance accounts that may read the report (not excluded from it). */
async function complianceEmails(tx: Queryable, documentId: number): Promise<string[]> {
  const { rows } = await tx.query<{ email: string }>(
    `SELECT email FROM users u WHERE disabled_at IS NULL AND 'compliance' = ANY(roles)
       AND NOT EXISTS (SELECT 1 FROM submission_exclusions e WHERE e.document_id = $1 AND e.user_id = u.id) ORDER BY id`,
    [documentId],
  );
  return rows.map((row) => row.email);
}

const mailKey = (eventId: number, address: string) =>
  `${MAIL_KIND}-${eventId}-${createHash('sha256').update(address.toLowerCase()).digest('hex').slice(0, 16)}`;

export function reportClockKind(ctx: ServerContext): TimerKind {
  return {
    name: REPORTER_CLOCK_KIND,
    async run(step, tx) {
      const parsed = parseStepKey(step.key);
      if (!parsed) return;
      const { rows: cases } = await tx.query<ClockCase & { acknowledged_at: Date | null }>(
        'SELECT state, acknowledged_at, acknowledge_due_at, feedback_due_at, feedback_at FROM reporter_cases WHERE document_id = $1 FOR UPDATE',
        [parsed.documentId],
      );
      const stored = cases[0];
      const met =
        !stored ||
        stored.state === 'closed' ||
        (parsed.clock === 'acknowledge' ? stored.acknowledged_at !== null : stored.acknowledged_at === null || stored.feedback_at !== null);
      if (met) return;
      const { rows: documents } = await tx.query<DocumentRow>('SELECT id, collection FROM documents WHERE id = $1', [parsed.documentId]);
      const row = documents[0];
      if (!row) return;
      const escalation = parsed.step === 'due' ? ctx.config.reporter.escalationEmail : null;
      const recipients = escalation ? [escalation] : await complianceEmails(tx, row.id);
      const { rows: events } = await tx.query<{ id: number }>(
        'INSERT INTO reporter_clock_events (document_id, clock, step, recipients) VALUES ($1, $2, $3, $4) RETURNING id',
        [row.id, parsed.clock, parsed.step, recipients.length],
      );
      for (const address of recipients)
        await enqueue(tx, {
          kind: MAIL_KIND,
          channel: 'email',
          recipient: address,
          key: mailKey(events[0].id, address),
          sourceId: events[0].id,
          documentId: row.id,
        });
      // Whom, by kind and count: never the addresses, nor anything of the report.
      await recordAudit(
        tx,
        { kind: 'anonymous' },
        {
          action: 'reporter-clock-step',
          target: row.collection,
          documentId: row.id,
          detail: { clock: parsed.clock, step: parsed.step, notify: escalation ? 'escalation-email' : 'compliance', recipients: recipients.length },
        },
      );
    },
  };
}

/** A step's email, built when the outbox claims it: the reference, which clock, when it is (was) due, the link. */
export function reportClockMailKind(ctx: ServerContext): OutboxKind {
  return {
    name: MAIL_KIND,
    retryBaseMs: ctx.config.alerts.retryBaseMs,
    leaseMs: leaseMs(ctx.config.alerts.retryBaseMs),
    maxInFlight: 5,
    async build(email) {
      const { rows } = await ctx.db.query<{ clock: ReportClock; step: ClockStep; id: number; collection: string; reference: string | null; due: Date | null }>(
        `SELECT e.clock, e.step, d.id, d.collection, d.reference, CASE e.clock WHEN 'acknowledge' THEN r.acknowledge_due_at ELSE r.feedback_due_at END AS due
         FROM reporter_clock_events e JOIN documents d ON d.id = e.document_id JOIN reporter_cases r ON r.document_id = e.document_id WHERE e.id = $1`,
        [email.source_id],
      );
      const event = rows[0];
      const compiled = event && ctx.registry.collections.get(event.collection)?.form?.compiled;
      if (!event || !compiled) return { ok: false, permanent: true, status: null, error: 'The report is no longer kept.' };
      const lang = email.lang;
      const values = {
        reference: event.reference ?? String(event.id),
        form: compiled.staffTitle[lang] ?? compiled.staffTitle.en ?? compiled.id,
        clock: t(event.clock === 'acknowledge' ? 'reporterClockAcknowledge' : 'reporterClockFeedback', lang),
        due: event.due ? dohaTime(event.due, lang) : '',
        link: consoleLink(ctx.config.alerts.consoleUrl, compiled.id, event.id),
      };
      const overdue = event.step === 'due';
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
