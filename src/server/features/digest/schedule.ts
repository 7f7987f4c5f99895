// The weekly step: one due step of the core timers per ISO week (key `digest:<ISO week>`), due on
// DIGEST_DAY at DIGEST_HOUR, Doha time. Every instance schedules the next one at start (the same key:
// one row), and the step's run schedules the one after it in its own transaction, so a week is never
// skipped while a server runs and one missed while none ran is run at the next start (caught up), once.
import type { Queryable } from '../../core/db/db.ts';
import { scheduleStep } from '../../core/timers/timers.ts';
import type { DigestConfig } from './config.ts';
import { isoWeekOf } from './week.ts';

/** The core timers' kind of the weekly step (send.ts runs it). */
export const DIGEST_STEP_KIND = 'digest';

const DAY_MS = 86_400_000;
const DOHA_OFFSET_MS = 3 * 3600_000;
const dohaDay = (time: number) => new Date(time + DOHA_OFFSET_MS).toISOString().slice(0, 10);

/** The step's key: one per ISO week of the day it is due. */
export const digestStepKey = (dueAt: Date) => `${DIGEST_STEP_KIND}:${isoWeekOf(dohaDay(dueAt.getTime()))}`;

/** The first DIGEST_DAY at DIGEST_HOUR (Doha) after `now`. */
export function nextDigestAt(now: Date, config: DigestConfig): Date {
  const today = Date.parse(`${dohaDay(now.getTime())}T00:00:00Z`);
  const ahead = (config.day - new Date(today).getUTCDay() + 7) % 7;
  let at = today + ahead * DAY_MS + config.hour * 3600_000 - DOHA_OFFSET_MS;
  if (at <= now.getTime()) at += 7 * DAY_MS;
  return new Date(at);
}

/** Schedules the weekly step due at `dueAt` in the caller's transaction (a key that ran stays done). */
export async function scheduleDigestStep(tx: Queryable, dueAt: Date): Promise<void> {
  const key = digestStepKey(dueAt);
  await scheduleStep(tx, { kind: DIGEST_STEP_KIND, key, subject: key.slice(DIGEST_STEP_KIND.length + 1), dueAt });
}
