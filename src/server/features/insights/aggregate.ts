// The insights aggregation, done by the database (never by loading rows into Node): over the
// rollup (migrations.ts), by answer and Doha-time period, each question's answered count,
// mean, distribution and Net Promoter bands as columns. Works the same on PGlite and PostgreSQL.
import type { Queryable } from '../../core/db/db.ts';
import type { InsightQuestion } from '../../../engine/insight-questions.ts';
import type { InsightPeriod, QuestionSummary } from '../../../engine/contract/insights.ts';
import { npsBands } from '../../../engine/nps.ts';
import { DOHA_TIME_ZONE } from './doha.ts';

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

/** First day of a rollup row's period: date_trunc's weeks start on Monday, Qatar's on Sunday (shift a day). */
const periodStart = (unit: string, shift: string) => `(date_trunc(${unit}, d.start + ${shift}::interval) - ${shift}::interval)::date`;

const DAY_MS = 86_400_000;
const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The whole weeks or months within a range (read from the rollup's week or month rows), or null:
 * the days before and after them are read from its day rows.
 */
export function wholePeriods(range: InsightRange, period: InsightPeriod): InsightRange | null {
  if (period === 'day') return null;
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  let first: number;
  let last: number;
  if (period === 'week') {
    first = from + ((7 - new Date(from).getUTCDay()) % 7) * DAY_MS;
    last = to - ((new Date(to).getUTCDay() + 1) % 7) * DAY_MS;
  } else {
    const start = new Date(from);
    first = start.getUTCDate() === 1 ? from : Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
    const end = new Date(to + DAY_MS);
    last = end.getUTCDate() === 1 ? to : Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1) - DAY_MS;
  }
  return first <= last ? { from: dayText(first), to: dayText(last) } : null;
}

interface Column {
  sql: string;
  read(summary: QuestionSummary, value: unknown): void;
}

/** The outer query's aggregates for one question, over rows (question, answer, n) of summed answers. */
function questionSql(question: InsightQuestion, params: unknown[]): Column[] {
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const columns: Column[] = [];
  const count = (sql: string, read: Column['read']) => columns.push({ sql, read });
  const of = (name: string, condition = 'true') => `coalesce(sum(n) FILTER (WHERE question = ${name} AND ${condition}), 0)`;
  const name = param(question.name);
  let value: string;
  if (question.kind === 'rating') {
    // A rating's value is its option's position on the scale (first option = 1).
    value = `CASE text ${question.options.map((option, position) => `WHEN ${param(option.value)}::text THEN ${position + 1}`).join(' ')} END`;
    question.options.forEach((option, position) => {
      count(of(name, `${value} = ${position + 1}`), (summary, n) => (summary.distribution[option.value] = Number(n)));
    });
  } else {
    value = 'number';
    for (let score = question.min; score <= question.max; score++) {
      count(of(name, `number = ${score}`), (summary, n) => (summary.distribution[String(score)] = Number(n)));
    }
    if (question.npsBand) {
      // The band the server stored with the answer (core/forms/derived.ts decides it, once).
      const band = param(question.npsBand);
      for (const kind of ['promoter', 'passive', 'detractor'] as const) {
        count(of(band, `text = '${kind}'`), (summary, n) => {
          summary.nps = summary.nps ?? { score: 0, promoters: 0, passives: 0, detractors: 0 };
          summary.nps[`${kind}s`] = Number(n);
        });
      }
    }
  }
  count(of(name, `${value} IS NOT NULL`), (summary, n) => (summary.answered = Number(n)));
  count(`round(sum(n * ${value}) FILTER (WHERE question = ${name})::numeric / nullif(${of(name, `${value} IS NOT NULL`)}, 0), 2)`,
    (summary, mean) => (summary.mean = mean === null ? null : Number(mean)));
  return columns;
}

/**
 * Reads the rollup (migrations.ts, insight_rollup; fold.ts folds what is pending first): whole
 * weeks or months from their own rows, the days around them from day rows; sums those rows per
 * group, period, question and answer (a plain GROUP BY), then turns those few thousand sums into
 * one row per group and period with each question's columns.
 */
export function aggregateSql(request: AggregateRequest): { sql: string; params: unknown[]; read(row: Record<string, unknown>): AggregateRow } {
  const whole = wholePeriods(request.range, request.period);
  // $7 and $8, only when there are whole periods (PostgreSQL refuses a parameter it cannot type).
  const params: unknown[] = [request.collection, request.range.from, request.range.to, request.period, request.period === 'week' ? '1 day' : '0 days', request.by ?? '', ...(whole ? [whole.from, whole.to] : [])];
  const parts = request.questions.map((question) => questionSql(question, params));
  const venues = venueCondition(request.venues, params);
  const columns = parts.flat();
  // The days before the whole periods, the whole periods, the days after them: three index ranges.
  const rows = (period: string, from: string, to: string) => `SELECT d.group_value, d.start, d.question, d.answer, d.n FROM insight_rollup d
            WHERE d.collection = $1 AND d.grouping = $6 AND d.period = ${period} AND d.start BETWEEN ${from} AND ${to}${venues}`;
  const source = whole
    ? [rows(`'day'`, '$2::date', '$7::date - 1'), rows('$4::text', '$7::date', '$8::date'), rows(`'day'`, '$8::date + 1', '$3::date')].join('\n          UNION ALL ')
    : rows(`'day'`, '$2::date', '$3::date');
  const sql = `SELECT grp, start::text AS day, coalesce(sum(n) FILTER (WHERE question = ''), 0) AS count${columns.map((column, i) => `, ${column.sql} AS c${i}`).join('')}
    FROM (
      SELECT grp, start, question, answer #>> '{}' AS text,
          CASE WHEN jsonb_typeof(answer) = 'number' THEN (answer #>> '{}')::numeric END AS number, n
        FROM (
          SELECT d.group_value AS grp, ${periodStart('$4::text', '$5')} AS start, d.question, d.answer, sum(d.n) AS n
            FROM (${source}) d
            GROUP BY 1, 2, 3, 4
        ) summed
    ) answers
    GROUP BY grp, start
    HAVING sum(n) FILTER (WHERE question = '') > 0
    ORDER BY grp NULLS LAST, start`;
  const read = (row: Record<string, unknown>): AggregateRow => {
    const questions: Record<string, QuestionSummary> = {};
    let i = 0;
    parts.forEach((part, index) => {
      const summary: QuestionSummary = { answered: 0, mean: null, distribution: {} };
      for (const column of part) column.read(summary, row[`c${i++}`]);
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
