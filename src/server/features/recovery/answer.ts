// The guest's answer to the recovery survey: a submission of the feature's own form
// (forms/recovery-survey.json: the hidden `case` is the link's token, `made_right` yes/no, an optional
// `comment`), stored by the collections feature like any form's (page with or without JavaScript);
// in its transaction this hook links it to the case the token names (recovery_surveys: answer, the
// survey's submission), puts the answer in the case's thread (what staff reading the case read, under
// the case's own read check) and then "yes" confirms the outcome `recovered`, "no" reopens the case
// (features/followup) and has the assignee alerted (a due step run at once: the alert needs the
// registry, the step has it). A token altered, expired, of a survey never sent or already answered
// refuses the submission: 400 naming `case`, in the page's language.
import type { ServerContext } from '../../core/context.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { validationError } from '../../core/errors.ts';
import type { SubmissionHook } from '../../core/submission-hooks.ts';
import { scheduleStep, type TimerKind } from '../../core/timers/timers.ts';
import { t } from '../../../engine/text/messages.ts';
import { alertLanguage, queueCaseAlert } from '../alerts/index.ts';
import { recoveredByGuest, reopenByGuest } from '../followup/index.ts';
import { readRecoveryToken } from './recovery-link.ts';

/** The feature's own form (as content-reply-templates is the cases feature's collection). */
export const RECOVERY_FORM = 'recovery-survey';

/** The core timers' kind that alerts whoever is on a case the guest said "no" to. */
export const RECOVERY_ANSWER_KIND = 'recovery-answer';

const answerStepKey = (documentId: number) => `${RECOVERY_ANSWER_KIND}:${documentId}`;

export const recordRecoveryAnswer: SubmissionHook = async (tx, { collection, row, lang }, jwtSecret) => {
  if (collection.form?.compiled.id !== RECOVERY_FORM) return;
  const gone = () => validationError(collection.slug, [{ path: 'case', message: t('recoveryLinkGone', lang) }]);
  const caseId = readRecoveryToken(jwtSecret, row.data.case);
  if (caseId === null) throw gone();
  // Locked until stored: two answers at once, one wins; a case erased meanwhile took its row with it.
  const { rows } = await tx.query<{ answer: string | null }>('SELECT answer FROM recovery_surveys WHERE document_id = $1 FOR UPDATE', [caseId]);
  if (!rows[0] || rows[0].answer !== null) throw gone();
  const answer = row.data.made_right === 'yes' ? 'yes' : 'no';
  await tx.query('UPDATE recovery_surveys SET answer = $2, answer_id = $3, answered_at = now() WHERE document_id = $1', [caseId, answer, row.id]);
  const comment = typeof row.data.comment === 'string' ? row.data.comment.trim() : '';
  const line = t(answer === 'yes' ? 'recoveryThreadYes' : 'recoveryThreadNo', lang);
  await tx.query(`INSERT INTO case_messages (document_id, direction, text, lang) VALUES ($1, 'from-guest', $2, $3)`, [
    caseId,
    comment ? `${line}\n\n${comment}` : line,
    lang,
  ]);
  if (answer === 'yes') {
    await recoveredByGuest(tx, caseId);
    return;
  }
  await reopenByGuest(tx, caseId, 'recovery-survey');
  await scheduleStep(tx, { kind: RECOVERY_ANSWER_KIND, key: answerStepKey(caseId), subject: caseId, documentId: caseId, dueAt: new Date() });
};

/** The alert of a "no": to the assignee, else those the submission's rule alerts went to (features/alerts). Never the guest's words. */
export function recoveryAnswerStep(ctx: ServerContext): TimerKind {
  return {
    name: RECOVERY_ANSWER_KIND,
    async run(step, tx) {
      const match = /^recovery-answer:(\d+)$/.exec(step.key);
      if (!match) return;
      const { rows } = await tx.query<DocumentRow>('SELECT * FROM documents WHERE id = $1', [Number(match[1])]);
      const row = rows[0];
      const collection = row && ctx.registry.collections.get(row.collection);
      const compiled = collection?.form?.compiled;
      if (!row || !collection || !compiled) return;
      const { rows: assignee } = await tx.query<{ email: string }>(
        'SELECT u.email FROM followups f JOIN users u ON u.id = f.assignee_id WHERE f.document_id = $1 AND u.disabled_at IS NULL',
        [row.id],
      );
      const lang = await alertLanguage(tx, row.id);
      const venue = compiled.venue ? row.data[compiled.venue.field] : undefined;
      const placeholders = { reference: '{reference}', venue: '{venue}', link: '{link}' };
      await queueCaseAlert(tx, collection, row, {
        name: t('alertRecoveryNoName', lang),
        subject: t('alertRecoveryNoSubject', lang, placeholders),
        body: t(venue ? 'alertRecoveryNoBody' : 'alertRecoveryNoBodyNoVenue', lang, placeholders),
        lang,
        emails: assignee.map((found) => found.email),
        event: 'recovery-no',
      });
    },
  };
}
