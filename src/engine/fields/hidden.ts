// A value the page fills itself: no label of its own, never typed by the guest.
import { Type } from '@sinclair/typebox';
import { defineFieldType, FieldName, LocalizedText, plainText, ValueSource } from './parts.ts';

export const HiddenField = Type.Object(
  {
    type: Type.Literal('hidden'),
    name: FieldName,
    label: Type.Optional(LocalizedText),
    valueType: Type.Union([Type.Literal('string'), Type.Literal('integer'), Type.Literal('date')]),
    source: ValueSource,
    required: Type.Optional(Type.Boolean()),
    showAs: Type.Optional(LocalizedText),
  },
  { additionalProperties: false, description: 'A value the page fills itself (today, a query or route parameter, a backend lookup).' },
);

export const hidden = defineFieldType({
  definition: HiddenField,
  schema: (f) => {
    if (f.valueType === 'integer') return { type: 'integer', minimum: 1 };
    if (f.valueType === 'date') return { type: 'string', format: 'date' };
    return { type: 'string', maxLength: 200 };
  },
  // A value the page filled (a visit date, a store's id): staff and the guest's own export read it as stored.
  answerText: (f, value, reader) => (f.valueType === 'date' && typeof value === 'string' ? reader.day(value) : plainText(value)),
  exported: 'answer',
});
