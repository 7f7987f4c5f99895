// The insights aggregation, done by the database (never by loading rows into Node): over the
// rollup (migrations.ts), by answer and Doha-time period, each question's answered count,
// mean, distribution and Net Promoter bands as columns. Works the same on PGlite and PostgreSQL.
import type { Queryable } from '../../core/db/db.ts';
import type { InsightQuestion } from '../../../engine/insight-questions.ts';
import type { InsightPeriod, QuestionSummary } from '../../../engine/contract/insights.ts';
import { npsBands } from '../../../engine/nps.ts';
import { DOHA_TIME_ZONE } from './doha.ts';
import { periodStart, wholePeriods, type InsightRange } from './periods.ts';

export type { InsightRange };

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

/** Each kind of question's answers, as arrays (one parameter each, whatever the form's size). */
function answerKinds(questions: InsightQuestion[]) {
  const ratings = { question: [] as string[], key: [] as string[], value: [] as number[] };
  for (const question of questions) {
    if (question.kind !== 'rating') continue;
    // A rating's value is its option's position on the scale (first option = 1).
    question.options.forEach((option, position) => {
      ratings.question.push(question.name);
      ratings.key.push(option.value);
      ratings.value.push(position + 1);
    });
  }
  const scales = questions.flatMap((question) => (question.kind === 'scale' ? [question.name] : []));
  // The band the server stored with the answer (core/forms/derived.ts decides it, once).
  const bands = questions.flatMap((question) => (question.kind === 'scale' && question.npsBand ? [question.npsBand] : []));
  return { ratings, scales, bands };
}

/** One group and period's figures (aggregateSql), each question's side by side in arrays. */
interface PeriodRow {
  grp: string | null;
  day: string;
  count: number;
  questions: string[] | null;
  answered: number[] | null;
  means: (number | null)[] | null;
  /** Each answer counted: its question, key (option value, scale value, NPS band) and count. */
  answer_questions: string[] | null;
  answer_keys: string[] | null;
  answer_counts: number[] | null;
}

/** One question's summary (not answered in the period: zeros), every option or score listed. */
function summaryOf(question: InsightQuestion, row: PeriodRow): QuestionSummary {
  const at = row.questions?.indexOf(question.name) ?? -1;
  const keys = question.kind === 'rating' ? question.options.map((option) => option.value) : Array.from({ length: question.max - question.min + 1 }, (_, i) => String(question.min + i));
  const counted = (name: string, key: string) => {
    const answers = row.answer_questions ?? [];
    for (let i = 0; i < answers.length; i++) if (answers[i] === name && row.answer_keys![i] === key) return Number(row.answer_counts![i]);
    return 0;
  };
  const summary: QuestionSummary = {
    answered: at < 0 ? 0 : Number(row.answered![at]),
    mean: at < 0 || row.means![at] === null ? null : Number(row.means![at]),
    distribution: Object.fromEntries(keys.map((key) => [key, counted(question.name, key)])),
  };
  if (question.kind === 'scale' && question.npsBand) {
    const nps = { promoters: counted(question.npsBand, 'promoter'), passives: counted(question.npsBand, 'passive'), detractors: counted(question.npsBand, 'detractor') };
    summary.nps = { score: npsBands(nps).score, ...nps };
  }
  return summary;
}

/**
 * Reads the rollup (migrations.ts, insight_rollup; fold.ts folds what is pending first): whole
 * weeks or months from their own rows, the days around them from day rows. Sums them per group,
 * period, question and answer, gives each answer its value (a rating's position, a scale's number),
 * then per question its answered count and mean, one row per group and period with the questions'
 * figures and the answers' counts as arrays: building jsonb in the database cost more than the
 * counting, and one row per question more again (PGlite's cost is per row returned). Node only
 * puts these summed figures into the answer's shape (summaryOf): it counts nothing.
 */
