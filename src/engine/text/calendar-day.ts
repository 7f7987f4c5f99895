// A calendar day (YYYY-MM-DD: a visit date, a birth date, a period's first day) as people read it,
// the same day in every time zone, Latin digits in every language (staff pages and every output of
// an answer read them alike). The month goes by its name ("2 Dec 2026", "2 ديسمبر 2026"): no
// day/month order to guess, and no direction marks between numbers, which a right-to-left line reorders.
const STYLES = {
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  month: { month: 'short', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DayStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The day in `lang`; the text itself when it is no calendar day. */
export function calendarDayText(ymd: string, lang: string, style: DayStyle = 'day'): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(ymd) ? new Date(`${ymd}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) return ymd;
  const key = `${lang}:${style}`;
  if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { ...STYLES[style], timeZone: 'UTC' }));
  return formats.get(key)!.format(date);
}
