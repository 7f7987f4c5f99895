// Case measures, counted by the database over what the caller reads (the one read check, core/access
// readableSql: role, form, a manager's venues): per venue and Doha week, the cases opened (a case:
// a submission a case policy matched, or one replied to), the median time to the first response,
// the shares answered and resolved within their policy, and the recovery rate (recovered / resolved
// with a reply), and the recovery survey's yes and no (features/recovery's table, by the case's
// week like every other number here). A confidential form's cases are not counted here (its answers are sealed; the
// insights do not cover it). GET /api/insights/cases (measures-plugin.ts) and the console home's
// "Cases" headline (features/home) read them.
import type { Caller } from '../../core/access/caller.ts';
import { readableSql } from '../../core/access/submission-access.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { Registry } from '../../core/registry.ts';
import type { CaseMeasures, CaseMeasuresRow } from '../../../engine/contract/case-measures.ts';
import { DOHA_TIME_ZONE, type InsightRange } from '../insights/index.ts';

/** Which submissions are counted: of a Doha day range (the insights), or of the last days up to now (the console home's week). */
export type MeasuredWindow = { range: InsightRange } | { days: number };

type MeasureRow = {
  venue: string | null;
  start: string | null;
  total_row: boolean;
  opened: number;
  responded: number;
  median_ms: number | null;
  first_decided: number;
  first_on_time: number;
  resolve_decided: number;
  resolve_on_time: number;
  resolved_with_reply: number;
  recovered: number;
  survey_yes: number;
  survey_no: number;
};

/** A share rounded to 4 decimals; null when there was nothing to share. */
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

function measuresOf(row: MeasureRow): CaseMeasures {
  return {
    opened: row.opened,
    responded: row.responded,
    medianFirstResponseMs: row.median_ms === null ? null : Math.round(Number(row.median_ms)),
    firstResponseDecided: row.first_decided,
    answeredOnTime: row.first_on_time,
    answeredWithinPolicy: share(row.first_on_time, row.first_decided),
    resolveDecided: row.resolve_decided,
    resolvedOnTime: row.resolve_on_time,
    resolvedWithinPolicy: share(row.resolve_on_time, row.resolve_decided),
    resolvedWithReply: row.resolved_with_reply,
    recovered: row.recovered,
    recoveryRate: share(row.recovered, row.resolved_with_reply),
    surveyYes: row.survey_yes,
    surveyNo: row.survey_no,
  };
}

export const NO_CASES: CaseMeasures = measuresOf({
  venue: null,
  start: null,
  total_row: true,
  opened: 0,
  responded: 0,
  median_ms: null,
  first_decided: 0,
  first_on_time: 0,
  resolve_decided: 0,
  resolve_on_time: 0,
  resolved_with_reply: 0,
  recovered: 0,
  survey_yes: 0,
  survey_no: 0,
});

export interface MeasuredCases {
  rows: CaseMeasuresRow[];
  totals: (CaseMeasures & { venue: string })[];
  overall: CaseMeasures;
}

/**
 * The measures of the cases the caller reads, of one form (`form`: its id) or of every form.
 * A first response or a resolution is "decided" once it was given or its due time passed while the
 * clock ran (a case waiting for the guest is not late; a case resolved before its first response was
 * due, without one, is not counted either way); it is on time when given by its due time (moved on by
 * every pause).
 */
