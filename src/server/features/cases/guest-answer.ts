// A guest's answer to their case, however it came (their page posted with or without JavaScript,
// the API, a reply by email: inbound/): checked in their language, stored in the thread, the case
// back in progress (features/followup reopenByGuest) and whoever is on it alerted (features/alerts:
// the assignee, else those the submission's alerts went to), all in one transaction. The alert
// names the case, never the guest's words.
import type { Queryable } from '../../core/db/db.ts';
import type { ServerContext } from '../../core/context.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { validationError } from '../../core/errors.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { CASE_ANSWER_MAX_LENGTH } from '../../../engine/contract/cases.ts';
import { alertLanguage, queueCaseAlert } from '../alerts/index.ts';
import { reopenByGuest } from '../followup/index.ts';

/** Why these words are no answer (none, too many), in `lang`; null when they are one. */
export function answerProblem(text: string, lang: Lang): string | null {
  if (text === '') return t('caseAnswerEmpty', lang);
  return text.length > CASE_ANSWER_MAX_LENGTH ? t('caseAnswerTooLong', lang, { max: CASE_ANSWER_MAX_LENGTH }) : null;
}

/** The answer's words, trimmed; a 400 naming `text` in the guest's language when there are none or too many. */
export function checkedAnswer(given: unknown, lang: Lang): string {
  const text = typeof given === 'string' ? given.trim() : '';
  const problem = answerProblem(text, lang);
  if (problem) throw validationError(null, [{ path: 'text', message: problem }]);
  return text;
}

async function alertWhoIsOn(tx: Queryable, collection: Collection, row: DocumentRow, messageId: number): Promise<void> {
  const { rows: assignee } = await tx.query<{ email: string }>(
    'SELECT u.email FROM followups f JOIN users u ON u.id = f.assignee_id WHERE f.document_id = $1',
    [row.id],
  );
  const lang = await alertLanguage(tx, row.id);
  const compiled = collection.form!.compiled;
  const venue = compiled.venue ? row.data[compiled.venue.field] : undefined;
  const placeholders = { reference: '{reference}', venue: '{venue}', link: '{link}' };
  await queueCaseAlert(tx, collection, row, {
    name: t('alertCaseAnswerName', lang),
    subject: t('alertCaseAnswerSubject', lang, placeholders),
    body: t(venue ? 'alertCaseAnswerBody' : 'alertCaseAnswerBodyNoVenue', lang, placeholders),
    lang,
    emails: assignee.map((found) => found.email),
    event: `answer-${messageId}`,
  });
}

/** Stored, or null when the submission was erased meanwhile. */
export async function storeGuestAnswer(
  ctx: ServerContext,
  { collection, row, lang, text }: { collection: Collection; row: DocumentRow; lang: Lang; text: string },
): Promise<{ id: number; createdAt: string } | null> {
  return ctx.db.transaction(async (tx) => {
    // Held until the answer is stored: a submission erased meanwhile is no case, not a broken reference.
    const { rows: still } = await tx.query('SELECT 1 FROM documents WHERE id = $1 FOR SHARE', [row.id]);
    if (still.length === 0) return null;
    const { rows } = await tx.query<{ id: number; created_at: Date }>(
      `INSERT INTO case_messages (document_id, direction, text, lang) VALUES ($1, 'from-guest', $2, $3) RETURNING id, created_at`,
      [row.id, text, lang],
    );
    await reopenByGuest(tx, row.id);
    await alertWhoIsOn(tx, collection, row, rows[0].id);
    return { id: rows[0].id, createdAt: rows[0].created_at.toISOString() };
  });
}
