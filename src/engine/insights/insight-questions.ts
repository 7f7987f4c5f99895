// Which questions of a form the insights count, group by and quote, read from its definition
// (shared by the server, which aggregates, and the insights page, which labels and draws).
import type { ResolvedDataField, ResolvedForm } from '../compiler/compiled.ts';

/** A question with a mean: a rating (its option's position, first = 1) or a whole-number scale (its value). */
export type InsightQuestion =
  | { kind: 'rating'; name: string; label: string; options: { value: string; label: string }[] }
  | { kind: 'scale'; name: string; label: string; min: number; max: number; npsBand: string | null };

/** A question the answers can be grouped by: one option of a list, or a value from a backend collection (a venue). */
export type InsightGrouping =
  { name: string; label: string; options: { value: string; label: string }[] } | { name: string; label: string; collection: string };

const topLevelFields = (form: ResolvedForm): ResolvedDataField[] =>
  form.sections.flatMap((section) => section.fields).filter((field): field is ResolvedDataField => field.type !== 'content');

export function insightQuestions(form: ResolvedForm): InsightQuestion[] {
  const questions: InsightQuestion[] = [];
  for (const field of topLevelFields(form)) {
    if (field.type === 'rating' && field.options?.length) {
      questions.push({
        kind: 'rating',
        name: field.name,
        label: field.label,
        options: field.options.map(({ value, label }) => ({ value: String(value), label })),
      });
    } else if (field.type === 'scale') {
      questions.push({
        kind: 'scale',
        name: field.name,
        label: field.label,
        min: field.min,
        max: field.max,
        npsBand: field.band?.kind === 'nps' ? field.band.name : null,
      });
    }
  }
  return questions;
}

export function insightGroupings(form: ResolvedForm): InsightGrouping[] {
  const groupings: InsightGrouping[] = [];
  for (const field of topLevelFields(form)) {
    if (field.type !== 'choice' && field.type !== 'select') continue;
    if (field.type === 'select' && field.optionsFrom) groupings.push({ name: field.name, label: field.label, collection: field.optionsFrom.collection });
    else if (Array.isArray(field.options))
      groupings.push({ name: field.name, label: field.label, options: field.options.map(({ value, label }) => ({ value: String(value), label })) });
  }
  return groupings;
}

/** Free-text answers (the comments shown beside the ratings). */
export const insightCommentFields = (form: ResolvedForm): { name: string; label: string }[] =>
  topLevelFields(form)
    .filter((field) => field.type === 'textarea')
    .map((field) => ({ name: field.name, label: field.label }));
