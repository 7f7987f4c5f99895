// The digest's week: the last whole Doha week (Sunday to Saturday, the insights page's weeks) before
// the day it is made, the week before it to compare with, and the ISO week of the day it is made
// (with the account, the key that sends it at most once).
const DAY_MS = 86_400_000;
const DOHA_OFFSET_MS = 3 * 3600_000;
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface DigestWeek {
  /** The reported week, Doha days, inclusive. */
  from: string;
  to: string;
  /** The week before it. */
  beforeFrom: string;
  /** ISO 8601 week of the day the digest is made, e.g. 2026-W49. */
  isoWeek: string;
}

/** ISO week (Monday first, the week of the year's first Thursday is 1) of a Doha day. */
export function isoWeekOf(dayText: string): string {
  const date = new Date(`${dayText}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  const thursday = new Date(date.getTime() + (3 - weekday) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - yearStart) / (7 * DAY_MS));
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export function digestWeek(now: Date): DigestWeek {
  const today = Date.parse(`${day(now.getTime() + DOHA_OFFSET_MS)}T00:00:00Z`);
  // Back to the last Saturday before today (today itself when it is Sunday: yesterday).
  const saturday = today - ((new Date(today).getUTCDay() + 1) % 7 || 7) * DAY_MS;
  const from = saturday - 6 * DAY_MS;
  return { from: day(from), to: day(saturday), beforeFrom: day(from - 7 * DAY_MS), isoWeek: isoWeekOf(day(today)) };
}
