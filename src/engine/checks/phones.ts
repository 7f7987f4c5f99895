// Phone numbers checked per country and written one way (E.164), by libphonenumber-js with its
// "min" metadata (about 20 KB gzipped; the page downloads this module only for forms with a phone
// question). Page and server use this same module, so both accept and refuse the same numbers:
// '+4407911123456' and '+447911123456' are one phone, and '97455123456' (dial code and number,
// digits only, as the old app and Payload data write it) is '+97455123456'.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { ResolvedForm } from '../compiler/compiled.ts';
import type { AnswerError } from './errors.ts';
import type { Lang } from '../text/languages.ts';
import { answersOfType } from './answers.ts';
import { t } from '../text/messages.ts';
import { PHONE_MAX_LENGTH } from '../fields/limits.ts';

/** The number in E.164 ('+97455123456'), or null when it is not a valid number of any country. */
export function toE164(value: string): string | null {
  if (value.length > PHONE_MAX_LENGTH) return null;
  const international = value.trim().startsWith('+') ? value : `+${value}`;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : null;
}

/** Phone answers that are no valid number (strings only: another type is the schema's to refuse). */
export function phoneErrors(form: ResolvedForm, data: Record<string, unknown>, lang: Lang): AnswerError[] {
  return answersOfType(form, data, 'phone')
    .filter(({ value }) => typeof value === 'string' && toE164(value) === null)
    .map(({ path, top }) => ({ path, field: top, message: t('phone', lang) }));
}

/** Rewrites every valid phone answer in E.164, in place: what is stored and compared by a unique rule. */
export function normalizePhones(form: ResolvedForm, data: Record<string, unknown>): void {
  for (const { value, holder, key } of answersOfType(form, data, 'phone')) {
    const e164 = typeof value === 'string' ? toE164(value) : null;
    if (e164) holder[key] = e164;
  }
}
