// The outbox's schedule, in one place: after a failed try the next comes after the sender's base
// (ALERT_RETRY_BASE_MS for alerts and waiver copies, 30 s by default), doubling up to 6 hours
// between tries; after 24 hours of trying a message is marked failed. Tests shorten the base so
// "down, then up again" takes no fixed wait.
export const RETRY_CAP_MS = 6 * 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** Wait before the next try, after `attempts` tries (1 = the first failed). */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
}

/**
 * The longest an idle sender waits without being woken: a NOTIFY wakes it when a message is queued
 * (here or by another instance) and a retry's time is known, so this only bounds a lost notification
 * (a PostgreSQL restart drops the listening connection).
 */
export const IDLE_LOOK_MS = 30_000;
