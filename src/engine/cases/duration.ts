// A case policy's time limits as ISO 8601 durations of calendar time: days, hours, minutes and
// seconds (P5D, PT24H, PT72H, PT90M, PT2S; weeks as P1W). Years and months are refused: their length
// depends on the date, and a time limit must be the same for every case.
const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Milliseconds of the duration, or null when it is not one we take (or is zero). */
export function durationMs(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = DURATION.exec(text.trim().toUpperCase());
  if (!match || text.trim().toUpperCase().endsWith('T')) return null;
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const ms = ((((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000;
  return ms > 0 && Number.isFinite(ms) ? Math.round(ms) : null;
}
