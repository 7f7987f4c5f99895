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

interface QuestionRow {
  answered: number;
  mean: number | null;
  distribution: Record<string, number> | null;
}

/** One question's summary from its row (absent: not answered in that period), every option or score listed. */
function summaryOf(question: InsightQuestion, rows: Record<string, QuestionRow>): QuestionSummary {
  const row = rows[question.name];
  const keys = question.kind === 'rating' ? question.options.map((option) => option.value) : Array.from({ length: question.max - question.min + 1 }, (_, i) => String(question.min + i));
  const summary: QuestionSummary = {
    answered: Number(row?.answered ?? 0),
    mean: row?.mean === null || row?.mean === undefined ? null : Number(row.mean),
    distribution: Object.fromEntries(keys.map((key) => [key, Number(row?.distribution?.[key] ?? 0)])),
  };
  if (question.kind === 'scale' && question.npsBand) {
    const bands = rows[question.npsBand]?.distribution ?? {};
    const nps = { promoters: Number(bands.promoter ?? 0), passives: Number(bands.passive ?? 0), detractors: Number(bands.detractor ?? 0) };
    summary.nps = { score: npsBands(nps).score, ...nps };
  }
  return summary;
}

/**
 * Reads the rollup (migrations.ts, insight_rollup; fold.ts folds what is pending first): whole
 * weeks or months from their own rows, the days around them from day rows. Sums them per group,
 * period, question and answer, gives each answer its value (a rating's position, a scale's number),
 * then per question its answered count, mean and distribution, one row per group and period.
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
  const sql = `WITH summed AS (
      SELECT d.group_value AS grp, d.start, d.question, d.answer, d.value, sum(d.n) AS n
        FROM (${source}) d
        GROUP BY 1, 2, 3, 4, 5
    ), valued AS (
      SELECT s.grp, s.start, s.question, m.key, m.value::numeric AS value, s.n
        FROM summed s JOIN unnest($7::text[], $8::text[], $9::int[]) AS m(question, key, value) ON m.question = s.question AND m.key = s.answer
      UNION ALL
      SELECT grp, start, question, CASE WHEN value = trunc(value) THEN trunc(value)::text END, value, n
        FROM summed WHERE question = ANY($10::text[]) AND value IS NOT NULL
      UNION ALL
      SELECT grp, start, question, answer, NULL, n FROM summed WHERE question = ANY($11::text[])
      UNION ALL
      SELECT grp, start, question, NULL, NULL, n FROM summed WHERE question = ''
    ), questions AS (
      SELECT grp, start, question, sum(n) AS total,
          jsonb_build_object('answered', coalesce(sum(n) FILTER (WHERE value IS NOT NULL), 0),
            'mean', round(sum(n * value) / nullif(sum(n) FILTER (WHERE value IS NOT NULL), 0), 2),
            'distribution', jsonb_object_agg(key, n) FILTER (WHERE key IS NOT NULL)) AS summary
        FROM valued GROUP BY 1, 2, 3
    )
    SELECT grp, start::text AS day, sum(total) FILTER (WHERE question = '') AS count,
        jsonb_object_agg(question, summary) FILTER (WHERE question <> '') AS questions
      FROM questions
      GROUP BY grp, start
      HAVING sum(total) FILTER (WHERE question = '') > 0
      ORDER BY grp NULLS LAST, start`;
  const read = (row: Record<string, unknown>): AggregateRow => {
    const answers = (row.questions ?? {}) as Record<string, QuestionRow>;
    const questions = Object.fromEntries(request.questions.map((question) => [question.name, summaryOf(question, answers)]));
    return { key: (row.grp as string | null) ?? null, start: String(row.day), count: Number(row.count), questions };
  };
  return { sql, params, read };
}

export async function aggregate(db: Queryable, request: AggregateRequest): Promise<AggregateRow[]> {
  const { sql, params, read } = aggregateSql(request);
  const { rows } = await db.query(sql, params);
  return rows.map(read);
}
