// Writing to a reporter's case thread (cases' case_messages, the text through message-text.ts): the
// reporter's additions (text up to REPORTER_TEXT_MAX_LENGTH and files their upload answered with a
// claim, as a form's files are attached) and compliance's questions, feedback and acknowledgement.
// Nothing is ever emailed to the reporter: they read it on their page.
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { notFound, validationError } from '../../core/errors.ts';
import { t } from '../../../engine/text/messages.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { REPORTER_TEXT_MAX_LENGTH, type ReporterMessageKind } from '../../../engine/cases/reporter-case.ts';
import type { Sealer } from '../sealed/index.ts';
import { sealMessageText } from './message-text.ts';
import { feedbackGiven } from './report-clocks.ts';

/** How long after its upload a file may still be added (the form's own rule: UPLOAD_ORPHAN_MINUTES). */
export interface Addition {
  text: string;
  uploadIds: readonly number[];
  /** SHA-256 of the claims the request carries (uploads/upload-claims.ts). */
  claims: readonly string[];
}

/** The reporter's words checked in the page's language: 400 naming `text` (or `files`), nothing stored. */
export function checkAddition(given: { text?: unknown; files?: unknown }, lang: Lang): { text: string; uploadIds: number[] } {
  const text = typeof given.text === 'string' ? given.text.trim() : '';
  const uploadIds = Array.isArray(given.files) ? given.files.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, 5) : [];
  if (text.length > REPORTER_TEXT_MAX_LENGTH)
    throw validationError(null, [{ path: 'text', message: t('reporterTextTooLong', lang, { max: REPORTER_TEXT_MAX_LENGTH }) }]);
  if (text === '' && uploadIds.length === 0) throw validationError(null, [{ path: 'text', message: t('reporterTextEmpty', lang) }]);
  return { text, uploadIds };
}

/** Held until the message is stored: a report erased meanwhile is a 404, not a broken reference. */
async function stillThere(tx: Queryable, documentId: number): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM documents WHERE id = $1 FOR SHARE', [documentId]);
  if (rows.length === 0) throw notFound();
}

/** Stores the reporter's addition in `tx` (files attached to the report); answers the message id. */
export async function storeAddition(
  sealer: Sealer,
  tx: Queryable,
  collection: Collection,
  row: DocumentRow,
  addition: Addition,
  lang: Lang,
  uploadMinutes: number,
): Promise<number> {
  await stillThere(tx, row.id);
  const rule = collection.form!.compiled.uploads[0];
  const { rows: files } =
    addition.uploadIds.length && rule
      ? await tx.query<{ id: number }>(
          `SELECT id FROM documents WHERE id = ANY($1::int[]) AND collection = $2 AND attached_to IS NULL
           AND created_at > now() - make_interval(secs => $3::double precision) AND upload_claim_sha256 = ANY($4::text[]) FOR UPDATE`,
          [addition.uploadIds, rule.collection, uploadMinutes * 60, addition.claims],
        )
      : { rows: [] };
  if (files.length !== new Set(addition.uploadIds).size) throw validationError(null, [{ path: 'files', message: t('uploadFailed', lang) }]);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO case_messages (document_id, direction, text, lang) VALUES ($1, 'from-guest', $2, $3) RETURNING id`,
    [row.id, await sealMessageText(sealer, tx, row.id, addition.text), lang],
  );
  const id = rows[0].id;
  await tx.query('INSERT INTO reporter_messages (message_id, kind) VALUES ($1, NULL)', [id]);
  if (files.length) {
    const ids = files.map((file) => file.id);
    await tx.query('UPDATE documents SET attached_to = $1, updated_at = now() WHERE id = ANY($2::int[])', [row.id, ids]);
    await tx.query('INSERT INTO reporter_message_files (message_id, upload_id) SELECT $1, unnest($2::int[])', [id, ids]);
  }
  return id;
}

/** Stores compliance's message to the reporter in `tx`; the first feedback dates the case's feedback. Answers its id. */
export async function storeStaffMessage(
  sealer: Sealer,
  tx: Queryable,
  documentId: number,
  authorId: number,
  kind: ReporterMessageKind,
  text: string,
  lang: Lang,
): Promise<number> {
  await stillThere(tx, documentId);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO case_messages (document_id, direction, text, author_id, lang) VALUES ($1, 'to-guest', $2, $3, $4) RETURNING id`,
    [documentId, await sealMessageText(sealer, tx, documentId, text), authorId, lang],
  );
  await tx.query('INSERT INTO reporter_messages (message_id, kind) VALUES ($1, $2)', [rows[0].id, kind]);
  if (kind === 'feedback') {
    await tx.query('UPDATE reporter_cases SET feedback_at = COALESCE(feedback_at, now()) WHERE document_id = $1', [documentId]);
    await feedbackGiven(tx, documentId);
  }
  return rows[0].id;
}
