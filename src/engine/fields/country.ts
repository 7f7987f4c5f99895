// A country, stored as its English name or its two-letter code.
import { Type } from '@sinclair/typebox';
import { defineFieldType, field } from './parts.ts';

export const CountryField = field(
  'country',
  {
    store: Type.Union([Type.Literal('label'), Type.Literal('code')], { description: 'Store the country name (label) or its two-letter code.' }),
  },
  'A country picker with flags.',
);

export const country = defineFieldType({
  definition: CountryField,
  schema: (f, { countries }) => ({ type: 'string', enum: countries.map((c) => (f.store === 'code' ? c.code : c.name.en)) }),
  // The lock names the list rather than spelling some 250 names.
  storedValues: (f) => `countries:${f.store === 'code' ? 'code' : 'name'}`,
  answerText: (_f, value, reader) => reader.country(String(value)),
  exported: 'answer',
});
