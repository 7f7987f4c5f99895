// A rating on a named ordered scale (forms:check refuses a scale that is not ordered).
import { Type } from '@sinclair/typebox';
import { defineFieldType, enumOf, field } from './parts.ts';

export const RatingField = field('rating', { scale: Type.String({ description: 'Name of an ordered vocabulary, e.g. quality5.' }) }, 'A rating on a named ordered scale, stored as the option value.');

export const rating = defineFieldType({
  definition: RatingField,
  schema: (f) => enumOf(f.options!),
  exported: 'answer',
});
