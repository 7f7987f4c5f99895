// Expiry reminders: a waiver whose definition has `validFor` and `remindBeforeExpiry`, signed by a
// guest who gave an email, schedules one due step (core timers, key per waiver: once) in its own
// transaction, due that long before it expires. The step, claimed once across instances and
// surviving a kill -9 (core/timers), queues the reminder mail (mails.ts) in the transaction that
// marks it done, unless the guest signed a newer waiver of the attraction with that email meanwhile.
// The step and the mail are deleted with the waiver (retention, erasure).
import type { ServerContext } from '../../core/context.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import type { SubmissionHook } from '../../core/submission-hooks.ts';
import { scheduleStep, type TimerKind } from '../../core/timers/timers.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { periodMs, waiverExpiresAt } from '../../../engine/waivers/waiver-validity.ts';
import { WAIVER_FIELDS } from '../../../engine/waivers/waiver-fields.ts';
import { EMAIL_FIELD } from './last-waiver.ts';
import { queueExpiryMail } from './mails.ts';

export const EXPIRY_STEP_KIND = 'waiver-expiry';
export const expiryStepKey = (documentId: number) => `waiver-expiry:${documentId}`;

/** When a waiver's reminder is due, or null when its definition asks none or it has no email. */
export function reminderDueAt(form: LoadedForm['compiled']['form'], data: Record<string, unknown>, signedAt: Date): Date | null {
  const before = form.remindBeforeExpiry ? periodMs(form.remindBeforeExpiry) : null;
  if (!form.validFor || before === null || typeof data[EMAIL_FIELD] !== 'string' || data[EMAIL_FIELD] === '') return null;
  const expiresAt = waiverExpiresAt(data[WAIVER_FIELDS.visitDate], signedAt, form.validFor);
  return expiresAt.getTime() > Date.now() ? new Date(Math.max(signedAt.getTime(), expiresAt.getTime() - before)) : null;
}

export const scheduleExpiryReminder: SubmissionHook = async (tx, { collection, row, lang }) => {
  const form = collection.form?.compiled.form;
  if (!form?.submit.evidence) return;
  const dueAt = reminderDueAt(form, row.data, new Date(row.created_at));
  if (!dueAt) return;
  await scheduleStep(tx, { kind: EXPIRY_STEP_KIND, key: expiryStepKey(row.id), subject: `${row.id}:${lang}`, dueAt, documentId: row.id });
};

export function expiryStepKind(ctx: ServerContext, formOfCollection: (collection: string) => LoadedForm | undefined): TimerKind {
  return {
    name: EXPIRY_STEP_KIND,
    async run(step, tx) {
      const [id, asked] = step.subject.split(':');
      const { rows } = await tx.query<{ id: number; collection: string; email: string | null }>(
        `SELECT id, collection, data->>'${EMAIL_FIELD}' AS email FROM documents WHERE id = $1`,
        [Number(id)],
      );
      const waiver = rows[0];
      const form = waiver && formOfCollection(waiver.collection);
      if (!waiver?.email || !form) return;
      // Signed again since (the same email, the same attraction's waiver): nothing to remind of.
      const attraction = form.compiled.form.attraction ?? form.compiled.id;
      const collections = ctx.registry.forms
        .filter((other) => other.compiled.form.submit.evidence && (other.compiled.form.attraction ?? other.compiled.id) === attraction)
        .map((other) => other.compiled.collection);
      const { rows: newer } = await tx.query(
        `SELECT 1 FROM documents WHERE evidence IS NOT NULL AND collection = ANY($1::text[]) AND lower(data->>'${EMAIL_FIELD}') = lower($2) AND id > $3 LIMIT 1`,
        [collections, waiver.email, waiver.id],
      );
      if (newer.length) return;
      await queueExpiryMail(tx, waiver.id, waiver.email, resolveLanguage(asked, form.compiled.languages));
    },
  };
}
