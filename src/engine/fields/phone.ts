// A phone number: the server checks it with engine/checks/phones.ts and stores it as E.164.
import { Type } from '@sinclair/typebox';
import { PHONE_MAX_LENGTH } from './limits.ts';
import { defineFieldType, field, plainText } from './parts.ts';

export const PhoneField = field(
  'phone',
  {
    defaultDialCode: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
  },
  'A dial code and a number, stored joined as +<dial code><number>.',
);

export const phone = defineFieldType({
  definition: PhoneField,
  schema: () => ({ type: 'string', maxLength: PHONE_MAX_LENGTH }),
  // Stored as E.164 (+97455501234): read as stored, left to right in Arabic too.
  answerText: (_f, value) => plainText(value),
  answerParts: () => ({ ltr: true }),
  exported: 'answer',
});
