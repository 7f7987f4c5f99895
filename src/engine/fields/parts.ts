// What every field type's module (src/engine/fields/<type>.ts) is built from: the definition
// format's shared pieces (texts, options, conditions, value sources, the properties every question
// has) and the shape of a field type's module. src/engine/definition/definition.ts re-exports the pieces.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const Id = (description: string) => Type.String({ pattern: '^[a-z][a-z0-9_-]*$', description });
export const FieldName = Type.String({ pattern: '^[a-z][a-z0-9_]*$', maxLength: 64, description: 'Key of the value in the submitted data (snake_case).' });

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
export const Options = Type.Union([Type.String({ description: 'Name of a vocabulary in forms/vocabularies.json.' }), Type.Array(Option, { minItems: 1 })]);

/**
 * A declarative condition on the submitted data; compiled to JSON Schema for the server and evaluated in the page.
 * `above` (a number answer greater than the limit) and `ageUnder` (a date of birth less than that many whole years
 * before the day answered in `on`, a date question, or today) are for a definition's `rules`, which page and server
 * both evaluate with today's date; `ageUnder` has no JSON Schema (today moves), so forms:check keeps it out of
 * visibleIf and requiredIf.
 */
export type Condition =
  | { field: string; equals: string | number | boolean }
  | { field: string; in: (string | number)[] }
  | { field: string; filled: boolean }
  | { field: string; above: number }
  | { field: string; ageUnder: number; on?: string }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };
