// How long a signed waiver covers its guests: from its visit date (or the day it was signed, in
// Doha time) for the definition's `validFor` period (ISO 8601, e.g. P1Y), or that one day when the
// definition says nothing. Shown by the desk as "Valid until <date>" or "Expired".
// Hand-written: a date-only ISO period (the definition's pattern allows Y, M, W, D) is a few lines
// of Date.UTC arithmetic; no date library is installed and Temporal is not in Node 20. A period
// with a time part (PT4S: tests' second-long waivers) runs from the instant it was signed.

/** Doha is UTC+3 all year (no daylight saving). */
const DOHA_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const PERIOD = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const HOUR = 3_600_000;

/** The calendar day in Doha of an instant, as YYYY-MM-DD. */
export const dohaDay = (instant: Date | string | number) => new Date(new Date(instant).getTime() + DOHA_OFFSET_MS).toISOString().slice(0, 10);

/** A real calendar day as YYYY-MM-DD, or null. */
function calendarDay(value: unknown): string | null {
  if (typeof value !== 'string' || !DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** The milliseconds of a period's time part (PT2S), 0 without one. */
const timePartMs = (period: RegExpExecArray) => {
  const [hours, minutes, seconds] = period.slice(5).map((part) => Number(part ?? 0));
  return hours * HOUR + minutes * 60_000 + seconds * 1000;
};

/** The last day covered: the day the waiver starts, plus the period, less one day (a P1D waiver covers its one day). */
export function waiverValidUntil(visitDate: unknown, signedAt: Date | string, validFor: string | undefined): string {
  const start = calendarDay(visitDate) ?? dohaDay(signedAt);
  const period = validFor ? PERIOD.exec(validFor) : null;
  if (!period) return start;
  if (timePartMs(period) > 0) return dohaDay(waiverExpiresAt(visitDate, signedAt, validFor).getTime() - 1);
  const [years, months, weeks, days] = period.slice(1).map((part) => Number(part ?? 0));
  const [y, m, d] = start.split('-').map(Number);
  // Date.UTC carries an overflowing month or day into the next (31 Jan + P1M reaches 3 Mar, less the one day).
  const end = new Date(Date.UTC(y + years, m - 1 + months, d + weeks * 7 + days - 1));
  return end.toISOString().slice(0, 10);
}

/** Expired once Doha's today is after the last day covered. */
export const waiverExpired = (validUntil: string, now: Date = new Date()) => dohaDay(now) > validUntil;

/**
 * The instant a waiver stops covering its guests: the start of the day after its last day, in Doha;
 * for a period with a time part, the instant signed plus the period (its date part counted in days of 24 h).
 */
export function waiverExpiresAt(visitDate: unknown, signedAt: Date | string, validFor: string | undefined): Date {
  const period = validFor ? PERIOD.exec(validFor) : null;
  if (period && timePartMs(period) > 0) {
    const [years, months, weeks, days] = period.slice(1, 5).map((part) => Number(part ?? 0));
    return new Date(new Date(signedAt).getTime() + (years * 365 + months * 30 + weeks * 7 + days) * DAY_MS + timePartMs(period));
  }
  const last = waiverValidUntil(visitDate, signedAt, validFor);
  return new Date(new Date(`${last}T00:00:00Z`).getTime() + DAY_MS - DOHA_OFFSET_MS);
}

/** A period before an instant (remindBeforeExpiry: P14D, PT2S), in days of 24 h; null when it is no period. */
export function periodMs(period: string): number | null {
  const parts = PERIOD.exec(period);
  if (!parts) return null;
  const [years, months, weeks, days] = parts.slice(1, 5).map((part) => Number(part ?? 0));
  return (years * 365 + months * 30 + weeks * 7 + days) * DAY_MS + timePartMs(parts);
}
