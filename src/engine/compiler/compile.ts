// Definition → compiled form: the JSON Schema contract for submitted data, plus what the
// page and server need around it. Pure: no React, no Node.
import type { FormDefinition, Option, Field } from '../definition/definition.ts';
import type { AuthoredField, AuthoredForm, CompiledForm, JsonSchema, ResolvedForm, ResolvedField } from './compiled.ts';
import { extractTexts, type FormTexts } from './form-texts.ts';
import { toSchema, visibilityOf, dataFields } from '../checks/conditions.ts';
import { DEFAULT_READERS } from '../access/roles.ts';
import { FIELD_TYPES } from '../fields/index.ts';
import { compact, type SchemaContext } from '../fields/parts.ts';
// The list itself, handed to a country question's schema (fields/country.ts) from here: the pages
// never import the compiler, and a list read at the top of a module they import (engine/checks/countries.ts)
// would stay in their bundle even unused (a property read might have effects).
import countriesFile from '../../../forms/countries.json' with { type: 'json' };

export type Vocabularies = Record<string, string | { ordered?: boolean; stars?: boolean; options: Option[] }>;

export { DEFAULT_MAX_FILES, DEFAULT_MAX_LENGTH, PHONE_MAX_LENGTH, SIGNATURE_LIMITS } from '../fields/limits.ts';

export function vocabularyOptions(vocabularies: Vocabularies, name: string): Option[] {
  const entry = vocabularies[name];
  if (!entry || typeof entry === 'string') throw new Error(`Unknown vocabulary "${name}"`);
  return entry.options;
}

/** Replaces vocabulary names with their options; a rating takes its scale's options. */
export function resolveForm(definition: FormDefinition, vocabularies: Vocabularies): AuthoredForm {
  const { $schema: _schema, ...rest } = definition;
  const resolveField = (field: Field): AuthoredField => {
    if (field.type === 'rating') {
      const stars = (vocabularies[field.scale] as { stars?: boolean } | undefined)?.stars;
      return { ...field, options: vocabularyOptions(vocabularies, field.scale), ...(stars ? { stars } : {}) };
    }
    if (field.type === 'repeat') return { ...field, fields: field.fields.map(resolveField) } as AuthoredField;
    if ('options' in field && typeof field.options === 'string') return { ...field, options: vocabularyOptions(vocabularies, field.options) } as AuthoredField;
    return field as AuthoredField;
  };
  return { ...rest, sections: definition.sections.map((s) => ({ ...s, fields: s.fields.map(resolveField) })) };
}

/** The JSON Schema fragment for one field's value (its type's module, src/engine/fields/). */
export function fieldSchema(field: ResolvedField): JsonSchema | null {
  const context: SchemaContext = { schemaOf: (inner) => fieldSchema(inner as ResolvedField), countries: countriesFile.countries };
  return (FIELD_TYPES[field.type].schema as (field: ResolvedField, context: SchemaContext) => JsonSchema | null)(field, context);
}

/** The contract: every data field, unknown fields refused, hidden questions forbidden, conditional ones required. */
export function compileSchema(form: ResolvedForm): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const rules: JsonSchema[] = [];
  for (const field of dataFields(form)) {
    properties[field.name] = fieldSchema(field)!;
    const visibleIf = visibilityOf(form, field.name);
    const requiredIf = 'requiredIf' in field ? field.requiredIf : undefined;
    if (visibleIf) {
      rules.push(
        compact({ if: toSchema(visibleIf), then: field.required ? { required: [field.name] } : undefined, else: { not: { required: [field.name] } } }),
      );
    } else if (field.required) {
      required.push(field.name);
    }
    if (requiredIf) rules.push({ if: toSchema(visibleIf ? { all: [visibleIf, requiredIf] } : requiredIf), then: { required: [field.name] } });
  }
  return compact({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: form.id,
    type: 'object',
    properties,
    required,
    additionalProperties: false,
    allOf: rules.length ? rules : undefined,
  });
}

export { renderSchema } from './render-schema.ts';

function labelsOf(form: ResolvedForm, english: Record<string, string>): Record<string, string> {
  return Object.fromEntries(dataFields(form).map((field) => [field.name, ('label' in field && field.label ? english[field.label] : undefined) ?? field.name]));
}

/** Who reads a form's submissions when its definition does not say (kept in roles.ts, beside the roles). */
export { DEFAULT_READERS };

/** The venue question's collection and matched value: a select's optionsFrom or a hidden field's lookup (forms:check refuses any other). */
function venueOf(form: ResolvedForm): CompiledForm['venue'] {
  if (!form.venue) return null;
  const field = dataFields(form).find((candidate) => candidate.name === form.venue!.field);
  if (field?.type === 'select' && field.optionsFrom) return { field: field.name, collection: field.optionsFrom.collection, match: field.optionsFrom.value };
  if (field?.type === 'hidden' && 'lookup' in field.source && field.source.lookup)
    return { field: field.name, collection: field.source.lookup.collection, match: field.source.lookup.value };
  return null;
}

/** A compiled form and its texts per language (written apart, as i18next resources, by forms:build). */
export interface CompiledWithTexts {
  compiled: Omit<CompiledForm, 'hash'>;
  texts: FormTexts;
}

export function compileForm(definition: FormDefinition, vocabularies: Vocabularies): CompiledWithTexts {
  const { keyed, texts } = extractTexts(resolveForm(definition, vocabularies));
  const form = keyed as ResolvedForm;
  const fields = dataFields(form);
  const compiled: Omit<CompiledForm, 'hash'> = {
    id: form.id,
    version: form.version,
    languages: form.languages,
    collection: form.submit.collection,
    captcha: form.submit.captcha ?? null,
    schema: compileSchema(form),
    labels: labelsOf(form, texts.en),
    uploads: fields.flatMap((f) =>
      f.type === 'file' ? [{ field: f.name, collection: f.collection, maxBytes: f.maxBytes, accept: f.accept, multiple: f.multiple ?? false }] : [],
    ),
    unique: (form.submit.unique ?? []).map((u) => ({ fields: u.fields, message: u.message })),
    references: fields.flatMap((f) => {
      if (f.type === 'hidden' && 'lookup' in f.source && f.source.lookup)
        return [{ field: f.name, collection: f.source.lookup.collection, match: f.source.lookup.value }];
      if (f.type === 'select' && f.optionsFrom)
        return [
          {
            field: f.name,
            collection: f.optionsFrom.collection,
            match: f.optionsFrom.value,
            ...(f.optionsFrom.filter ? { filter: f.optionsFrom.filter } : {}),
          },
        ];
      return [];
    }),
    derived: fields.flatMap((f) => (f.type === 'scale' && f.band ? [{ field: f.band.name, from: f.name, kind: f.band.kind }] : [])),
    // From the definition itself: its texts are kept whole (every console language), not as the guest languages' text keys.
    staffTitle: definition.staffTitle ?? definition.title,
    access: form.access ?? [...DEFAULT_READERS],
    confidential: form.confidential ?? false,
    venue: venueOf(form),
    retention: form.retention ?? null,
    form,
  };
  return { compiled, texts };
}
