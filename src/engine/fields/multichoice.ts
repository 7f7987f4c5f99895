// Several options (check boxes).
import { Type } from '@sinclair/typebox';
import { compact, defineFieldType, enumOf, field, optionLabel, Options } from './parts.ts';

export const MultiChoiceField = field(
  'multichoice',
  {
    options: Options,
    minItems: Type.Optional(Type.Integer({ minimum: 0 })),
    maxItems: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  'Several options, shown as check boxes.',
);

export const multichoice = defineFieldType({
  definition: MultiChoiceField,
  // Every list in the contract is bounded: distinct answers can never outnumber the options.
  schema: (f) =>
    compact({
      type: 'array',
      items: enumOf(f.options!),
      uniqueItems: true,
      minItems: f.minItems ?? (f.required ? 1 : undefined),
      maxItems: Math.min(f.maxItems ?? Infinity, f.options!.length),
    }),
  answerText: (f, value, reader) => (Array.isArray(value) ? value : [value]).map((item) => optionLabel(f.options, item, reader)).join(', '),
  exported: 'answer',
});
