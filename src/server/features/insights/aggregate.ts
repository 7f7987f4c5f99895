// The insights aggregation, done by the database (never by loading rows into Node): over the
// rollup (migrations.ts), by Doha-time period and group, the submissions and each answer counted;
// Node turns a period's few answer counts into each question's figures (answered, mean,
// distribution, Net Promoter bands). Works the same on PGlite and PostgreSQL.
import type { Queryable } from '../../core/db/db.ts';
import type { InsightQuestion } from '../../../engine/insights/insight-questions.ts';
import type { InsightPeriod, QuestionSummary } from '../../../engine/contract/insights.ts';
import { npsBands } from '../../../engine/insights/nps.ts';
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
  // A rating's options (its answers counted; their values are given in summaryOf).
  const ratings = { question: [] as string[], key: [] as string[] };
  for (const question of questions) {
    if (question.kind !== 'rating') continue;
    for (const option of question.options) {
      ratings.question.push(question.name);
      ratings.key.push(option.value);
    }
  }
  const scales = questions.flatMap((question) => (question.kind === 'scale' ? [question.name] : []));
  // The band the server stored with the answer (core/forms/derived.ts decides it, once).
  const bands = questions.flatMap((question) => (question.kind === 'scale' && question.npsBand ? [question.npsBand] : []));
  return { ratings, scales, bands };
}

/** One group and period's counts (aggregateSql): each answer counted, side by side in arrays. */
interface PeriodRow {
  grp: string | null;
  day: string;
  count: number;
  /** Each answer counted: its question, key (option value, scale value, NPS band) and count. */
  answer_questions: string[] | null;
  answer_keys: string[] | null;
  answer_counts: number[] | null;
}

/** A mean rounded to 2 decimals, half up (the values are never negative). */
export function meanOf(total: number, answered: number): number | null {
  return answered === 0 ? null : Math.round((total * 100) / answered) / 100;
}

/**
 * One question's summary from its period's answer counts (not answered in the period: zeros),
 * every option or score listed. A rating's value is its option's position (first = 1), a scale's
 * its number; an answer the database gave no key (a scale's fraction) is not counted.
 */
function summaryOf(question: InsightQuestion, counts: Map<string, Map<string, number>>): QuestionSummary {
  const answers = counts.get(question.name) ?? new Map<string, number>();
  const keys =
    question.kind === 'rating'
      ? question.options.map((option) => option.value)
      : Array.from({ length: question.max - question.min + 1 }, (_, i) => String(question.min + i));
  const valueOf = question.kind === 'rating' ? (key: string) => question.options.findIndex((option) => option.value === key) + 1 : Number;
  let answered = 0;
  let total = 0;
  for (const [key, n] of answers) {
    answered += n;
    total += n * valueOf(key);
  }
  const summary: QuestionSummary = {
    answered,
    mean: meanOf(total, answered),
    distribution: Object.fromEntries(keys.map((key) => [key, answers.get(key) ?? 0])),
  };
  if (question.kind === 'scale' && question.npsBand) {
    const bands = counts.get(question.npsBand);
    const nps = { promoters: bands?.get('promoter') ?? 0, passives: bands?.get('passive') ?? 0, detractors: bands?.get('detractor') ?? 0 };
    summary.nps = { score: npsBands(nps).score, ...nps };
  }
  return summary;
}

/** A period row's answer counts by question, then key. */
function countsOf(row: PeriodRow): Map<string, Map<string, number>> {
  const counts = new Map<string, Map<string, number>>();
  const questions = row.answer_questions ?? [];
  for (let i = 0; i < questions.length; i++) {
    let answers = counts.get(questions[i]);
    if (!answers) counts.set(questions[i], (answers = new Map()));
    answers.set(row.answer_keys![i], Number(row.answer_counts![i]));
  }
  return counts;
}

