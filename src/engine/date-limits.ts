// Date limits a JSON Schema cannot state ("not after today"): checked by the page before sending
// and by the server after the schema, with the same messages as everything else.
import type { Lang } from './languages.ts';
import type { ResolvedForm } from './compiled.ts';
import type { FieldError } from './errors.ts';
import { answersOfType } from './answers.ts';
import { t } from './messages.ts';

/** Answers outside their date field's min/max, including dates inside repeated groups. `today` is YYYY-MM-DD. */
export function dateLimitErrors(form: ResolvedForm, data: Record<string, unknown>, today: string, lang: Lang): FieldError[] {
  return answersOfType(form, data, 'date').flatMap(({ field, value, path, top }): FieldError[] => {
    if (typeof value !== 'string') return [];
    const max = field.max === 'today' ? today : field.max;
    if (max && value > max) return [{ path, field: top, message: field.max === 'today' ? t('dateMax', lang) : t('dateBefore', lang, { limit: max }) }];
    const min = field.min === 'today' ? today : field.min;
    if (min && value < min) return [{ path, field: top, message: t('dateAfter', lang, { limit: min }) }];
    return [];
  });
}
