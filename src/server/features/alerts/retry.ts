// The delivery schedule, in one place: the first retry within a minute (ALERT_RETRY_BASE_MS,
// 30 s by default), doubling up to 6 hours between tries, and after 24 hours of trying an alert
// is marked failed. Tests shorten the base so "down, then up again" takes no fixed wait.
export const RETRY_CAP_MS = 6 * 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** The limit for a webhook's receiver. */
export const WEBHOOK_TIMEOUT_MS = 5000;

/** Wait before the next try, after `attempts` tries (1 = the first failed). */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
}

/** Each SMTP step (connect, greeting, each answer) may take this long: long enough for a slow server, short against the lease. */
export function smtpTimeoutMs(baseMs: number): number {
  return Math.min(Math.max(baseMs, 2000), 20_000);
}

/**
 * A claimed delivery is not claimed again (by this or another instance) before this much time has
 * passed: longer than any send can take (the SMTP steps or the webhook's timeout), so an alert is
 * sent once unless its instance died mid-send, when it is sent again after the lease (at least once).
 */
export function leaseMs(baseMs: number): number {
  return Math.max(4 * smtpTimeoutMs(baseMs), 2 * WEBHOOK_TIMEOUT_MS);
}

/** How often an instance looks for due deliveries it was not woken for (retries, other instances' alerts). */
export function pollMs(baseMs: number): number {
  return Math.min(Math.max(baseMs / 2, 50), 5000);
}

/**
 * The SET of an outbox row whose try failed: given up for good when the failure is permanent ($2)
 * or the next try ($3 ms from now) would fall past $4 ms since it was queued, else retried then.
 * Parameters: $1 the row's id, $2 permanent, $3 the delay (retryDelayMs), $4 GIVE_UP_AFTER_MS.
 */
export const FAILED_TRY_SET = `state = CASE WHEN $2 OR now() + $3::double precision * interval '1 millisecond' - queued_at > $4::double precision * interval '1 millisecond' THEN 'failed' ELSE 'retrying' END,
       next_attempt_at = now() + $3::double precision * interval '1 millisecond'`;

/** An outbox loop's rest between looks: `ms`, or less if the wake it is handed (kept by the loop meanwhile) is called. */
export async function restUnlessWoken(ms: number, keepWake: (wake: (() => void) | null) => void): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    keepWake(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  keepWake(null);
}
