// A number, whole or not.
import { Type } from '@sinclair/typebox';
import { compact, defineFieldType, field, plainText } from './parts.ts';

export const NumberField = field(
  'number',
  {
    minimum: Type.Optional(Type.Number()),
    maximum: Type.Optional(Type.Number()),
    integer: Type.Optional(Type.Boolean()),
  },
  'A number.',
);

export const number = defineFieldType({
  definition: NumberField,
  schema: (f) => compact({ type: f.integer ? 'integer' : 'number', minimum: f.minimum, maximum: f.maximum }),
  answerText: (_f, value) => plainText(value),
  exported: 'answer',
});
