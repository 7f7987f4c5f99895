// The week a perk redemption counts in: the ISO week (Monday to Sunday) in Doha time, UTC+3 all
// year (Qatar has no daylight saving), so a week turns at Monday 00:00 in the restaurants, not in UTC.
const DOHA_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** e.g. '2026-W48'. */
export function dohaWeekKey(at: Date): string {
  const local = new Date(at.getTime() + DOHA_OFFSET_MS);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  // ISO 8601: the week belongs to the year of its Thursday.
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const year = day.getUTCFullYear();
  const week = Math.ceil(((day.getTime() - Date.UTC(year, 0, 1)) / DAY_MS + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}
