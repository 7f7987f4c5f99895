// The server's reader of stored answers (engine/fields/answer-text.ts) with the country list, which the
// pages never bundle: every server output (CSV, waiver PDF, privacy export, alert bodies) reads an
// answer through this, so a country reads as its name in the reader's language everywhere.
import { answerReader } from '../../../engine/fields/answer-text.ts';
import { countries } from '../../../engine/checks/countries.ts';
import type { AnswerReader } from '../../../engine/fields/parts.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import type { Queryable } from '../db/db.ts';

export { answerText, questionLabel, readAnswer } from '../../../engine/fields/answer-text.ts';

/** A form's reader in `lang`; the form's own texts fall back to English where it has not the language. */
export const serverAnswerReader = (formId: string, lang: Lang): AnswerReader => answerReader(formId, lang, { countries });

type Data = Record<string, unknown>;

/**
 * The rows' answers with each upload id of a file question replaced by the upload as the staff API
 * populates it ({id, filename, mimeType}), so a file reads by its name; an id whose upload is gone stays.
 */
export async function withUploads(db: Queryable, compiled: CompiledForm, rows: { id: number; data: Data }[]): Promise<Data[]> {
  const { rows: uploads } = compiled.uploads.length && rows.length
    ? await db.query<{ id: number; data: Data }>('SELECT id, data FROM documents WHERE attached_to = ANY($1::int[])', [rows.map((row) => row.id)])
    : { rows: [] };
  if (uploads.length === 0) return rows.map((row) => row.data);
  const byId = new Map(uploads.map((upload) => [upload.id, { id: upload.id, filename: upload.data.filename, mimeType: upload.data.mimeType }]));
  const swap = (value: unknown) => (Array.isArray(value) ? value.map((item) => byId.get(item as number) ?? item) : (byId.get(value as number) ?? value));
  // File questions are top-level (compile.ts: a repeated group holds none of the form's uploads).
  return rows.map((row) => ({ ...row.data, ...Object.fromEntries(compiled.uploads.filter((rule) => row.data[rule.field] !== undefined).map((rule) => [rule.field, swap(row.data[rule.field])])) }));
}
