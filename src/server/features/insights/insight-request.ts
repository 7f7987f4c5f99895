// The parameters of GET /api/insights/{formId}: each wrong one is a 400 naming it, in the caller's
// language (?locale= or Accept-Language), before anything is read.
import type { FastifyRequest } from 'fastify';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { INSIGHT_MAX_DAYS, INSIGHT_PERIODS, type InsightPeriod } from '../../../engine/contract/insights.ts';
import { insightGroupings } from '../../../engine/insights/insight-questions.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t, type MessageKey } from '../../../engine/text/messages.ts';
import { validationError } from '../../core/errors.ts';
import type { InsightRange } from './aggregate.ts';

export type InsightQuery = Partial<Record<'by' | 'period' | 'from' | 'to' | 'group' | 'locale', string>>;

export const insightQuerySchema = {
  type: 'object',
  properties: Object.fromEntries(
    ['by', 'period', 'from', 'to', 'group', 'locale'].map((name) => [name, { type: 'string', maxLength: name === 'group' ? 500 : 100 }]),
  ),
} as const;

export const callerLanguage = (request: FastifyRequest<{ Querystring: InsightQuery }>): Lang =>
  resolveLanguage(request.query.locale ?? request.headers['accept-language']);

export const refuse = (lang: Lang, path: string, key: MessageKey, vars?: Record<string, string | number>) =>
  validationError(null, [{ path, message: t(key, lang, vars) }]);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar day (2026-02-30 is not) as its UTC midnight in milliseconds. */
function dayTime(text: string): number | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === text && Number(match[1]) >= 2000 ? time : null;
}

/** Today in Doha (UTC+3 all year), as YYYY-MM-DD. */
export const dohaToday = (now = Date.now()) => new Date(now + 3 * 3_600_000).toISOString().slice(0, 10);
const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface InsightParams {
  by: string | null;
  period: InsightPeriod;
  range: InsightRange;
}

/** Without from/to: the twelve weeks up to today (Doha time). */
export function readInsightParams(query: InsightQuery, compiled: CompiledForm, lang: Lang): InsightParams {
  let by: string | null = null;
  if (query.by !== undefined && query.by !== '') {
    if (!insightGroupings(compiled.form).some((grouping) => grouping.name === query.by)) throw refuse(lang, 'by', 'insightsByNotChoice', { field: query.by });
    by = query.by;
  }
  const period = (query.period ?? 'week') as InsightPeriod;
  if (!INSIGHT_PERIODS.includes(period)) throw refuse(lang, 'period', 'insightsBadPeriod');
  return { by, period, range: readInsightRange(query, lang) };
}

/** ?from= and ?to= (Doha days): without them, the twelve weeks up to today; a 400 naming the wrong one. */
export function readInsightRange(query: Pick<InsightQuery, 'from' | 'to'>, lang: Lang): InsightRange {
  const to = query.to ?? dohaToday();
  const toTime = dayTime(to);
  if (toTime === null) throw refuse(lang, 'to', 'insightsBadDate');
  const from = query.from ?? dayText(toTime - 83 * DAY_MS);
  const fromTime = dayTime(from);
  if (fromTime === null) throw refuse(lang, 'from', 'insightsBadDate');
  if (fromTime > toTime) throw refuse(lang, 'to', 'insightsRangeOrder');
  if ((toTime - fromTime) / DAY_MS + 1 > INSIGHT_MAX_DAYS) throw refuse(lang, 'from', 'insightsRangeTooLong');
  return { from, to };
}
