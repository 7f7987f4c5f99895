// Periods over the rollup (migrations.ts): a row's period start, and which part of a range whole
// weeks or months cover (read from their own rows; the days around them from day rows).
import type { InsightPeriod } from '../../../engine/contract/insights.ts';

export interface InsightRange {
  /** YYYY-MM-DD, Doha time, inclusive. */
  from: string;
  to: string;
}

/** First day of a rollup row's period: date_trunc's weeks start on Monday, Qatar's on Sunday (shift a day). */
export const periodStart = (unit: string, shift: string) => `(date_trunc(${unit}, d.start + ${shift}::interval) - ${shift}::interval)::date`;

const DAY_MS = 86_400_000;
const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The whole weeks or months within a range (read from the rollup's week or month rows), or null:
 * the days before and after them are read from its day rows.
 */
export function wholePeriods(range: InsightRange, period: InsightPeriod): InsightRange | null {
  if (period === 'day') return null;
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  let first: number;
  let last: number;
  if (period === 'week') {
    first = from + ((7 - new Date(from).getUTCDay()) % 7) * DAY_MS;
    last = to - ((new Date(to).getUTCDay() + 1) % 7) * DAY_MS;
  } else {
    const start = new Date(from);
    first = start.getUTCDate() === 1 ? from : Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
    const end = new Date(to + DAY_MS);
    last = end.getUTCDate() === 1 ? to : Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1) - DAY_MS;
  }
  return first <= last ? { from: dayText(first), to: dayText(last) } : null;
}