/**
 * Reads the rollup (migrations.ts, insight_rollup; fold.ts folds what is pending first): whole
 * weeks or months from their own rows, the days around them from day rows (index-only scans of
 * the rollup's key). Sums them per group, period, question and answer, keys each answer (a
 * rating's option, a scale's whole number, a band's name), and answers one row per group and
 * period: the submissions' count and the answers' counts as parallel arrays. Building jsonb in the
 * database cost more than the counting, one row per question more again (PGlite's cost is per row
 * returned), and each question's mean in SQL (two more groupings and a join) 40 % of the query:
 * Node computes it from the period's counts (summaryOf: a dozen numbers per question), it counts nothing.
 */
export function aggregateSql(request: AggregateRequest): { sql: string; params: unknown[]; read(row: Record<string, unknown>): AggregateRow } {
  const whole = wholePeriods(request.range, request.period);
  const { ratings, scales, bands } = answerKinds(request.questions);
  const params: unknown[] = [
    request.collection,
    request.range.from,
    request.range.to,
    request.period,
    request.period === 'week' ? '1 day' : '0 days',
    request.by ?? '',
    ratings.question,
    ratings.key,
    scales,
    bands,
  ];
  // $11 and $12 only when there are whole periods (PostgreSQL refuses a parameter it cannot type).
  if (whole) params.push(whole.from, whole.to);
  const venues = venueCondition(request.venues, params);
  // The days before the whole periods, the whole periods, the days after them: three index ranges.
  const rows = (
    period: string,
    from: string,
    to: string,
  ) => `SELECT d.group_value, ${period === `'day'` ? periodStart('$4::text', '$5') : 'd.start'} AS start, d.question, d.answer, d.value, d.n
      FROM insight_rollup d WHERE d.collection = $1 AND d.grouping = $6 AND d.period = ${period} AND d.start BETWEEN ${from} AND ${to}${venues}`;
  const source = whole
    ? [rows(`'day'`, '$2::date', '$11::date - 1'), rows('$4::text', '$11::date', '$12::date'), rows(`'day'`, '$12::date + 1', '$3::date')].join(
        '\n    UNION ALL ',
      )
    : rows(`'day'`, '$2::date', '$3::date');
  // valued: each summed answer's key: a rating's option, a scale's whole number, a band's name;
  // question '' is the submissions' count. Other answers are left out.
  const sql = `WITH summed AS (
      SELECT d.group_value AS grp, d.start, d.question, d.answer, d.value, sum(d.n)::int AS n
        FROM (${source}) d
        GROUP BY 1, 2, 3, 4, 5
    ), valued AS (
      SELECT s.grp, s.start, s.question, s.n,
          CASE WHEN m.key IS NOT NULL THEN m.key WHEN s.question = ANY($9::text[]) AND s.value = trunc(s.value) THEN trunc(s.value)::text
            WHEN s.question = ANY($10::text[]) THEN s.answer END AS key
        FROM summed s LEFT JOIN unnest($7::text[], $8::text[]) AS m(question, key) ON m.question = s.question AND m.key = s.answer
    )
    SELECT grp, start::text AS day, sum(n) FILTER (WHERE question = '')::int AS count,
        array_agg(question) FILTER (WHERE key IS NOT NULL) AS answer_questions, array_agg(key) FILTER (WHERE key IS NOT NULL) AS answer_keys,
        array_agg(n) FILTER (WHERE key IS NOT NULL) AS answer_counts
      FROM valued WHERE question = '' OR key IS NOT NULL
      GROUP BY 1, 2 HAVING sum(n) FILTER (WHERE question = '') > 0
      ORDER BY 1 NULLS LAST, 2`;
  const read = (found: Record<string, unknown>): AggregateRow => {
    const row = found as unknown as PeriodRow;
    const counts = countsOf(row);
    return {
      key: row.grp ?? null,
      start: String(row.day),
      count: Number(row.count),
      questions: Object.fromEntries(request.questions.map((question) => [question.name, summaryOf(question, counts)])),
    };
  };
  return { sql, params, read };
}

export async function aggregate(db: Queryable, request: AggregateRequest): Promise<AggregateRow[]> {
  const { sql, params, read } = aggregateSql(request);
  const { rows } = await db.query(sql, params);
  return rows.map(read);
}
