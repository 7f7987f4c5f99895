// A guest's answer to their case, however it came (their page posted with or without JavaScript,
// the API, a reply by email: inbound/): checked in their language, stored in the thread, the case
// back in progress (features/followup reopenByGuest) and whoever is on it alerted (features/alerts:
// the assignee, else those the submission's alerts went to), all in one transaction. The alert
// names the case, never the guest's words. An answer may carry one photo: an upload of the case
// photos' collection (CASE_PHOTO_RULE) its sender holds the claim of, not yet attached and recent
// (UPLOAD_ORPHAN_MINUTES), attached to the submission like a form's file in the same transaction.
import type { Queryable } from '../../core/db/db.ts';
import type { ServerContext } from '../../core/context.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { validationError } from '../../core/errors.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { CASE_ANSWER_MAX_LENGTH, CASE_PHOTO_RULE } from '../../../engine/contract/cases.ts';
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

/** The photo an answer names: one upload id (the JSON's `photo`), else none; anything else a 400 naming `photo`. */
export function checkedPhoto(given: unknown, lang: Lang): number | null {
  if (given === undefined || given === null) return null;
  if (Array.isArray(given)) throw validationError(null, [{ path: 'photo', message: t('casePhotoOnlyOne', lang) }]);
  if (!Number.isSafeInteger(given) || (given as number) < 1) throw validationError(null, [{ path: 'photo', message: t('uploadFailed', lang) }]);
  return given as number;
}

/** The answer's photo, when it names one: its upload and the hashes of the claims its request carries (uploads/upload-claims.ts). */
export interface AnswerPhoto {
  id: number;
  claims: readonly string[];
}

/** Stored, or null when the submission was erased meanwhile; a photo not the sender's to attach: 400 naming `photo`, nothing stored. */
export async function storeGuestAnswer(
  ctx: ServerContext,
  { collection, row, lang, text, photo }: { collection: Collection; row: DocumentRow; lang: Lang; text: string; photo?: AnswerPhoto | null },
): Promise<{ id: number; createdAt: string; photo: { filename: string; mimeType: string } | null } | null> {
  return ctx.db.transaction(async (tx) => {
    // Held until the answer is stored: a submission erased meanwhile is no case, not a broken reference.
    const { rows: still } = await tx.query('SELECT 1 FROM documents WHERE id = $1 FOR SHARE', [row.id]);
    if (still.length === 0) return null;
    const { rows: photos } = photo
      ? await tx.query<{ id: number; filename: string; mime_type: string }>(
          `SELECT id, data->>'filename' AS filename, data->>'mimeType' AS mime_type FROM documents
           WHERE id = $1 AND collection = $2 AND attached_to IS NULL AND created_at > now() - make_interval(secs => $3::double precision)
             AND upload_claim_sha256 = ANY($4::text[]) FOR UPDATE`,
          [photo.id, CASE_PHOTO_RULE.collection, ctx.config.uploadOrphanMinutes * 60, photo.claims],
        )
      : { rows: [] };
    if (photo && !photos[0]) throw validationError(null, [{ path: 'photo', message: t('uploadFailed', lang) }]);
    const attached = photos[0] ?? null;
    if (attached) await tx.query('UPDATE documents SET attached_to = $1, updated_at = now() WHERE id = $2', [row.id, attached.id]);
    const { rows } = await tx.query<{ id: number; created_at: Date }>(
      `INSERT INTO case_messages (document_id, direction, text, lang, photo_id) VALUES ($1, 'from-guest', $2, $3, $4) RETURNING id, created_at`,
      [row.id, text, lang, attached?.id ?? null],
    );
    await reopenByGuest(tx, row.id);
    await alertWhoIsOn(tx, collection, row, rows[0].id);
    return {
      id: rows[0].id,
      createdAt: rows[0].created_at.toISOString(),
      photo: attached && { filename: attached.filename, mimeType: attached.mime_type },
    };
  });
}
