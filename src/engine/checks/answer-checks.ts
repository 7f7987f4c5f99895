// The checks after the JSON Schema, run by the page (before sending) and the server (before
// storing) alike: date limits, phone numbers and the definition's age and fitness rules. An answer the schema already refused keeps the
// schema's message, so page and server name each answer once and with the same words.
import type { ResolvedForm } from '../compiler/compiled.ts';
import type { AnswerError } from './errors.ts';
import type { Lang } from '../text/languages.ts';
import { dateLimitErrors } from './date-limits.ts';
import { ruleErrors } from './rules.ts';
import type { phoneErrors } from './phones.ts';

/** The phone check, passed in so that pages without a phone question never download it. */
export type PhoneCheck = typeof phoneErrors;

export function answerErrors(form: ResolvedForm, data: Record<string, unknown>, today: string, lang: Lang, phones: PhoneCheck | null): AnswerError[] {
  // One message per answer: a birth date after today is that, not also "under 3".
  const named = new Set<string>();
  return [...dateLimitErrors(form, data, today, lang), ...(phones ? phones(form, data, lang) : []), ...ruleErrors(form, data, today, lang)].filter(
    (error) => !named.has(error.path) && Boolean(named.add(error.path)),
  );
}

/** The schema's errors, then the answer checks' errors for answers the schema had nothing against. */
export function withAnswerErrors<E extends { path: string }>(schemaErrors: E[], extra: E[]): E[] {
  const named = new Set(schemaErrors.map((error) => error.path));
  return [...schemaErrors, ...extra.filter((error) => !named.has(error.path))];
}
