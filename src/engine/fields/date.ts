// A calendar date.
import { Type } from '@sinclair/typebox';
import { defineFieldType, field, plainText } from './parts.ts';

export const DateField = field(
  'date',
  {
    default: Type.Optional(Type.Object({ today: Type.Literal(true) }, { additionalProperties: false })),
    min: Type.Optional(Type.String()),
    max: Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.Literal('today')])),
  },
  'A calendar date, stored as YYYY-MM-DD.',
);

export const date = defineFieldType({
  definition: DateField,
  schema: () => ({ type: 'string', format: 'date' }),
  answerText: (_f, value, reader) => (typeof value === 'string' ? reader.day(value) : plainText(value)),
  exported: 'answer',
});
