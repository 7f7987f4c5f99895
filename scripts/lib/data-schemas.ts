// JSON Schemas of the data files beside the code (forms/, routes.json, themes/), written to
// *.schema.json by `npm run forms:schema` so editors autocomplete and flag mistakes.
import { Type, type TSchema } from '@sinclair/typebox';
import { FormDefinition, LocalizedText, VocabularyFile } from '../../src/engine/definition/definition.ts';
import { ThemeSchema } from '../../src/engine/definition/theme.ts';
import { RoutesSchema } from '../../src/engine/contract/routes.ts';
import { ContentConfigFile } from '../../src/engine/contract/content-config.ts';

/** A message whose wording depends on a number: one text per plural category of each language (Intl.PluralRules). */
const PluralForms = Type.Object(
  Object.fromEntries(['zero', 'one', 'two', 'few', 'many', 'other'].map((category) => [category, Type.Optional(Type.String({ minLength: 1 }))])),
  { additionalProperties: false, required: ['other'], description: 'Text per plural category, e.g. {"one": "1 answer", "other": "{count} answers"}.' },
);
const PluralText = Type.Object({ en: PluralForms, ar: Type.Optional(PluralForms), fr: Type.Optional(PluralForms) }, { additionalProperties: false });

export const MessagesSchema = Type.Intersect([
  Type.Object({ $schema: Type.Optional(Type.String()) }),
  Type.Record(Type.String({ pattern: '^[a-zA-Z]+$' }), Type.Union([LocalizedText, PluralText, Type.String()])),
]);

export const CountriesSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    countries: Type.Array(
      Type.Object(
        {
          code: Type.String({ pattern: '^[A-Z]{2}$' }),
          name: LocalizedText,
          dial: Type.Array(Type.String({ pattern: '^[0-9]{1,4}$' }), { minItems: 1 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false },
);

/** Written file (relative to the project root) → schema. */
export const DATA_SCHEMAS: Record<string, TSchema> = {
  'forms/form.schema.json': FormDefinition,
  'forms/vocabularies.schema.json': VocabularyFile,
  'forms/messages.schema.json': MessagesSchema,
  'forms/countries.schema.json': CountriesSchema,
  'routes.schema.json': RoutesSchema,
  'themes/theme.schema.json': ThemeSchema,
  'content/collections.schema.json': ContentConfigFile,
};

/** Plain JSON Schema 2020-12 from a TypeBox schema: the recursive Condition becomes one $defs entry. */
export function toJsonSchema(schema: TSchema): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const entries = Object.entries(node as Record<string, unknown>);
    const plain = Object.fromEntries(entries.filter(([k]) => typeof k === 'string').map(([k, v]) => [k, walk(v)]));
    if (plain.$id === 'Condition') {
      const { $id: _id, ...def } = plain;
      defs.Condition = def;
      return { $ref: '#/$defs/Condition' };
    }
    if (plain.$ref === 'Condition') return { $ref: '#/$defs/Condition' };
    return plain;
  };
  const root = walk(JSON.parse(JSON.stringify(schema))) as Record<string, unknown>;
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...root, ...(Object.keys(defs).length ? { $defs: defs } : {}) };
}
