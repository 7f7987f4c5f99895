// Where the venues are, and how an instant reads there: every date a person reads (staff pages, the
// guest's case page, alerts, mails, exports, the waiver copy) is Doha time, whatever the browser's or
// the server's zone, and Latin digits unless a caller names another locale (the waiver copy's Arabic
// legal text keeps Arabic-Indic digits). Calendar days (YYYY-MM-DD) read through calendar-day.ts.

import { VENUE_TIME_ZONE } from './venue-zone.ts';

export { VENUE_TIME_ZONE };

/** A language's locale with Latin digits: its words and order, the digits references and phone numbers are read in. */
export const latinDigits = (lang: string) => `${lang}-u-nu-latn`;

const STYLES = {
  minute: { dateStyle: 'medium', timeStyle: 'short' },
  second: { dateStyle: 'medium', timeStyle: 'medium' },
  day: { dateStyle: 'medium' },
  'long-day': { dateStyle: 'long' },
  'long-minute': { dateStyle: 'long', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type InstantStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant in Doha time; an unreadable string comes back as it is, an invalid Date as ''. */
export function venueTime(instant: Date | string, lang: string, style: InstantStyle = 'minute', locale: string = latinDigits(lang)): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return typeof instant === 'string' ? instant : '';
  const key = `${locale}|${style}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone: VENUE_TIME_ZONE })));
  return format.format(date);
}

/** The venues' calendar day (Doha's) that `at` falls in, as the instants it starts and ends (ISO): "due today" is due within it. */
export function venueDayBounds(at: Date = new Date()): { start: string; end: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(latinDigits('en'), {
      timeZone: VENUE_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  // The zone's offset at `at`, to the minute (Doha keeps +03:00 all year: no day is shorter or longer).
  const offset = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000) * 60_000;
  const start = Date.UTC(parts.year, parts.month - 1, parts.day) - offset;
  return { start: new Date(start).toISOString(), end: new Date(start + 24 * 3600_000).toISOString() };
}
