// One option among several (radio buttons).
import { defineFieldType, enumOf, field, optionLabel, Options } from './parts.ts';

export const ChoiceField = field('choice', { options: Options }, 'One option among several, shown as a radio group.');

export const choice = defineFieldType({
  definition: ChoiceField,
  schema: (f) => enumOf(f.options!),
  answerText: (f, value, reader) => optionLabel(f.options, value, reader),
  exported: 'answer',
});
