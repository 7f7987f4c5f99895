// Date limits a JSON Schema cannot state ("not after today"): checked by the server after the
// schema, with the same messages as everything else.
import type { Lang } from './languages.ts';
import type { ResolvedForm, ResolvedField } from './compiled.ts';
import type { FieldError } from './errors.ts';
import { dataFields } from './conditions.ts';
import { t } from './messages.ts';

type DateField = Extract<ResolvedField, { type: 'date' }>;

function check(field: DateField, value: unknown, path: string, top: string, today: string, lang: Lang): FieldError[] {
  if (typeof value !== 'string') return [];
  const max = field.max === 'today' ? today : field.max;
  if (max && value > max) return [{ path, field: top, message: field.max === 'today' ? t('dateMax', lang) : t('dateBefore', lang, { limit: max }) }];
  const min = field.min === 'today' ? today : field.min;
  if (min && value < min) return [{ path, field: top, message: t('dateAfter', lang, { limit: min }) }];
  return [];
}

/** Answers outside their date field's min/max, including dates inside repeated groups. `today` is YYYY-MM-DD. */
export function dateLimitErrors(form: ResolvedForm, data: Record<string, unknown>, today: string, lang: Lang): FieldError[] {
  return dataFields(form).flatMap((field) => {
    if (field.type === 'date') return check(field, data[field.name], field.name, field.name, today, lang);
    if (field.type !== 'repeat' || !Array.isArray(data[field.name])) return [];
    return (data[field.name] as Record<string, unknown>[]).flatMap((item, index) =>
      field.fields.filter((sub): sub is DateField => sub.type === 'date').flatMap((sub) => check(sub, item?.[sub.name], `${field.name}.${index}.${sub.name}`, field.name, today, lang)),
    );
  });
}
