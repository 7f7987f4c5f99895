// Static text between the questions: it holds no answer.
import { Type } from '@sinclair/typebox';
import { Condition, defineFieldType, FieldName, RICH_TEXT_PATTERN } from './parts.ts';

const RICH_HELP =
  'Rich text: **bold**, *italic*, [a link](https://example.com); in a text, lines starting with "- " or "1. " make a list, a blank line a new paragraph. No HTML.';
const RichString = Type.String({ minLength: 1, pattern: RICH_TEXT_PATTERN, description: RICH_HELP });
const RichLocalizedText = Type.Object(
  { en: RichString, ar: Type.Optional(RichString), fr: Type.Optional(RichString) },
  { additionalProperties: false, description: `Text in each language the form declares. ${RICH_HELP}` },
);
export const ContentBlock = Type.Object(
  {
    type: Type.Literal('content'),
    name: FieldName,
    style: Type.Union([Type.Literal('heading'), Type.Literal('paragraph'), Type.Literal('note'), Type.Literal('list'), Type.Literal('terms')]),
    text: Type.Optional(RichLocalizedText),
    items: Type.Optional(
      Type.Array(RichLocalizedText, { description: 'List items (style list) or numbered clauses (style terms), each in the rich-text format.' }),
    ),
    visibleIf: Type.Optional(Condition),
  },
  { additionalProperties: false, description: 'Static text: a heading, paragraph, note, list or terms. Not part of the data.' },
);

export const content = defineFieldType({
  definition: ContentBlock,
  schema: () => null,
  answerText: () => '',
  exported: 'answer',
});
