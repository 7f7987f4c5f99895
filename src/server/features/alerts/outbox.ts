// The submission hook: in the submission's own transaction, the alerts its answers trigger and one
// message per recipient on each channel are written (core/outbox), so a mail server that is down, a
// crash or a kill -9 loses none: they are stored exactly when the submission is. What is sent is
// built by delivery.ts.
// A confidential form's alert keeps no answer: the fixed words with the reference, no venue.
import { createHash } from 'node:crypto';
import type { Queryable } from '../../core/db/db.ts';
import type { StoredSubmission } from '../../core/submission-hooks.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { enqueue } from '../../core/outbox/outbox.ts';
import { triggeredRules, type AlertRule } from './rules.ts';
import { confidentialNoticeTemplates, confidentialTemplates, type AlertTemplates } from './templates.ts';
import { ALERT_CHANNELS, type ChannelName } from './channels/index.ts';

type Data = Record<string, unknown>;

/** The outbox kind of an alert's messages. */
export const ALERT_KIND = 'alert';

interface Recipient {
  channel: ChannelName;
  address: string;
}

/** Stable for (rule, submission, recipient): a resent or retried email is the same message to the receiver. */
export function messageKey(ruleId: number, submissionId: number, recipient: Recipient, event = ''): string {
  const hash = createHash('sha256').update(`${recipient.channel}:${recipient.address.toLowerCase()}`).digest('hex').slice(0, 16);
  return `alert-${ruleId}-${submissionId}-${event ? `${event}-` : ''}${hash}`;
}

async function venueManager(tx: Queryable, venue: CompiledForm['venue'], answers: Data): Promise<string | null> {
  const value = venue ? answers[venue.field] : undefined;
  if (!venue || value === undefined || value === null || value === '') return null;
  const { rows } = await tx.query<{ email: string | null }>(
    `SELECT data->>'manager_email' AS email FROM documents WHERE collection = $1 AND (CASE WHEN $2 = 'id' THEN id::text ELSE data->>$2 END) = $3 LIMIT 1`,
    [venue.collection, venue.match, String(value)],
  );
  return rows[0]?.email || null;
}

async function recipientsOf(tx: Queryable, rule: AlertRule, compiled: CompiledForm, answers: Data): Promise<Recipient[]> {
  const manager = rule.venueManager ? await venueManager(tx, compiled.venue, answers) : null;
  return ALERT_CHANNELS.flatMap((channel) => channel.recipients(rule.data, manager).map((address) => ({ channel: channel.name, address })));
}

function templatesOf(rule: AlertRule, compiled: CompiledForm): AlertTemplates {
  if (compiled.confidential) return confidentialTemplates(rule.language);
  return { subject: rule.subject[rule.language] ?? rule.subject.en ?? '{reference}', body: rule.body[rule.language] ?? rule.body.en ?? '{link}' };
}

export async function queueAlerts(tx: Queryable, submission: StoredSubmission): Promise<void> {
  await queueRuleAlerts(tx, submission, null);
}

/**
 * Something new on a stored confidential submission (a reporter added information, features/reporter):
 * the form's rules that alerted for it are told again, in the same transaction, with the fixed words of
 * the notice (its reference and console link only). `event` names it once (e.g. the message id), so a
 * retry of the same event is the same message.
 */
export async function queueConfidentialNotice(tx: Queryable, submission: StoredSubmission, event: string): Promise<void> {
  if (!submission.collection.form?.compiled.confidential) return;
  await queueRuleAlerts(tx, submission, event);
}

async function queueRuleAlerts(tx: Queryable, { collection, row }: StoredSubmission, event: string | null): Promise<void> {
  const compiled = collection.form?.compiled;
  if (!compiled || !row.reference) return;
  for (const rule of await triggeredRules(tx, compiled, row.data)) {
    const words = event ? confidentialNoticeTemplates(rule.language) : templatesOf(rule, compiled);
    const venueAnswer = compiled.venue && !compiled.confidential ? row.data[compiled.venue.field] : null;
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO alerts (rule_id, rule_name, submission_id, collection, form_id, reference, venue, lang, subject, body, event)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        rule.id,
        rule.name,
        row.id,
        collection.slug,
        compiled.id,
        row.reference,
        venueAnswer === null || venueAnswer === undefined ? null : String(venueAnswer),
        rule.language,
        words.subject,
        words.body,
        event ?? '',
      ],
    );
    for (const recipient of await recipientsOf(tx, rule, compiled, row.data)) {
      await enqueue(tx, {
        kind: ALERT_KIND,
        channel: recipient.channel,
        recipient: recipient.address,
        key: messageKey(rule.id, row.id, recipient, event ?? ''),
        sourceId: rows[0].id,
        documentId: row.id,
        lang: rule.language,
      });
    }
  }
}
