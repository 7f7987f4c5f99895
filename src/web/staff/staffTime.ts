// Dates and numbers on every staff page: one time zone (the venues', whatever the browser's) and one
// digit rule, Latin digits in every language (references, phone numbers and Form IDs are read out in
// them, and a page does not switch digits from one list to the next). Page folders may not build their
// own Intl.DateTimeFormat (eslint.config.js).
import type { Lang } from '../../engine/text/languages.ts';
import { calendarDayText, type DayStyle } from '../../engine/text/calendar-day.ts';
import { latinDigits, venueTime } from '../../engine/text/venue-time.ts';

export { VENUE_TIME_ZONE, venueDayBounds } from '../../engine/text/venue-time.ts';

/** The staff locale of a language: its words and order, Latin digits. */
export const staffLocale = (lang: Lang | string) => latinDigits(lang);

/** An instant (an ISO timestamp) in Doha time; '' for no string, the text itself when it is no date. */
export function staffTime(iso: unknown, lang: Lang | string, precision: 'minute' | 'second' | 'day' = 'minute'): string {
  return typeof iso === 'string' ? venueTime(iso, lang, precision) : '';
}

/** A calendar day (YYYY-MM-DD: a visit date, a period's first day), read as every output of an answer reads it. */
export const staffDay = (ymd: string, lang: Lang | string, style: DayStyle = 'day'): string => calendarDayText(ymd, lang, style);

/** Numbers in the staff digits. */
export const staffNumber = (lang: Lang | string, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(staffLocale(lang), options);

/** A length of time read as people say it: seconds under a minute, minutes under an hour, hours under two days, else days (one decimal at most). */
export function staffDuration(ms: number, lang: Lang | string): string {
  const [unit, size] = ms < 60_000 ? ['second', 1000] : ms < 3_600_000 ? ['minute', 60_000] : ms < 172_800_000 ? ['hour', 3_600_000] : ['day', 86_400_000];
  return new Intl.NumberFormat(staffLocale(lang), { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: unit === 'second' ? 0 : 1 }).format(
    ms / size,
  );
}
