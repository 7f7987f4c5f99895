// One option from a drop-down list, written inline or read from a backend collection.
import { Type } from '@sinclair/typebox';
import { defineFieldType, enumOf, field, FieldName, Id, optionLabel, Options, ValueSource } from './parts.ts';

export const SelectField = field(
  'select',
  {
    options: Type.Optional(Options),
    optionsFrom: Type.Optional(
      Type.Object(
        {
          collection: Id('Backend collection.'),
          value: Type.String({ description: 'Field of each document stored as the answer.' }),
          label: Type.String({ description: 'Field of each document shown; a localized {en, ar, fr} object or a plain string.' }),
          filter: Type.Optional(
            Type.Object(
              { field: Type.String({ description: 'Field of the documents.' }), equalsAnswer: FieldName },
              { additionalProperties: false, description: 'Only documents whose field equals another answer, e.g. sub-departments of the chosen department.' },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    prefill: Type.Optional(ValueSource),
  },
  'One option from a drop-down list, inline or from a backend collection.',
);

export const select = defineFieldType({
  definition: SelectField,
  // A backend collection's values are checked by the server against the collection (references).
  schema: (f) => (f.options ? enumOf(f.options) : { type: 'string', minLength: 1, maxLength: 200 }),
  // A backend collection's answer is its stored value (the collection's labels are not the form's).
  answerText: (f, value, reader) => optionLabel(f.options, value, reader),
  exported: 'answer',
  problems: (f) =>
    f.options || f.optionsFrom
      ? []
      : [{ message: `question "${f.name}" is a select without options: add "options" (a list or an option list name) or "optionsFrom"` }],
});
