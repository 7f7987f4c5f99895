// The insights aggregation, done by the database (never by loading rows into Node): one GROUP BY
// over a form's submissions by answer and Doha-time period, each question's answered count, mean,
// distribution and Net Promoter bands as columns. Works the same on PGlite and PostgreSQL.
import type { Queryable } from '../../core/db/db.ts';
import type { InsightQuestion } from '../../../engine/insight-questions.ts';
import type { InsightPeriod, QuestionSummary } from '../../../engine/contract/insights.ts';
import { npsBands } from '../../../engine/nps.ts';

/** Qatar keeps one offset all year (UTC+3); its weeks start on Sunday. */
export const DOHA_TIME_ZONE = 'Asia/Qatar';

export interface InsightRange {
  /** YYYY-MM-DD, Doha time, inclusive. */
  from: string;
  to: string;
}

export interface AggregateRequest {
  collection: string;
  by: string | null;
  period: InsightPeriod;
  range: InsightRange;
  questions: InsightQuestion[];
  /** Venues the caller may see (slugs), or null for every venue. See scope.ts. */
  venues: readonly string[] | null;
}

export interface AggregateRow {
  key: string | null;
  start: string;
  count: number;
  questions: Record<string, QuestionSummary>;
}

/** The submissions of one collection received within the range (Doha days), parameters $1-$3. */
export const RANGE_CONDITION = `d.collection = $1
      AND d.created_at >= ($2::date)::timestamp AT TIME ZONE '${DOHA_TIME_ZONE}'
      AND d.created_at < ($3::date + 1)::timestamp AT TIME ZONE '${DOHA_TIME_ZONE}'`;

/**
 * THE place a caller's venues limit what the insights read (aggregates and comments alike): one
 * parameterised condition on the submission's venue, added when the caller is limited to some venues.
 */
export function venueCondition(venues: readonly string[] | null, params: unknown[]): string {
  if (venues === null) return '';
  params.push([...venues]);
  return ` AND d.venue = ANY($${params.length}::text[])`;
}

/** First day of a row's period in Doha time: date_trunc's weeks start on Monday, Qatar's on Sunday (shift a day). */
const periodStart = (unit: string, shift: string) =>
  `(date_trunc(${unit}, (d.created_at AT TIME ZONE '${DOHA_TIME_ZONE}') + ${shift}::interval) - ${shift}::interval)::date`;

interface Column {
  sql: string;
  read(summary: QuestionSummary, value: unknown): void;
}

/** The inner query's per-question values and the outer query's aggregates for one question. */
function questionSql(question: InsightQuestion, index: number, params: unknown[]): { inner: string[]; columns: Column[] } {
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const value = `v${index}`;
  const inner: string[] = [];
  const columns: Column[] = [];
  const count = (sql: string, read: Column['read']) => columns.push({ sql, read });
  if (question.kind === 'rating') {
    // A rating's value is its option's position on the scale (first option = 1).
    const cases = question.options.map((option, position) => `WHEN ${param(option.value)}::text THEN ${position + 1}`).join(' ');
    inner.push(`CASE d.data->>${param(question.name)}::text ${cases} END AS ${value}`);
    question.options.forEach((option, position) => {
      count(`count(*) FILTER (WHERE ${value} = ${position + 1})`, (summary, n) => (summary.distribution[option.value] = Number(n)));
    });
  } else {
    const name = param(question.name);
    inner.push(`CASE WHEN jsonb_typeof(d.data->${name}::text) = 'number' THEN (d.data->>${name}::text)::numeric END AS ${value}`);
    for (let score = question.min; score <= question.max; score++) {
      count(`count(*) FILTER (WHERE ${value} = ${score})`, (summary, n) => (summary.distribution[String(score)] = Number(n)));
    }
    if (question.npsBand) {
      // The band the server stored with the answer (core/forms/derived.ts decides it, once).
      inner.push(`d.data->>${param(question.npsBand)}::text AS b${index}`);
      for (const band of ['promoter', 'passive', 'detractor'] as const) {
        count(`count(*) FILTER (WHERE b${index} = '${band}')`, (summary, n) => {
          summary.nps = summary.nps ?? { score: 0, promoters: 0, passives: 0, detractors: 0 };
          summary.nps[`${band}s`] = Number(n);
        });
      }
    }
  }
  count(`count(${value})`, (summary, n) => (summary.answered = Number(n)));
  count(`round(avg(${value}), 2)`, (summary, mean) => (summary.mean = mean === null ? null : Number(mean)));
  return { inner, columns };
}

export function aggregateSql(request: AggregateRequest): { sql: string; params: unknown[]; read(row: Record<string, unknown>): AggregateRow } {
  const params: unknown[] = [request.collection, request.range.from, request.range.to, request.period, request.period === 'week' ? '1 day' : '0 days'];
  const group = request.by === null ? 'NULL::text' : `d.data->>$${params.push(request.by)}::text`;
  const parts = request.questions.map((question, index) => questionSql(question, index, params));
  const venues = venueCondition(request.venues, params);
  const columns = parts.flatMap((part) => part.columns);
  const sql = `SELECT grp, start::text AS day, count(*) AS count${columns.map((column, i) => `, ${column.sql} AS c${i}`).join('')}
    FROM (
      SELECT ${group} AS grp, ${periodStart('$4::text', '$5')} AS start${parts.flatMap((part) => part.inner).map((expression) => `, ${expression}`).join('')}
      FROM documents d
      WHERE ${RANGE_CONDITION}${venues}
      -- OFFSET 0 keeps this subquery apart: each answer is read from the jsonb once per row, not once per aggregate using it.
      OFFSET 0
    ) answers
    GROUP BY grp, start
    ORDER BY grp NULLS LAST, start`;
  const read = (row: Record<string, unknown>): AggregateRow => {
    const questions: Record<string, QuestionSummary> = {};
    let i = 0;
    parts.forEach((part, index) => {
      const summary: QuestionSummary = { answered: 0, mean: null, distribution: {} };
      for (const column of part.columns) column.read(summary, row[`c${i++}`]);
      if (summary.nps) summary.nps.score = npsBands(summary.nps).score;
      questions[request.questions[index].name] = summary;
    });
    return { key: (row.grp as string | null) ?? null, start: String(row.day), count: Number(row.count), questions };
  };
  return { sql, params, read };
}

export async function aggregate(db: Queryable, request: AggregateRequest): Promise<AggregateRow[]> {
  const { sql, params, read } = aggregateSql(request);
  const { rows } = await db.query(sql, params);
  return rows.map(read);
}
