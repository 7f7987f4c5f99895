// A list of the same group of questions (e.g. dependents), one level deep.
import { Type } from '@sinclair/typebox';
import { choice } from './choice.ts';
import { consent } from './consent.ts';
import { country } from './country.ts';
import { date } from './date.ts';
import { email } from './email.ts';
import { file } from './file.ts';
import { number } from './number.ts';
import { compact, defineFieldType, field, LocalizedText, type AnswerReader, type AnswerReading, type Resolved } from './parts.ts';
import { phone } from './phone.ts';
import { text } from './text.ts';
import { textarea } from './textarea.ts';

/** Field types allowed inside a repeated group (one level deep). */
const ItemField = Type.Union([
  text.definition,
  textarea.definition,
  email.definition,
  phone.definition,
  date.definition,
  number.definition,
  choice.definition,
  consent.definition,
  country.definition,
  file.definition,
]);
export const RepeatField = field(
  'repeat',
  {
    fields: Type.Array(ItemField, { minItems: 1 }),
    itemLabel: LocalizedText,
    addLabel: LocalizedText,
    removeLabel: LocalizedText,
    minItems: Type.Optional(Type.Integer({ minimum: 0 })),
    maxItems: Type.Integer({ minimum: 1, maximum: 50 }),
  },
  'A list of the same group of questions with add and remove, e.g. dependents. itemLabel may use {n}.',
);

/** Each item's label ("Dependent 1") and its answered cells in question order. */
function rowsOf(f: Resolved<typeof RepeatField>, value: unknown, reader: AnswerReader): NonNullable<AnswerReading['rows']> {
  const items = Array.isArray(value) ? value : [];
  return items.map((item, index) => {
    const row = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    return {
      label: reader.text(f.itemLabel, { n: index + 1 }),
      cells: f.fields.map((sub) => ({ label: reader.label(sub), reading: reader.read(sub, row[sub.name]) })),
    };
  });
}

export const repeat = defineFieldType({
  definition: RepeatField,
  schema: (f, { schemaOf }) =>
    compact({
      type: 'array',
      minItems: f.minItems ?? undefined,
      maxItems: f.maxItems,
      items: {
        type: 'object',
        properties: Object.fromEntries(f.fields.map((sub) => [sub.name, schemaOf(sub)])),
        required: f.fields.filter((sub) => sub.required).map((sub) => sub.name),
        additionalProperties: false,
      },
    }),
  subFields: (f) => f.fields,
  // One line an item: "Dependent 1: Name: Sara; Date of birth: 3 May 2015" (unanswered cells left out).
  answerText: (f, value, reader) =>
    rowsOf(f, value, reader)
      .map(
        (row) =>
          `${row.label}: ${row.cells
            .filter((cell) => cell.reading.text)
            .map((cell) => `${cell.label}: ${cell.reading.text}`)
            .join('; ')}`,
      )
      .join('\n'),
  answerParts: (f, value, reader) => ({ rows: rowsOf(f, value, reader) }),
  exported: 'answer',
});
