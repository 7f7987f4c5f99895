// The recovery survey's answers, measured: per venue and Doha week (weeks start on Sunday), how many
// guests answered "yes" and "no", for the cases insights (GET /api/insights/cases). The caller passes
// its venue scope (insights' VenueScope: the venues its reads are limited to, null for every venue), so
// the one read check stays the caller's. A case naming no venue counts under venue null.
import type { Queryable } from '../../core/db/db.ts';
import { DOHA_TIME_ZONE, type VenueScope } from '../insights/index.ts';

export interface RecoveryAnswerRow {
  venue: string | null;
  /** The first day (Sunday, Doha) of the week the answers came in, YYYY-MM-DD. */
  week: string;
  yes: number;
  no: number;
}

/** The answers of the last `weeks` Doha weeks (this one included), oldest week first, then by venue. */
export async function recoveryAnswers(db: Queryable, scope: VenueScope, weeks: number, now = new Date()): Promise<RecoveryAnswerRow[]> {
  const params: unknown[] = [DOHA_TIME_ZONE, Math.max(1, Math.floor(weeks)), now];
  const venues = scope === null ? '' : ` AND d.venue = ANY($${params.push([...scope])}::text[])`;
  // date_trunc's weeks start on Monday, Qatar's on Sunday: a day's shift each way.
  const week = `(date_trunc('week', (r.answered_at AT TIME ZONE $1) + interval '1 day') - interval '1 day')::date`;
  const thisWeek = `(date_trunc('week', ($3::timestamptz AT TIME ZONE $1) + interval '1 day') - interval '1 day')::date`;
  const { rows } = await db.query<{ venue: string | null; week: string; yes: string | number; no: string | number }>(
    `SELECT d.venue, to_char(${week}, 'YYYY-MM-DD') AS week,
       count(*) FILTER (WHERE r.answer = 'yes') AS yes, count(*) FILTER (WHERE r.answer = 'no') AS no
     FROM recovery_surveys r JOIN documents d ON d.id = r.document_id
     WHERE r.answered_at IS NOT NULL AND ${week} > ${thisWeek} - 7 * $2::int${venues}
     GROUP BY 1, 2 ORDER BY 2, 1 NULLS LAST`,
    params,
  );
  return rows.map((row) => ({ venue: row.venue, week: row.week, yes: Number(row.yes), no: Number(row.no) }));
}
