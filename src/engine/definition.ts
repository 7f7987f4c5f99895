// The form-definition format. This TypeBox schema is the single source of both the
// TypeScript types (Static<...>) and forms/form.schema.json (written by `npm run forms:schema`,
// checked for drift by tests/unit/forms-check.test.ts).
import { Type, type Static, type TSchema } from '@sinclair/typebox';

import { LANGUAGES, type Lang } from './languages.ts';
import { ROLES } from './roles.ts';

export { LANGUAGES, type Lang };

const Id = (description: string) => Type.String({ pattern: '^[a-z][a-z0-9_-]*$', description });
const FieldName = Type.String({ pattern: '^[a-z][a-z0-9_]*$', maxLength: 64, description: 'Key of the value in the submitted data (snake_case).' });

/** Text shown to a person, one entry per language the form declares. */
export const LocalizedText = Type.Object(
  { en: Type.String({ minLength: 1 }), ar: Type.Optional(Type.String({ minLength: 1 })), fr: Type.Optional(Type.String({ minLength: 1 })) },
  { additionalProperties: false, description: 'Text in each language the form declares, e.g. { "en": "Email", "ar": "البريد الإلكتروني" }.' },
);
export type LocalizedText = Static<typeof LocalizedText>;

export const Option = Type.Object(
  {
    value: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Number()], { description: 'Stored value.' }),
    label: LocalizedText,
    icon: Type.Optional(Type.String({ maxLength: 8, description: 'An emoji shown before the label.' })),
  },
  { additionalProperties: false },
);
export type Option = Static<typeof Option>;

/** Options written inline, or the name of a shared vocabulary in forms/vocabularies.json. */
const Options = Type.Union([Type.String({ description: 'Name of a vocabulary in forms/vocabularies.json.' }), Type.Array(Option, { minItems: 1 })]);

/** A declarative condition on the submitted data; compiled to JSON Schema for the server and evaluated in the page. */
export type Condition =
  | { field: string; equals: string | number | boolean }
  | { field: string; in: (string | number)[] }
  | { field: string; filled: boolean }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };
export const Condition = Type.Recursive(
  (This) =>
    Type.Union([
      Type.Object({ field: Type.String(), equals: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }, { additionalProperties: false }),
      Type.Object({ field: Type.String(), in: Type.Array(Type.Union([Type.String(), Type.Number()]), { minItems: 1 }) }, { additionalProperties: false }),
      Type.Object({ field: Type.String(), filled: Type.Boolean() }, { additionalProperties: false }),
      Type.Object({ all: Type.Array(This, { minItems: 1 }) }, { additionalProperties: false }),
      Type.Object({ any: Type.Array(This, { minItems: 1 }) }, { additionalProperties: false }),
      Type.Object({ not: This }, { additionalProperties: false }),
    ]),
  { $id: 'Condition' },
) as unknown as TSchema & { static: Condition };

