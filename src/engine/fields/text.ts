// One line of text.
import { Type } from '@sinclair/typebox';
import { DEFAULT_MAX_LENGTH } from './limits.ts';
import { compact, defineFieldType, field, plainText, ValueSource } from './parts.ts';

export const TextField = field(
  'text',
  {
    minLength: Type.Optional(Type.Integer({ minimum: 0 })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
    pattern: Type.Optional(Type.String()),
    inputMode: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('numeric'), Type.Literal('tel')])),
    prefill: Type.Optional(ValueSource),
  },
  'One line of text (default at most 200 characters).',
);

export const text = defineFieldType({
  definition: TextField,
  schema: (f) =>
    compact({
      type: 'string',
      minLength: Math.max(f.required ? 1 : 0, f.minLength ?? 0) || undefined,
      maxLength: f.maxLength ?? DEFAULT_MAX_LENGTH.text,
      pattern: f.pattern,
    }),
  answerText: (_f, value) => plainText(value),
  exported: 'answer',
});
