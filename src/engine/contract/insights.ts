// What the insights API answers (GET /api/insights/{formId}) and what the insights page reads:
// declared once here, used as the Fastify route's schema.response and as the page's types.
import { Type, type Static } from '@sinclair/typebox';

export const INSIGHT_PERIODS = ['day', 'week', 'month'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
/** The longest range one request may ask for (`from` to `to`, inclusive), in days: two years. */
export const INSIGHT_MAX_DAYS = 731;
/** Comments one page of the insights shows (newest first). */
export const INSIGHT_COMMENTS_LIMIT = 50;

const Count = Type.Integer({ minimum: 0 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A date in Doha time, YYYY-MM-DD.' });

export const NpsSummary = Type.Object({
  /** % promoters - % detractors, rounded to a whole number. */
  score: Type.Integer({ minimum: -100, maximum: 100 }),
  promoters: Count,
  passives: Count,
  detractors: Count,
});

export const QuestionSummary = Type.Object({
  /** Answers counted (a question hidden by a condition or left empty is not). */
  answered: Count,
  /** A rating: its option's position on the scale (first = 1); a scale: its value. Null when none answered. */
  mean: Type.Union([Type.Number(), Type.Null()]),
  /** Answers per option value (ratings) or per value (scales). */
  distribution: Type.Record(Type.String(), Count),
  nps: Type.Optional(NpsSummary),
});

export const InsightPeriodRow = Type.Object({
  /** First day of the period in Doha time (a week starts on Sunday). */
  start: Day,
  count: Count,
  questions: Type.Record(Type.String(), QuestionSummary),
});

export const InsightGroup = Type.Object({
  /** The answer grouped by (null: every submission in one group). */
  key: Type.Union([Type.String(), Type.Null()]),
  label: Type.Record(Type.String(), Type.String()),
  periods: Type.Array(InsightPeriodRow),
});

export const InsightsAnswer = Type.Object({
  form: Type.String(),
  by: Type.Union([Type.String(), Type.Null()]),
  period: Type.Union(INSIGHT_PERIODS.map((period) => Type.Literal(period))),
  from: Day,
  to: Day,
  groups: Type.Array(InsightGroup),
});

/** A free-text answer with the ratings given beside it, linking to its submission. */
export const InsightComment = Type.Object({
  id: Type.Integer(),
  reference: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  group: Type.Union([Type.String(), Type.Null()]),
  /** The free-text question's name. */
  field: Type.String(),
  text: Type.String(),
  /** The rating and scale answers of the same submission, by question. */
  ratings: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
});

export const InsightCommentsAnswer = Type.Object({
  docs: Type.Array(InsightComment),
  /** True when more comments than INSIGHT_COMMENTS_LIMIT exist in the range. */
  more: Type.Boolean(),
});

export type NpsSummary = Static<typeof NpsSummary>;
export type QuestionSummary = Static<typeof QuestionSummary>;
export type InsightPeriodRow = Static<typeof InsightPeriodRow>;
export type InsightGroup = Static<typeof InsightGroup>;
export type InsightsAnswer = Static<typeof InsightsAnswer>;
export type InsightComment = Static<typeof InsightComment>;
export type InsightCommentsAnswer = Static<typeof InsightCommentsAnswer>;
