// Definition → compiled form: the JSON Schema contract for submitted data, plus what the
// page and server need around it. Pure: no React, no Node.
import type { FormDefinition, Option, Field } from './definition.ts';
import type { AuthoredField, AuthoredForm, CompiledForm, JsonSchema, ResolvedForm, ResolvedField } from './compiled.ts';
import { extractTexts, type FormTexts } from './form-texts.ts';
import { toSchema, visibilityOf, dataFields } from './conditions.ts';
import { DEFAULT_READERS } from './roles.ts';
// The list itself, read where a country question is compiled: the pages import this module for
// renderSchema only, and a list read at the top of a module (engine/countries.ts) stays in their
// bundle even unused (a property read might have effects), with every country's name in it.
import countriesFile from '../../forms/countries.json' with { type: 'json' };

export type Vocabularies = Record<string, string | { ordered?: boolean; stars?: boolean; options: Option[] }>;

export const DEFAULT_MAX_LENGTH = { text: 200, textarea: 2000, email: 254 } as const;
/** A phone as typed, at most this long; whether it is a number of some country is engine/phones.ts's check (libphonenumber-js), which the server also uses to store it as E.164. */
export const PHONE_MAX_LENGTH = 32;
/** Files one multiple-file question takes when its definition sets no maxFiles (the definition allows at most 20). */
export const DEFAULT_MAX_FILES = 10;

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

function enumOf(options: { value: Option["value"] }[]): JsonSchema {
  const values = options.map((o) => o.value);
  return { type: values.every((v) => typeof v === 'number') ? 'number' : 'string', enum: values };
}

/** The JSON Schema fragment for one field's value. */
export function fieldSchema(field: ResolvedField): JsonSchema | null {
  switch (field.type) {
    case 'content':
      return null;
    case 'text':
      return compact({ type: 'string', minLength: Math.max(field.required ? 1 : 0, field.minLength ?? 0) || undefined, maxLength: field.maxLength ?? DEFAULT_MAX_LENGTH.text, pattern: field.pattern });
    case 'textarea':
      return compact({ type: 'string', minLength: field.required ? 1 : undefined, maxLength: field.maxLength ?? DEFAULT_MAX_LENGTH.textarea });
    case 'email':
      return { type: 'string', format: 'email', maxLength: DEFAULT_MAX_LENGTH.email };
    case 'phone':
      return { type: 'string', maxLength: PHONE_MAX_LENGTH };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'number':
      return compact({ type: field.integer ? 'integer' : 'number', minimum: field.minimum, maximum: field.maximum });
    case 'choice':
    case 'rating':
      return enumOf(field.options!);
    case 'select':
      return field.options ? enumOf(field.options) : { type: 'string', minLength: 1, maxLength: 200 };
    case 'multichoice':
      // Every list in the contract is bounded: distinct answers can never outnumber the options.
      return compact({ type: 'array', items: enumOf(field.options!), uniqueItems: true, minItems: field.minItems ?? (field.required ? 1 : undefined), maxItems: Math.min(field.maxItems ?? Infinity, field.options!.length) });
    case 'consent':
      return field.required ? { type: 'boolean', const: true } : { type: 'boolean' };
    case 'scale':
      return { type: 'integer', minimum: field.min, maximum: field.max };
    case 'country':
      return { type: 'string', enum: countriesFile.countries.map((c) => (field.store === 'code' ? c.code : c.name.en)) };
    case 'file': {
      const id = { type: 'integer', minimum: 1 };
      return field.multiple ? compact({ type: 'array', items: id, uniqueItems: true, minItems: field.required ? 1 : undefined, maxItems: field.maxFiles ?? DEFAULT_MAX_FILES }) : id;
    }
    case 'signature':
      return signatureSchema(field.required ?? false);
    case 'repeat':
      return compact({
        type: 'array',
        minItems: field.minItems ?? undefined,
        maxItems: field.maxItems,
        items: {
          type: 'object',
          properties: Object.fromEntries(field.fields.map((f) => [f.name, fieldSchema(f as ResolvedField)])),
          required: field.fields.filter((f) => f.required).map((f) => f.name),
          additionalProperties: false,
        },
      });
    case 'hidden':
      if (field.valueType === 'integer') return { type: 'integer', minimum: 1 };
      if (field.valueType === 'date') return { type: 'string', format: 'date' };
      return { type: 'string', maxLength: 200 };
  }
}

/** Strokes of points [x, y], each relative to the pad (0..1), and the pad's width/height ratio. */
export const SIGNATURE_LIMITS = { strokes: 100, pointsPerStroke: 2000 } as const;
function signatureSchema(required: boolean): JsonSchema {
  const unit = { type: 'number', minimum: 0, maximum: 1 };
  return {
    type: 'object',
    properties: {
      strokes: {
        type: 'array', minItems: required ? 1 : 0, maxItems: SIGNATURE_LIMITS.strokes,
        items: { type: 'array', minItems: 1, maxItems: SIGNATURE_LIMITS.pointsPerStroke, items: { type: 'array', prefixItems: [unit, unit], minItems: 2, maxItems: 2 } },
      },
      aspect: { type: 'number', minimum: 0.1, maximum: 10 },
    },
    required: ['strokes', 'aspect'],
    additionalProperties: false,
  };
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
      rules.push(compact({ if: toSchema(visibleIf), then: field.required ? { required: [field.name] } : undefined, else: { not: { required: [field.name] } } }));
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

/** The schema the page renders from: the contract without its conditional rules, with every field that is required when shown marked required (the page hides the rest). */
export function renderSchema(contract: JsonSchema, form: ResolvedForm): JsonSchema {
  const { allOf: _rules, ...schema } = contract;
  const required = dataFields(form).filter((f) => f.required).map((f) => f.name);
  return { ...schema, required };
}

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
  if (field?.type === 'hidden' && 'lookup' in field.source && field.source.lookup) return { field: field.name, collection: field.source.lookup.collection, match: field.source.lookup.value };
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
    uploads: fields.flatMap((f) => (f.type === 'file' ? [{ field: f.name, collection: f.collection, maxBytes: f.maxBytes, accept: f.accept, multiple: f.multiple ?? false }] : [])),
    unique: (form.submit.unique ?? []).map((u) => ({ fields: u.fields, message: u.message })),
    references: fields.flatMap((f) => {
      if (f.type === 'hidden' && 'lookup' in f.source && f.source.lookup) return [{ field: f.name, collection: f.source.lookup.collection, match: f.source.lookup.value }];
      if (f.type === 'select' && f.optionsFrom) return [{ field: f.name, collection: f.optionsFrom.collection, match: f.optionsFrom.value, ...(f.optionsFrom.filter ? { filter: f.optionsFrom.filter } : {}) }];
      return [];
    }),
    derived: fields.flatMap((f) => (f.type === 'scale' && f.band ? [{ field: f.band.name, from: f.name, kind: f.band.kind }] : [])),
    access: form.access ?? [...DEFAULT_READERS],
    confidential: form.confidential ?? false,
    venue: venueOf(form),
    retention: form.retention ?? null,
    form,
  };
  return { compiled, texts };
}

function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}
