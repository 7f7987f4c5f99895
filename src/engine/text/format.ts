// Formatting and date helpers the product's texts use: file sizes, calendar dates, times of day, slugs.
const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1024-based units with 2 decimals: 5242880 → "5 MB", 1536 → "1.5 KB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const power = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  return `${parseFloat((bytes / 1024 ** power).toFixed(2))} ${SIZE_UNITS[power]}`;
}

/** Whole megabytes of a byte limit, for messages such as "Max size: 5mb". */
export function megabytes(bytes: number): string {
  return String(parseFloat((bytes / 1024 / 1024).toFixed(2)));
}

/** Today's local calendar date as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A date with its time set to "HH:MM" (seconds and milliseconds zeroed), as an ISO string. */
export function combineDateAndTime(date: Date | string, time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) throw new RangeError(`Time must be HH:MM, got "${time}"`);
  const result = new Date(date);
  result.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return result.toISOString();
}

/** Copies the calendar date of `source` onto `target`, keeping target's time of day, as an ISO string. */
export function copyCalendarDate(source: Date | string, target: Date | string): string {
  const from = new Date(source);
  const result = new Date(target);
  result.setFullYear(from.getFullYear(), from.getMonth(), from.getDate());
  return result.toISOString();
}

/** A name as the backend slugs it: lower-cased, spaces turned to hyphens. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