/** Where a hidden or prefilled value comes from. */
export const ValueSource = Type.Union([
  Type.Object({ today: Type.Literal(true) }, { additionalProperties: false, description: "Today's date, YYYY-MM-DD." }),
  Type.Object(
    {
      query: Type.Optional(Type.String({ description: 'Query-string parameter to read.' })),
      routeParam: Type.Optional(Type.String({ description: 'Route parameter to read, e.g. restaurantName.' })),
      lookup: Type.Optional(
        Type.Object(
          {
            collection: Id('Backend collection to search.'),
            match: Type.String({ description: 'Field of the collection compared with the parameter.' }),
            compare: Type.Union([Type.Literal('ignoreCase'), Type.Literal('slug')], { description: 'ignoreCase: case-insensitive equality; slug: the parameter is lower-cased with spaces as hyphens.' }),
            value: Type.String({ description: 'Field of the found document stored in the submission.' }),
            display: Type.Optional(Type.String({ description: 'Field of the found document shown to the guest.' })),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
]);
export type ValueSource = Static<typeof ValueSource>;

const common = {
  name: FieldName,
  label: LocalizedText,
  help: Type.Optional(LocalizedText),
  placeholder: Type.Optional(LocalizedText),
  required: Type.Optional(Type.Boolean()),
  requiredIf: Type.Optional(Condition),
  visibleIf: Type.Optional(Condition),
  messages: Type.Optional(
    Type.Record(Type.String({ pattern: '^[a-zA-Z]+$' }), LocalizedText, { description: 'Per-field error text keyed by JSON Schema keyword (pattern, minLength, ...).' }),
  ),
  autocomplete: Type.Optional(Type.String()),
  contentPath: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_-]*(\\.[a-z0-9_-]+)*$', description: 'Content forms (forms/content/): where the answer is kept in the document, e.g. "title.ar" or "store.logo_primary.url"; default: the field name.' })),
};
const field = <K extends string, T extends Record<string, TSchema>>(type: K, props: T, description: string) =>
  Type.Object({ type: Type.Literal(type), ...common, ...props }, { additionalProperties: false, description });

export const TextField = field('text', {
  minLength: Type.Optional(Type.Integer({ minimum: 0 })),
  maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
  pattern: Type.Optional(Type.String()),
  inputMode: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('numeric'), Type.Literal('tel')])),
  prefill: Type.Optional(ValueSource),
}, 'One line of text (default at most 200 characters).');
export const TextareaField = field('textarea', {
  maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  richText: Type.Optional(Type.Boolean({ description: 'Content forms: the text is rich text in the small format of src/engine/staff-rich-text.ts, kept as Lexical JSON.' })),
}, 'Several lines of text (default at most 2000 characters).');
export const EmailField = field('email', {}, 'An email address.');
export const PhoneField = field('phone', {
  defaultDialCode: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
}, 'A dial code and a number, stored joined as +<dial code><number>.');
export const DateField = field('date', {
  default: Type.Optional(Type.Object({ today: Type.Literal(true) }, { additionalProperties: false })),
  min: Type.Optional(Type.String()),
  max: Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.Literal('today')])),
}, 'A calendar date, stored as YYYY-MM-DD.');
export const NumberField = field('number', {
  minimum: Type.Optional(Type.Number()),
  maximum: Type.Optional(Type.Number()),
  integer: Type.Optional(Type.Boolean()),
}, 'A number.');
export const ChoiceField = field('choice', { options: Options }, 'One option among several, shown as a radio group.');
export const SelectField = field('select', {
  options: Type.Optional(Options),
  optionsFrom: Type.Optional(Type.Object({
    collection: Id('Backend collection.'),
    value: Type.String({ description: 'Field of each document stored as the answer.' }),
    label: Type.String({ description: 'Field of each document shown; a localized {en, ar, fr} object or a plain string.' }),
    filter: Type.Optional(Type.Object({ field: Type.String({ description: 'Field of the documents.' }), equalsAnswer: FieldName }, { additionalProperties: false, description: 'Only documents whose field equals another answer, e.g. sub-departments of the chosen department.' })),
  }, { additionalProperties: false })),
  prefill: Type.Optional(ValueSource),
}, 'One option from a drop-down list, inline or from a backend collection.');
export const MultiChoiceField = field('multichoice', {
  options: Options,
  minItems: Type.Optional(Type.Integer({ minimum: 0 })),
  maxItems: Type.Optional(Type.Integer({ minimum: 1 })),
}, 'Several options, shown as check boxes.');
export const ConsentField = field('consent', {}, 'A check box that starts unticked; required means it must be ticked.');
export const RatingField = field('rating', { scale: Type.String({ description: 'Name of an ordered vocabulary, e.g. quality5.' }) }, 'A rating on a named ordered scale, stored as the option value.');
export const ScaleField = field('scale', {
  min: Type.Integer(), max: Type.Integer(),
  minLabel: Type.Optional(LocalizedText), maxLabel: Type.Optional(LocalizedText),
  band: Type.Optional(Type.Object({ name: FieldName, kind: Type.Literal('nps') }, { additionalProperties: false, description: 'A derived value computed by the server.' })),
}, 'A whole-number scale, e.g. 0 to 10.');
export const CountryField = field('country', {
  store: Type.Union([Type.Literal('label'), Type.Literal('code')], { description: 'Store the country name (label) or its two-letter code.' }),
}, 'A country picker with flags.');
export const FileField = field('file', {
  collection: Id('Upload collection (POST /api/{collection}).'),
  maxBytes: Type.Integer({ minimum: 1, maximum: 52428800 }),
  accept: Type.Array(Type.String({ pattern: '^[a-z]+/[a-z0-9.+*-]+$' }), { minItems: 1 }),
  multiple: Type.Optional(Type.Boolean()),
  maxFiles: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
}, 'A file (or several) uploaded first, stored as upload ids.');
export const HiddenField = Type.Object({
  type: Type.Literal('hidden'), name: FieldName,
  label: Type.Optional(LocalizedText),
  valueType: Type.Union([Type.Literal('string'), Type.Literal('integer'), Type.Literal('date')]),
  source: ValueSource,
  required: Type.Optional(Type.Boolean()),
  showAs: Type.Optional(LocalizedText),
}, { additionalProperties: false, description: 'A value the page fills itself (today, a query or route parameter, a backend lookup).' });
/** No HTML tags in rich text: it would be shown as typed (engine/rich-text.ts). */
export const RICH_TEXT_PATTERN = '^(?![\\s\\S]*</?[A-Za-z])';
const RICH_HELP = 'Rich text: **bold**, *italic*, [a link](https://example.com); in a text, lines starting with "- " or "1. " make a list, a blank line a new paragraph. No HTML.';
const RichString = Type.String({ minLength: 1, pattern: RICH_TEXT_PATTERN, description: RICH_HELP });
const RichLocalizedText = Type.Object(
  { en: RichString, ar: Type.Optional(RichString), fr: Type.Optional(RichString) },
  { additionalProperties: false, description: `Text in each language the form declares. ${RICH_HELP}` },
);
export const ContentBlock = Type.Object({
  type: Type.Literal('content'), name: FieldName,
  style: Type.Union([Type.Literal('heading'), Type.Literal('paragraph'), Type.Literal('note'), Type.Literal('list'), Type.Literal('terms')]),
  text: Type.Optional(RichLocalizedText),
  items: Type.Optional(Type.Array(RichLocalizedText, { description: 'List items (style list) or numbered clauses (style terms), each in the rich-text format.' })),
  visibleIf: Type.Optional(Condition),
}, { additionalProperties: false, description: 'Static text: a heading, paragraph, note, list or terms. Not part of the data.' });

