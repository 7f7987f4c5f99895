// What the insights page shows, computed from the API's answers only (no other numbers): each
// question's headline (latest period and its change), its series per group, range totals.
import type { InsightsAnswer, QuestionSummary } from '../../../engine/contract/insights.ts';
import type { InsightQuestion } from '../../../engine/insights/insight-questions.ts';
import { npsBands } from '../../../engine/insights/nps.ts';

/** Distinct on white at 3:1 or more, told apart by dashes too (not by colour alone). */
const COLOURS = ['#1f5fa8', '#b3461b', '#2e7d32', '#7b3fa0', '#8a6d00', '#00796b', '#c2185b', '#455a64'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3'];

export const seriesStyle = (index: number) => ({ colour: COLOURS[index % COLOURS.length], dash: DASHES[index % DASHES.length] });

/** The value a question is followed by: the NPS for a scale with bands, else its mean. */
export function headlineValue(question: InsightQuestion, summary: QuestionSummary | undefined): number | null {
  if (!summary || summary.answered === 0) return null;
  if (question.kind === 'scale' && question.npsBand) return summary.nps ? summary.nps.score : null;
  return summary.mean;
}

export const valueDomain = (question: InsightQuestion): [number, number] =>
  question.kind === 'rating' ? [1, question.options.length] : question.npsBand ? [-100, 100] : [question.min, question.max];

export interface Headline {
  value: number | null;
  change: number | null;
  start: string | null;
}

/** The latest period with answers, and its change from the period before it (when that had answers). */
export function headline(question: InsightQuestion, overall: InsightsAnswer): Headline {
  const periods = (overall.groups[0]?.periods ?? []).filter((period) => (period.questions[question.name]?.answered ?? 0) > 0);
  const last = periods.at(-1);
  const before = periods.at(-2);
  const value = last ? headlineValue(question, last.questions[question.name]) : null;
  const previous = before ? headlineValue(question, before.questions[question.name]) : null;
  return { value, start: last?.start ?? null, change: value !== null && previous !== null ? Math.round((value - previous) * 100) / 100 : null };
}

/** Every period start any group has, in time order. */
export const periodStarts = (answer: InsightsAnswer) => [...new Set(answer.groups.flatMap((group) => group.periods.map((period) => period.start)))].sort();

/** A question's answers over the whole range (counts add up exactly). */
export function rangeTotals(
  question: InsightQuestion,
  answer: InsightsAnswer,
): { answered: number; distribution: Record<string, number>; nps: { score: number; promoters: number; passives: number; detractors: number } | null } {
  const distribution: Record<string, number> = {};
  let answered = 0;
  const bands = { promoters: 0, passives: 0, detractors: 0 };
  for (const period of answer.groups.flatMap((group) => group.periods)) {
    const summary = period.questions[question.name];
    if (!summary) continue;
    answered += summary.answered;
    for (const [value, count] of Object.entries(summary.distribution)) distribution[value] = (distribution[value] ?? 0) + count;
    if (summary.nps) {
      bands.promoters += summary.nps.promoters;
      bands.passives += summary.nps.passives;
      bands.detractors += summary.nps.detractors;
    }
  }
  const hasNps = question.kind === 'scale' && question.npsBand !== null;
  return { answered, distribution, nps: hasNps ? { ...bands, score: npsBands(bands).score } : null };
}