export const Condition = Type.Recursive(
  (This) =>
    Type.Union([
      Type.Object({ field: Type.String(), equals: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }, { additionalProperties: false }),
      Type.Object({ field: Type.String(), in: Type.Array(Type.Union([Type.String(), Type.Number()]), { minItems: 1 }) }, { additionalProperties: false }),
      Type.Object({ field: Type.String(), filled: Type.Boolean() }, { additionalProperties: false }),
      Type.Object({ field: Type.String(), above: Type.Number() }, { additionalProperties: false, description: 'A number answer greater than this.' }),
      Type.Object(
        {
          field: Type.String(),
          ageUnder: Type.Integer({ minimum: 1, maximum: 150 }),
          on: Type.Optional(
            Type.String({ description: 'A date question: the age is counted on the day it answers (e.g. visit_date); unanswered or absent: today.' }),
          ),
        },
        {
          additionalProperties: false,
          description: 'A date-of-birth answer less than this many whole years before the day (rules only: page and server evaluate it with today).',
        },
      ),
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
            compare: Type.Union([Type.Literal('ignoreCase'), Type.Literal('slug')], {
              description: 'ignoreCase: case-insensitive equality; slug: the parameter is lower-cased with spaces as hyphens.',
            }),
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

export const common = {
  name: FieldName,
  label: LocalizedText,
  help: Type.Optional(LocalizedText),
  placeholder: Type.Optional(LocalizedText),
  required: Type.Optional(Type.Boolean()),
  requiredIf: Type.Optional(Condition),
  visibleIf: Type.Optional(Condition),
  messages: Type.Optional(
    Type.Record(Type.String({ pattern: '^[a-zA-Z]+$' }), LocalizedText, {
      description: 'Per-field error text keyed by JSON Schema keyword (pattern, minLength, ...).',
    }),
  ),
  autocomplete: Type.Optional(Type.String()),
  contentPath: Type.Optional(
    Type.String({
      pattern: '^[a-z][a-z0-9_-]*(\\.[a-z0-9_-]+)*$',
      description:
        'Content forms (forms/content/): where the answer is kept in the document, e.g. "title.ar" or "store.logo_primary.url"; default: the field name.',
    }),
  ),
};
/** A question's definition: its type, the properties every question has, and its own. */
export const field = <K extends string, T extends Record<string, TSchema>>(type: K, props: T, description: string) =>
  Type.Object({ type: Type.Literal(type), ...common, ...props }, { additionalProperties: false, description });

/** No HTML tags in rich text: it would be shown as typed (engine/text/rich-text.ts). */
export const RICH_TEXT_PATTERN = '^(?![\\s\\S]*</?[A-Za-z])';

export type JsonSchema = Record<string, unknown>;
/** An i18next key in the form's namespace (engine/compiler/form-texts.ts); the texts are build/forms/locales/<lang>/<form id>.json. */
export type TextKey = string;
/** A definition part with each localized text replaced by its key. */
export type Keyed<T> = T extends LocalizedText
  ? TextKey
  : T extends Condition
    ? T
    : T extends readonly (infer U)[]
      ? Keyed<U>[]
      : T extends object
        ? { [K in keyof T]: Keyed<T[K]> }
        : T;
/** A question as page and server see it: vocabulary names replaced by their options, texts by keys. */
export type Resolved<S extends TSchema> = Keyed<Static<S> & { options?: Option[]; stars?: boolean }>;

/** What compiling a question may need besides the question. */
export interface SchemaContext {
  /** The schema of another question (a repeated group's sub-questions). */
  schemaOf(field: { type: string }): JsonSchema | null;
  /** Every country's code and English name (forms/countries.json), handed in by the compiler so the pages never bundle it. */
  countries: readonly { code: string; name: { en: string } }[];
}

/** Engine messages a stored answer may read as (forms/messages.json, in en/ar/fr). */
export type AnswerMessage = 'staffAnswerYes' | 'staffAnswerNo' | 'staffAnswerSigned' | 'staffAnswerRating';

/**
 * What reading a stored answer needs besides the question and the value: the language's words for
 * the form's texts and the engine's messages, its calendar and countries. Built once by
 * engine/fields/answer-text.ts, so the field modules stay free of i18next and of the country list.
 */
export interface AnswerReader {
  lang: 'en' | 'ar' | 'fr';
  /** A text of the form (a key of its namespace) in the reader's language. */
  text(key: TextKey, vars?: Record<string, string | number>): string;
  message(key: AnswerMessage, vars?: Record<string, string | number>): string;
  /** A calendar day (YYYY-MM-DD) as the venues' calendar writes it, Latin digits; the text itself when it is no date. */
  day(ymd: string): string;
  /** A country's name in the reader's language, from its stored English name or code; the stored text when unknown. */
  country(stored: string): string;
  /** Another question's reading (a repeated group's cells). */
  read(field: { type: string; name: string }, value: unknown): AnswerReading;
  /** A question's label in the reader's language (its name when it has none). */
  label(field: { type: string; name: string }): string;
}

/** A stored upload as the staff API populates it ({id, filename, url, mimeType}), or its id alone. */
export interface AnswerFile {
  name: string;
  url?: string;
  mimeType?: string;
}

/**
 * A stored answer read in one language (like SurveyJS's getDisplayValueCore): `text` is what every
 * output writes (console, CSV, waiver PDF, privacy export, alert bodies); the other parts are for
 * tables that show more than the text (a rating's colour, a group's rows, links to files).
 */
export interface AnswerReading {
  /** The plain text; '' when the question says nothing (no answer, hidden from view, content). */
  text: string;
  /** A position on an ordered scale, 1..of (a rating's level for its colour; a scale's point). */
  level?: { value: number; of: number };
  /** A repeated group: each item's label and its cells, in question order. */
  rows?: { label: string; cells: { label: string; reading: AnswerReading }[] }[];
  files?: AnswerFile[];
  /** A drawn signature: the console shows the server's drawing of it. */
  drawing?: true;
  /** Read left to right whatever the page's direction (a phone number, an address). */
  ltr?: true;
}

/** The label of a stored option value in the reader's language; the value itself when no option has it. The one lookup of option labels. */
export function optionLabel(
  options: readonly { value: Option['value']; label: TextKey }[] | undefined,
  value: unknown,
  reader: Pick<AnswerReader, 'text'>,
): string {
  const option = options?.find((candidate) => candidate.value === value);
  return option ? reader.text(option.label) : String(value);
}

/** A plain value as text: strings and numbers as they are, anything else as its JSON. */
export const plainText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);

/** Whether a stored value is an answer at all (nothing, an empty text or an empty list is none). */
export const answered = (value: unknown): boolean => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * One field type: its definition, the JSON Schema of its answer, and how stored answers of it are
 * described (forms.lock.json, forms:diff), exported (CSV), read (every output), placed in error
 * messages and checked (forms:check). The table of every type is FIELD_TYPES (./index.ts).
 */
export interface FieldTypeModule<S extends TSchema> {
  definition: S;
  /** The JSON Schema of its answer; null: it holds no answer (static content). */
  schema(field: Resolved<S>, context: SchemaContext): JsonSchema | null;
  /** The stored shape names a list instead of spelling its values (a country: "countries:code"). */
  storedValues?(field: Resolved<S>): string;
  /** Its sub-questions, each stored inside every item of its answer (a repeated group). */
  subFields?(field: Resolved<S>): { name: string; type: string }[];
  /**
   * How a stored answer reads in a language, as plain text: what every output writes (called for an
   * answer only: engine/fields/answer-text.ts says nothing for none). '' when the question says nothing.
   */
  answerText(field: Resolved<S>, value: unknown, reader: AnswerReader): string;
  /** What a table shows besides the text (a rating's level for its colour, a group's rows, the files). */
  answerParts?(field: Resolved<S>, value: unknown, reader: AnswerReader): Omit<AnswerReading, 'text'>;
  /** In the CSV export: the answer's text, or a link to the server's picture of it (a drawing is thousands of numbers). */
  exported: 'answer' | 'picture-link';
  /** A problem anywhere inside its answer is reported on the question itself (one drawing is one answer). */
  errorsOnWhole?: boolean;
  /** forms:check: what is wrong with the question on its own, each with the key it is at (or the question). */
  problems?(field: Static<S>): { key?: string; message: string }[];
}

export const defineFieldType = <S extends TSchema>(module: FieldTypeModule<S>): FieldTypeModule<S> => module;

/** An object without its undefined properties (JSON Schema keywords left unset). */
export function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}

/** A list of option values as JSON Schema: numbers if every value is one, else strings. */
export function enumOf(options: { value: Option['value'] }[]): JsonSchema {
  const values = options.map((o) => o.value);
  return { type: values.every((v) => typeof v === 'number') ? 'number' : 'string', enum: values };
}
