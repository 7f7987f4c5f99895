// A whole-number scale, with an optional band the server derives (NPS).
import { Type } from '@sinclair/typebox';
import { defineFieldType, field, FieldName, LocalizedText, plainText } from './parts.ts';

export const ScaleField = field(
  'scale',
  {
    min: Type.Integer(),
    max: Type.Integer(),
    minLabel: Type.Optional(LocalizedText),
    maxLabel: Type.Optional(LocalizedText),
    band: Type.Optional(
      Type.Object({ name: FieldName, kind: Type.Literal('nps') }, { additionalProperties: false, description: 'A derived value computed by the server.' }),
    ),
  },
  'A whole-number scale, e.g. 0 to 10.',
);

export const scale = defineFieldType({
  definition: ScaleField,
  schema: (f) => ({ type: 'integer', minimum: f.min, maximum: f.max }),
  answerText: (_f, value) => plainText(value),
  answerParts: (f, value) => (typeof value === 'number' ? { level: { value: value - f.min + 1, of: f.max - f.min + 1 } } : {}),
  exported: 'answer',
});