export function aggregateSql(request: AggregateRequest): { sql: string; params: unknown[]; read(row: Record<string, unknown>): AggregateRow } {
  const whole = wholePeriods(request.range, request.period);
  const { ratings, scales, bands } = answerKinds(request.questions);
  const params: unknown[] = [request.collection, request.range.from, request.range.to, request.period, request.period === 'week' ? '1 day' : '0 days', request.by ?? '',
    ratings.question, ratings.key, ratings.value, scales, bands];
  // $12 and $13 only when there are whole periods (PostgreSQL refuses a parameter it cannot type).
  if (whole) params.push(whole.from, whole.to);
  const venues = venueCondition(request.venues, params);
  // The days before the whole periods, the whole periods, the days after them: three index ranges.
  const rows = (period: string, from: string, to: string) => `SELECT d.group_value, ${period === `'day'` ? periodStart('$4::text', '$5') : 'd.start'} AS start, d.question, d.answer, d.value, d.n
      FROM insight_rollup d WHERE d.collection = $1 AND d.grouping = $6 AND d.period = ${period} AND d.start BETWEEN ${from} AND ${to}${venues}`;
  const source = whole
    ? [rows(`'day'`, '$2::date', '$12::date - 1'), rows('$4::text', '$12::date', '$13::date'), rows(`'day'`, '$13::date + 1', '$3::date')].join('\n    UNION ALL ')
    : rows(`'day'`, '$2::date', '$3::date');
  // valued: each summed answer's key and value: a rating's option (its position), a scale's number,
  // a band's name (no value); question '' is the submissions' count. Other answers are left out.
  const sql = `WITH summed AS (
      SELECT d.group_value AS grp, d.start, d.question, d.answer, d.value, sum(d.n)::int AS n
        FROM (${source}) d
        GROUP BY 1, 2, 3, 4, 5
    ), valued AS (
      SELECT s.grp, s.start, s.question, s.n,
          CASE WHEN m.key IS NOT NULL THEN m.key WHEN s.question = ANY($10::text[]) AND s.value = trunc(s.value) THEN trunc(s.value)::text
            WHEN s.question = ANY($11::text[]) THEN s.answer END AS key,
          CASE WHEN m.key IS NOT NULL THEN m.value::numeric WHEN s.question = ANY($10::text[]) THEN s.value END AS value
        FROM summed s LEFT JOIN unnest($7::text[], $8::text[], $9::int[]) AS m(question, key, value) ON m.question = s.question AND m.key = s.answer
    ), figures AS (
      SELECT grp, start, question, sum(n)::int AS total, coalesce(sum(n) FILTER (WHERE value IS NOT NULL), 0)::int AS answered,
          round(sum(n * value) / nullif(sum(n) FILTER (WHERE value IS NOT NULL), 0), 2)::float8 AS mean
        FROM valued WHERE question = '' OR key IS NOT NULL
        GROUP BY 1, 2, 3
    ), periods AS (
      SELECT grp, start, sum(total) FILTER (WHERE question = '')::int AS count, array_agg(question) FILTER (WHERE question <> '') AS questions,
          array_agg(answered) FILTER (WHERE question <> '') AS answered, array_agg(mean) FILTER (WHERE question <> '') AS means
        FROM figures GROUP BY 1, 2
    ), answers AS (
      SELECT grp, start, array_agg(question) AS answer_questions, array_agg(key) AS answer_keys, array_agg(n) AS answer_counts
        FROM valued WHERE key IS NOT NULL GROUP BY 1, 2
    )
    SELECT p.grp, p.start::text AS day, p.count, p.questions, p.answered, p.means, a.answer_questions, a.answer_keys, a.answer_counts
      FROM periods p LEFT JOIN answers a ON a.grp IS NOT DISTINCT FROM p.grp AND a.start = p.start
      WHERE p.count > 0
      ORDER BY p.grp NULLS LAST, p.start`;
  const read = (found: Record<string, unknown>): AggregateRow => {
    const row = found as unknown as PeriodRow;
    return { key: row.grp ?? null, start: String(row.day), count: Number(row.count), questions: Object.fromEntries(request.questions.map((question) => [question.name, summaryOf(question, row)])) };
  };
  return { sql, params, read };
}

export async function aggregate(db: Queryable, request: AggregateRequest): Promise<AggregateRow[]> {
  const { sql, params, read } = aggregateSql(request);
  const { rows } = await db.query(sql, params);
  return rows.map(read);
}
