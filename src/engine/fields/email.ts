// An email address.
import { DEFAULT_MAX_LENGTH } from './limits.ts';
import { defineFieldType, field } from './parts.ts';

export const EmailField = field('email', {}, 'An email address.');

export const email = defineFieldType({
  definition: EmailField,
  schema: () => ({ type: 'string', format: 'email', maxLength: DEFAULT_MAX_LENGTH.email }),
  exported: 'answer',
});
