// A check box that starts unticked.
import { defineFieldType, field } from './parts.ts';

export const ConsentField = field('consent', {}, 'A check box that starts unticked; required means it must be ticked.');

export const consent = defineFieldType({
  definition: ConsentField,
  schema: (f) => (f.required ? { type: 'boolean', const: true } : { type: 'boolean' }),
  answerText: (_f, value, reader) => reader.message(value === true ? 'staffAnswerYes' : 'staffAnswerNo'),
  exported: 'answer',
});
