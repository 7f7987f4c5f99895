// Date answers beyond what a JSON Schema can say: a date not complete yet or not on the calendar
// (named in words a guest can act on, see date-parts.ts) and limits such as "not after today".
// Checked by the page (before sending, and on leaving a date) and by the server (after the
// schema), with the same messages as everything else.
import type { Lang } from '../text/languages.ts';
import type { ResolvedField, ResolvedForm } from '../compiler/compiled.ts';
import type { AnswerError } from './errors.ts';
import { answersOfType } from './answers.ts';
import { dateProblem } from './date-parts.ts';
import { t } from '../text/messages.ts';

/** What is wrong with one date answer (`today` is YYYY-MM-DD), or null. */
export function dateAnswerMessage(field: Extract<ResolvedField, { type: 'date' }>, value: string, today: string, lang: Lang): string | null {
  const problem = dateProblem(value);
  if (problem) return t(problem, lang);
  const max = field.max === 'today' ? today : field.max;
  if (max && value > max) return field.max === 'today' ? t('dateMax', lang) : t('dateBefore', lang, { limit: max });
  const min = field.min === 'today' ? today : field.min;
  if (min && value < min) return t('dateAfter', lang, { limit: min });
  return null;
}

/** Date answers that are incomplete, impossible or outside their field's min/max, including those inside repeated groups. */
export function dateLimitErrors(form: ResolvedForm, data: Record<string, unknown>, today: string, lang: Lang): AnswerError[] {
  return answersOfType(form, data, 'date').flatMap(({ field, value, path, top }): AnswerError[] => {
    if (typeof value !== 'string') return [];
    const message = dateAnswerMessage(field, value, today, lang);
    return message ? [{ path, field: top, message }] : [];
  });
}
