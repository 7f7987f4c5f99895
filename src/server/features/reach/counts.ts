// The funnel's counters (funnel_counts): one row per form, Doha day, venue, source and step, added
// to by one statement (an upsert), so concurrent scans and views on any instance count exactly.
import type { Queryable } from '../../core/db/db.ts';

export type FunnelStep = 'scan' | 'view' | 'start' | 'review-google' | 'review-tripadvisor';

/** The Doha day of now (UTC+3 all year), computed by the database so every instance agrees. */
const DOHA_DAY = `((now() AT TIME ZONE 'UTC') + interval '3 hours')::date`;

export async function countStep(
  db: Queryable,
  step: FunnelStep,
  at: { form: string; venue: string | null; source: string; point: number | null },
): Promise<void> {
  await db.query(
    `INSERT INTO funnel_counts (form, venue, source, point, day, step, n) VALUES ($1, $2, $3, $4, ${DOHA_DAY}, $5, 1)
     ON CONFLICT (form, day, venue, source, point, step) DO UPDATE SET n = funnel_counts.n + 1`,
    [at.form, at.venue ?? '', at.source, at.point ?? 0, step],
  );
}

/** Known crawlers and link previewers (the pages are noindex already): their requests count nothing. */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|whatsapp|telegram|discord|skype|bingpreview|lighthouse|pingdom|uptime|curl\/|wget\/|python-requests|go-http-client/i;

export const isBot = (userAgent: string | undefined) => !userAgent || BOT.test(userAgent);