export const SignatureField = field('signature', {
  clearLabel: Type.Optional(LocalizedText),
}, 'A drawn signature, kept as vector strokes (points relative to the pad) so it survives a resize and renders back as SVG.');

/** Field types allowed inside a repeated group (one level deep). */
const ItemField = Type.Union([TextField, TextareaField, EmailField, PhoneField, DateField, NumberField, ChoiceField, ConsentField, CountryField, FileField]);
export const RepeatField = field('repeat', {
  fields: Type.Array(ItemField, { minItems: 1 }),
  itemLabel: LocalizedText,
  addLabel: LocalizedText,
  removeLabel: LocalizedText,
  minItems: Type.Optional(Type.Integer({ minimum: 0 })),
  maxItems: Type.Integer({ minimum: 1, maximum: 50 }),
}, 'A list of the same group of questions with add and remove, e.g. dependents. itemLabel may use {n}.');

export const Field = Type.Union([
  TextField, TextareaField, EmailField, PhoneField, DateField, NumberField, ChoiceField, SelectField, MultiChoiceField,
  ConsentField, RatingField, ScaleField, CountryField, FileField, HiddenField, ContentBlock, SignatureField, RepeatField,
]);
export type Field = Static<typeof Field>;
export type FieldType = Field['type'];
export type DataField = Exclude<Field, Static<typeof ContentBlock>>;

export const Section = Type.Object({
  id: Id('Section id.'),
  title: Type.Optional(LocalizedText),
  description: Type.Optional(LocalizedText),
  visibleIf: Type.Optional(Condition),
  fields: Type.Array(Field, { minItems: 1 }),
}, { additionalProperties: false });
export type Section = Static<typeof Section>;

