// The server's reader of stored answers (engine/answer-text.ts) with the country list, which the
// pages never bundle: every server output (CSV, waiver PDF, privacy export, alert bodies) reads an
// answer through this, so a country reads as its name in the reader's language everywhere.
import { answerReader } from '../../../engine/answer-text.ts';
import { countries } from '../../../engine/countries.ts';
import type { AnswerReader } from '../../../engine/fields/parts.ts';
import type { Lang } from '../../../engine/languages.ts';

export { answerText, questionLabel, readAnswer } from '../../../engine/answer-text.ts';

/** A form's reader in `lang`; the form's own texts fall back to English where it has not the language. */
export const serverAnswerReader = (formId: string, lang: Lang): AnswerReader => answerReader(formId, lang, { countries });
