// A rating's value is its option's position on its scale, the first option being 1 (whatever the
// stored word: "poor" is 1 on quality5). Staff filter on a range of positions; the stored answers
// are the options' values, so a range becomes the list of values it covers.
import type { ResolvedDataField, ResolvedForm } from '../compiler/compiled.ts';
import { dataFields } from '../checks/conditions.ts';

export type RatingField = Extract<ResolvedDataField, { type: 'rating' }>;

export function ratingFields(form: ResolvedForm): RatingField[] {
  return dataFields(form).filter((field): field is RatingField => field.type === 'rating');
}

/** How many options the rating's scale has: its highest position. */
export const ratingTop = (field: RatingField) => field.options?.length ?? 0;

/** The stored values whose positions are from `min` to `max` (each clamped to the scale). */
export function ratingValuesBetween(field: RatingField, min: number, max: number): (string | number)[] {
  const options = field.options ?? [];
  const low = Math.max(1, Math.floor(min));
  const high = Math.min(options.length, Math.floor(max));
  return options.slice(low - 1, Math.max(low - 1, high)).map((option) => option.value);
}
