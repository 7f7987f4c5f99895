// What an alert's message is, built when the outbox (core/outbox) claims it: the rule's words with
// the placeholders filled, and as data the alert (for a webhook; a confidential form's carries the
// reference, the form and the link only, others the answers too) with the rule's signing key. The
// channel of the row (channels/) sends it; the outbox retries and records.
import type { ServerContext } from '../../core/context.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { Delivery } from '../../core/outbox/channel.ts';
import type { OutboxKind, OutboxRow } from '../../core/outbox/outbox.ts';
import { leaseMs } from './retry.ts';
import { alertAnswers, consoleLink, fillTemplate, valuesOf } from './templates.ts';
import { ALERT_RULES } from './rules.ts';
import { ALERT_KIND } from './outbox.ts';

/** Sends in flight at once per instance: a slow receiver (up to its 5 s) holds one place, not the others. */
const MAX_IN_FLIGHT = 10;

type QueuedAlert = {
  /** NULL: an alert no rule raised (case-alert.ts). */
  rule_id: number | null;
  rule_name: string;
  submission_id: number;
  collection: string;
  form_id: string;
  reference: string;
  venue: string | null;
  lang: Lang;
  subject: string;
  body: string;
  created_at: Date;
};

export function alertKind(ctx: ServerContext): OutboxKind {
  const compiledOf = (collection: string): CompiledForm | null => ctx.registry.collections.get(collection)?.form?.compiled ?? null;

  async function signingKey(ruleId: number): Promise<string | undefined> {
    const { rows } = await ctx.db.query<{ data: Record<string, unknown> }>('SELECT data FROM documents WHERE id = $1 AND collection = $2', [
      ruleId,
      ALERT_RULES,
    ]);
    const secret = rows[0]?.data.webhook_secret;
    return typeof secret === 'string' && secret ? secret : undefined;
  }

  async function dataOf(alert: QueuedAlert, row: OutboxRow, link: string): Promise<Record<string, unknown>> {
    const base = {
      event: 'alert',
      delivery: row.message_id,
      rule: { id: alert.rule_id, name: alert.rule_name },
      form: alert.form_id,
      reference: alert.reference,
      link,
    };
    const compiled = compiledOf(alert.collection);
    if (!compiled || compiled.confidential) return base;
    const { rows } = await ctx.db.query<{ data: Record<string, unknown>; created_at: Date }>('SELECT data, created_at FROM documents WHERE id = $1', [
      alert.submission_id,
    ]);
    return {
      ...base,
      collection: alert.collection,
      id: alert.submission_id,
      venue: alert.venue,
      createdAt: rows[0]?.created_at.toISOString() ?? null,
      answers: rows[0]?.data ?? null,
    };
  }

  return {
    name: ALERT_KIND,
    retryBaseMs: ctx.config.alerts.retryBaseMs,
    leaseMs: leaseMs(ctx.config.alerts.retryBaseMs),
    maxInFlight: MAX_IN_FLIGHT,
    async build(row): Promise<Delivery | { ok: false; permanent: boolean; error: string; status: null }> {
      const { rows } = await ctx.db.query<QueuedAlert>(
        'SELECT rule_id, rule_name, submission_id, collection, form_id, reference, venue, lang, subject, body, created_at FROM alerts WHERE id = $1',
        [row.source_id],
      );
      const alert = rows[0];
      if (!alert) return { ok: false, permanent: true, error: 'The alert is no longer kept.', status: null };
      const link = consoleLink(ctx.config.alerts.consoleUrl, alert.form_id, alert.submission_id);
      const compiled = compiledOf(alert.collection);
      const values = valuesOf(alert, compiled, link, await alertAnswers(ctx.db, compiled, alert.submission_id));
      // Every channel is handed the same message: each takes what it sends (an email the words, a webhook the data, signed).
      return {
        recipient: row.recipient,
        key: row.message_id,
        subject: fillTemplate(alert.subject, values),
        text: fillTemplate(alert.body, values),
        data: await dataOf(alert, row, link),
        signingKey: alert.rule_id === null ? undefined : await signingKey(alert.rule_id),
      };
    },
  };
}
