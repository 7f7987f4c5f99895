// Several lines of text (rich text in content forms).
import { Type } from '@sinclair/typebox';
import { DEFAULT_MAX_LENGTH } from './limits.ts';
import { compact, defineFieldType, field, plainText } from './parts.ts';

export const TextareaField = field(
  'textarea',
  {
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    richText: Type.Optional(
      Type.Boolean({ description: 'Content forms: the text is rich text in the small format of src/engine/text/staff-rich-text.ts, kept as Lexical JSON.' }),
    ),
  },
  'Several lines of text (default at most 2000 characters).',
);

export const textarea = defineFieldType({
  definition: TextareaField,
  schema: (f) => compact({ type: 'string', minLength: f.required ? 1 : undefined, maxLength: f.maxLength ?? DEFAULT_MAX_LENGTH.textarea }),
  answerText: (_f, value) => plainText(value),
  exported: 'answer',
});
