// A date answered as day, month and year (web/widgets/DateWidget.tsx) is stored as one ISO
// string. What a guest has typed so far is kept in the same shape with its missing parts empty
// ("-04-12": no year yet), so a draft keeps it; the schema's format "date" refuses such a value,
// and dateProblem says what is missing in words a guest can act on.
import type { MessageKey } from '../text/messages.ts';

export interface DateParts {
  /** Digits as typed (ASCII), '' when not yet typed. */
  day: string;
  /** '1' to '12', '' when not yet chosen. */
  month: string;
  year: string;
}

export const NO_DATE: DateParts = { day: '', month: '', year: '' };

const pad = (part: string) => (part.length === 1 ? `0${part}` : part);

/** The stored value: 'YYYY-MM-DD', a partial value with empty parts, or undefined when nothing was typed. */
export function joinDateParts({ day, month, year }: DateParts): string | undefined {
  if (!day && !month && !year) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The parts of a stored (possibly partial) value; anything else starts empty. */
export function splitDateParts(value: unknown): DateParts {
  const match = typeof value === 'string' ? /^(\d*)-(\d*)-(\d*)$/.exec(value) : null;
  if (!match) return NO_DATE;
  const month = match[2] ? String(Number(match[2])) : '';
  return { year: match[1], month, day: match[3] };
}

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** Days in a month (1-12) of a year. */
function daysIn(month: number, year: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * What is wrong with a date answer, or null for a real calendar date 'YYYY-MM-DD' (the same
 * dates JSON Schema's format "date" accepts, so page, server and schema agree).
 */
export function dateProblem(value: string): Extract<MessageKey, 'date' | 'dateIncomplete' | 'dateYearDigits' | 'dateImpossible'> | null {
  const parts = /^(\d*)-(\d*)-(\d*)$/.exec(value);
  if (!parts) return 'date';
  const [, year, month, day] = parts;
  if (!year || !month || !day) return 'dateIncomplete';
  if (year.length !== 4) return 'dateYearDigits';
  if (month.length !== 2 || day.length !== 2) return 'date';
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysIn(m, Number(year)) ? null : 'dateImpossible';
}