export async function measureCases(db: Queryable, caller: Caller, registry: Registry, window: MeasuredWindow, form?: string): Promise<MeasuredCases> {
  const params: unknown[] = [];
  const readable: string[] = [];
  for (const collection of registry.collections.values()) {
    const compiled = collection.form?.compiled;
    if (collection.kind !== 'submissions' || !compiled || compiled.confidential || (form !== undefined && compiled.id !== form)) continue;
    const condition = readableSql(caller, registry, collection, params);
    if (condition !== 'false') readable.push(`(documents.collection = $${params.push(collection.slug)} AND ${condition})`);
  }
  if (readable.length === 0) return { rows: [], totals: [], overall: NO_CASES };
  const counted =
    'range' in window
      ? `documents.created_at >= ($${params.push(window.range.from)}::date)::timestamp AT TIME ZONE '${DOHA_TIME_ZONE}'
         AND documents.created_at < ($${params.push(window.range.to)}::date + 1)::timestamp AT TIME ZONE '${DOHA_TIME_ZONE}'`
      : `documents.created_at >= now() - $${params.push(window.days)}::int * interval '1 day'`;
  const { rows } = await db.query<MeasureRow>(
    `WITH cases AS (
       SELECT coalesce(documents.venue, '') AS venue,
         (documents.created_at AT TIME ZONE '${DOHA_TIME_ZONE}')::date AS day,
         extract(epoch FROM coalesce(c.first_response_at, r.first_reply) - documents.created_at) * 1000 AS first_ms,
         c.first_response_due_at IS NOT NULL AND (c.first_response_at IS NOT NULL
           OR (c.paused_at IS NULL AND c.first_response_due_at < coalesce(c.resolved_at, now()))) AS first_decided,
         c.first_response_at <= c.first_response_due_at AS first_on_time,
         c.resolve_due_at IS NOT NULL AND (c.resolved_at IS NOT NULL OR (c.paused_at IS NULL AND c.resolve_due_at < now())) AS resolve_decided,
         c.resolved_at <= c.resolve_due_at AS resolve_on_time,
         f.state = 'resolved' AND r.first_reply IS NOT NULL AS resolved_with_reply,
         f.state = 'resolved' AND r.first_reply IS NOT NULL AND f.outcome = 'recovered' AS recovered,
         rs.answer AS survey_answer
       FROM documents
       LEFT JOIN case_clocks c ON c.document_id = documents.id
       LEFT JOIN followups f ON f.document_id = documents.id
       LEFT JOIN recovery_surveys rs ON rs.document_id = documents.id
       CROSS JOIN LATERAL (SELECT min(m.created_at) AS first_reply FROM case_messages m WHERE m.document_id = documents.id AND m.direction = 'to-guest') r
       WHERE (${readable.join(' OR ')}) AND ${counted} AND (c.document_id IS NOT NULL OR r.first_reply IS NOT NULL)
     ), weeks AS (
       -- Weeks start on Sunday in Qatar (dow 0).
       SELECT cases.*, to_char(day - extract(dow FROM day)::int, 'YYYY-MM-DD') AS start FROM cases
     )
     SELECT venue, start, GROUPING(start) = 1 AS total_row,
       count(*)::int AS opened,
       count(first_ms)::int AS responded,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY first_ms)::float8 AS median_ms,
       count(*) FILTER (WHERE first_decided)::int AS first_decided,
       count(*) FILTER (WHERE first_decided AND first_on_time)::int AS first_on_time,
       count(*) FILTER (WHERE resolve_decided)::int AS resolve_decided,
       count(*) FILTER (WHERE resolve_decided AND resolve_on_time)::int AS resolve_on_time,
       count(*) FILTER (WHERE resolved_with_reply)::int AS resolved_with_reply,
       count(*) FILTER (WHERE recovered)::int AS recovered,
       count(*) FILTER (WHERE survey_answer = 'yes')::int AS survey_yes,
       count(*) FILTER (WHERE survey_answer = 'no')::int AS survey_no
     FROM weeks GROUP BY GROUPING SETS ((venue, start), (venue), ()) ORDER BY start NULLS LAST, venue NULLS LAST`,
    params,
  );
  const found: MeasuredCases = { rows: [], totals: [], overall: NO_CASES };
  for (const row of rows) {
    if (row.venue === null) found.overall = measuresOf(row);
    else if (row.total_row) found.totals.push({ venue: row.venue, ...measuresOf(row) });
    else found.rows.push({ venue: row.venue, start: row.start!, ...measuresOf(row) });
  }
  return found;
}
