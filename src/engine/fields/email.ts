// An email address.
import { DEFAULT_MAX_LENGTH } from './limits.ts';
import { defineFieldType, field, plainText } from './parts.ts';

export const EmailField = field('email', {}, 'An email address.');

export const email = defineFieldType({
  definition: EmailField,
  schema: () => ({ type: 'string', format: 'email', maxLength: DEFAULT_MAX_LENGTH.email }),
  answerText: (_f, value) => plainText(value),
  answerParts: () => ({ ltr: true }),
  exported: 'answer',
});
