// The time a send of an alert's channels may take: each SMTP step, a webhook's answer, and so the
// lease a claimed alert is held for. The retry schedule itself (back-off, giving up) is the
// outbox's (core/outbox/schedule.ts), from ALERT_RETRY_BASE_MS (30 s by default).
/** The limit for a webhook's receiver. */
export const WEBHOOK_TIMEOUT_MS = 5000;

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