export const FormDefinition = Type.Object({
  $schema: Type.Optional(Type.String()),
  id: Id('Form id; also the $id of its compiled JSON Schema.'),
  version: Type.Integer({ minimum: 1 }),
  languages: Type.Array(Type.Union(LANGUAGES.map((l) => Type.Literal(l))), { minItems: 1, uniqueItems: true }),
  title: LocalizedText,
  description: Type.Optional(LocalizedText),
  submit: Type.Object({
    collection: Id('Collection that stores the submissions (POST /api/{collection}).'),
    label: LocalizedText,
    busyLabel: Type.Optional(LocalizedText),
    captcha: Type.Optional(Type.Object({ action: Type.String({ pattern: '^[a-z_]+$' }) }, { additionalProperties: false })),
    unique: Type.Optional(Type.Array(Type.Object({ fields: Type.Array(FieldName, { minItems: 1 }), message: LocalizedText }, { additionalProperties: false }))),
    failed: Type.Optional(LocalizedText),
    requestFailed: Type.Optional(LocalizedText),
    evidence: Type.Optional(Type.Boolean({ description: 'Store a liability record with each submission: definition version and hash, language, time and a hash of the signed content.' })),
    global: Type.Optional(Type.Boolean({ description: 'Content forms (forms/content/): the collection is a global, saved with POST /api/globals/{collection}.' })),
  }, { additionalProperties: false }),
  success: Type.Optional(Type.Object({
    title: Type.Optional(LocalizedText),
    subtitle: Type.Optional(LocalizedText),
    referenceLabel: Type.Optional(LocalizedText),
    link: Type.Optional(Type.Object({
      path: Type.String({ pattern: '^/(?!/)', description: 'A page of this site, e.g. /clubprintemps.' }),
      label: LocalizedText,
    }, { additionalProperties: false })),
  }, { additionalProperties: false, description: 'The thank-you panel; referenceLabel shows the submission reference, e.g. "Your Form ID is: {reference}"; link leads on to another page of the site.' })),
  steps: Type.Optional(Type.Array(Type.Object({
    id: Id('Step id.'),
    title: LocalizedText,
    sections: Type.Array(Type.String(), { minItems: 1, description: 'Ids of the sections shown in this step, in order.' }),
  }, { additionalProperties: false }), { minItems: 2, description: 'Optional pages: each step validates its own sections before the next.' })),
  sections: Type.Array(Section, { minItems: 1 }),
  access: Type.Optional(Type.Array(Type.Union(ROLES.map((role) => Type.Literal(role))), {
    minItems: 1,
    uniqueItems: true,
    description: 'Staff roles that may read its submissions (default: admin and viewer). A manager reads those of its own venues only (see venue).',
  })),
  confidential: Type.Optional(Type.Boolean({ description: 'Alerts about a submission carry its reference and a console link only, and nothing of its answers is ever written to a log line.' })),
  venue: Type.Optional(Type.Object({ field: FieldName }, {
    additionalProperties: false,
    description: 'The question naming the venue a submission is about (a select with optionsFrom, or a hidden lookup): venue managers read, and are alerted for, their venues\' submissions.',
  })),
  retention: Type.Optional(Type.String({
    pattern: '^P(?!$)(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?$',
    description: 'How long its submissions are kept, as an ISO 8601 period (P2Y, P6M, P90D); then the daily job deletes them with their files.',
  })),
  validFor: Type.Optional(Type.String({
    pattern: '^P(?!$)(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?$',
    description: 'Waivers: how long a signed waiver stays valid from its visit date (or signing date), as an ISO 8601 period (P1Y); default: the visit date only. The waiver desk shows "Valid until" or "Expired" from it.',
  })),
}, { additionalProperties: false, $id: 'https://forms.local/form.schema.json' });
export type FormDefinition = Static<typeof FormDefinition>;

export const VocabularyFile = Type.Record(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]*$' }), Type.Union([
  Type.String(),
  Type.Object({
    ordered: Type.Optional(Type.Boolean()),
    stars: Type.Optional(Type.Boolean({ description: 'Draw a rating on this scale as stars: for quality ratings (Poor ... Excellent) only. Other scales (agreement, frequency, satisfaction) are drawn as labelled steps.' })),
    options: Type.Array(Option, { minItems: 1 }),
  }, { additionalProperties: false }),
]));
