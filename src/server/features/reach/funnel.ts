// The response funnel of one form, counted by the database: per venue (or source) and Doha day or
// week, the scans, views, starts and review clicks of funnel_counts (counts.ts) beside the
// submissions stored (documents.venue, documents.source), and the rates between them. The one
// reading the API (funnel-plugin.ts) and the weekly digest share.
import type { Queryable } from '../../core/db/db.ts';
import { DIRECT_SOURCE, type FunnelBy, type FunnelCounts, type FunnelPeriod, type FunnelRow } from '../../../engine/contract/reach.ts';
import { DOHA_TIME_ZONE, RANGE_CONDITION, venueCondition, type InsightRange, type VenueScope } from '../insights/index.ts';

export interface FunnelRequest {
  form: string;
  /** The form's submissions collection. */
  collection: string;
  by: FunnelBy;
  period: FunnelPeriod;
  range: InsightRange;
  /** The caller's venues, or null for every venue (a manager's funnel is of its venues only: nothing without a venue). */
  venues: VenueScope;
}

type Step = Exclude<keyof FunnelCounts, 'startRate' | 'completionRate'>;
const STEPS: Record<Step, string> = {
  scans: `step = 'scan'`,
  views: `step = 'view'`,
  started: `step = 'start'`,
  submitted: `step = 'submit'`,
  reviewClicks: `step LIKE 'review-%'`,
};

/** A share rounded to 4 decimals; null when nothing was viewed. */
const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

export function withRates(counts: Record<Step, number>): FunnelCounts {
  return { ...counts, startRate: rate(counts.started, counts.views), completionRate: rate(counts.submitted, counts.views) };
}

export async function funnel(db: Queryable, request: FunnelRequest): Promise<{ rows: FunnelRow[]; totals: (FunnelCounts & { key: string })[] }> {
  const params: unknown[] = [request.collection, request.range.from, request.range.to, request.form];
  const venues = venueCondition(request.venues, params);
  const counted = request.by === 'venue' ? 'd.venue' : 'd.source';
  const submittedKey = request.by === 'venue' ? `coalesce(d.venue, '')` : `coalesce(d.source, '${DIRECT_SOURCE}')`;
  // Weeks start on Sunday in Qatar (dow 0).
  const start = request.period === 'day' ? 'day' : '(day - extract(dow FROM day)::int)';
  const { rows } = await db.query<Record<Step, string> & { key: string; start: string }>(
    `WITH steps AS (
       SELECT ${counted} AS key, d.day, d.step, d.n FROM funnel_counts d
        WHERE d.form = $4 AND d.day >= $2::date AND d.day <= $3::date${venues}
       UNION ALL
       SELECT ${submittedKey}, (d.created_at AT TIME ZONE '${DOHA_TIME_ZONE}')::date, 'submit', 1 FROM documents d
        WHERE ${RANGE_CONDITION}${venues}
     )
     SELECT key, to_char(${start}, 'YYYY-MM-DD') AS start,
       ${Object.entries(STEPS)
         .map(([name, condition]) => `coalesce(sum(n) FILTER (WHERE ${condition}), 0) AS "${name}"`)
         .join(', ')}
     FROM steps GROUP BY 1, 2 ORDER BY 2, 1`,
    params,
  );
  const numbers = (row: Record<Step, string>) =>
    Object.fromEntries(Object.keys(STEPS).map((name) => [name, Number(row[name as Step])])) as Record<Step, number>;
  const totals = new Map<string, Record<Step, number>>();
  const funnelRows = rows.map((row) => {
    const counts = numbers(row);
    const total = totals.get(row.key) ?? (Object.fromEntries(Object.keys(STEPS).map((name) => [name, 0])) as Record<Step, number>);
    for (const name of Object.keys(STEPS) as Step[]) total[name] += counts[name];
    totals.set(row.key, total);
    return { key: row.key, start: row.start, ...withRates(counts) };
  });
  return {
    rows: funnelRows,
    totals: [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([key, counts]) => ({ key, ...withRates(counts) })),
  };
}
