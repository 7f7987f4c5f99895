// A rating on a named ordered scale (forms:check refuses a scale that is not ordered).
import { Type } from '@sinclair/typebox';
import { defineFieldType, enumOf, field, optionLabel, plainText, type Resolved } from './parts.ts';

export const RatingField = field(
  'rating',
  { scale: Type.String({ description: 'Name of an ordered vocabulary, e.g. quality5.' }) },
  'A rating on a named ordered scale, stored as the option value.',
);

/** The answer's position on its scale, the first option being 1 (engine/insights/rating-range.ts), or null for a value off the scale. */
function levelOf(f: Resolved<typeof RatingField>, value: unknown): { value: number; of: number } | null {
  const options = f.options ?? [];
  const index = options.findIndex((option) => option.value === value);
  return index < 0 ? null : { value: index + 1, of: options.length };
}

export const rating = defineFieldType({
  definition: RatingField,
  schema: (f) => enumOf(f.options!),
  // "Poor (1/5)": the words and the position, so no reader needs the colour (or the scale) to know it.
  answerText: (f, value, reader) => {
    const level = levelOf(f, value);
    return level ? reader.message('staffAnswerRating', { label: optionLabel(f.options, value, reader), value: level.value, of: level.of }) : plainText(value);
  },
  answerParts: (f, value) => {
    const level = levelOf(f, value);
    return level ? { level } : {};
  },
  exported: 'answer',
});
