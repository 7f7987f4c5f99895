// The data contract already stored answers rely on: per form its collection and, per field, the
// stored type and allowed values. forms/forms.lock.json records it (npm run forms:lock); forms:check
// refuses a change that would make stored answers wrong until the lock is updated on purpose.
import { compileForm, type Vocabularies } from '../../src/engine/compiler/compile.ts';
import type { JsonSchema, ResolvedField } from '../../src/engine/compiler/compiled.ts';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import type { TSchema } from '@sinclair/typebox';
import { FIELD_TYPES } from '../../src/engine/fields/index.ts';
import type { FieldTypeModule } from '../../src/engine/fields/parts.ts';

export interface StoredShape {
  type: string;
  format?: string;
  /** Allowed values (options), or a named list such as "countries:code". */
  values?: (string | number)[] | string;
  items?: StoredShape;
  fields?: Record<string, StoredShape>;
}

export interface FormContract {
  collection: string;
  fields: Record<string, StoredShape>;
}

export interface LockFile {
  $comment?: string;
  forms: Record<string, FormContract>;
}

export const LOCK_FILE = 'forms/forms.lock.json';
export const LOCK_COMMENT =
  "What stored answers rely on, per form: its collection and each field's stored type and values. Written by npm run forms:lock; forms:check refuses changes that break it.";

/** A stored value's shape from its compiled schema; the field's type module (src/engine/fields) may name its values' list or its sub-questions. */
function shapeOf(schema: JsonSchema, field?: ResolvedField): StoredShape {
  const shape: StoredShape = { type: String(schema.type ?? 'any') };
  const kind = field ? (FIELD_TYPES[field.type] as FieldTypeModule<TSchema>) : undefined;
  if (typeof schema.format === 'string') shape.format = schema.format;
  const named = field && kind?.storedValues?.(field);
  if (named) shape.values = named;
  else if (Array.isArray(schema.enum)) shape.values = schema.enum as (string | number)[];
  if (schema.items && typeof schema.items === 'object') {
    shape.items = shapeOf(schema.items as JsonSchema);
    const subFields = field && kind?.subFields?.(field);
    if (subFields) {
      const properties = (schema.items as JsonSchema).properties as Record<string, JsonSchema>;
      shape.items.fields = Object.fromEntries(subFields.map((f) => [f.name, shapeOf(properties[f.name], f as ResolvedField)]));
    }
  } else if (schema.properties && typeof schema.properties === 'object') {
    shape.fields = Object.fromEntries(Object.entries(schema.properties as Record<string, JsonSchema>).map(([k, v]) => [k, shapeOf(v)]));
  }
  return shape;
}

/** What a definition stores, from its compiled contract. */
export function contractOf(definition: FormDefinition, vocabularies: Vocabularies): FormContract {
  const { compiled } = compileForm(definition, vocabularies);
  const properties = compiled.schema.properties as Record<string, JsonSchema>;
  const byName = new Map(compiled.form.sections.flatMap((s) => s.fields).map((f) => [f.name, f as ResolvedField]));
  return {
    collection: compiled.collection,
    fields: Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, shapeOf(schema, byName.get(name))])),
  };
}

/** The lock file's text: one line per field, so a review sees exactly which field's contract changed. */
export function formatLock(forms: Record<string, FormContract>): string {
  const ids = Object.keys(forms).sort();
  const formText = (id: string) => {
    const { collection, fields } = forms[id];
    const lines = Object.entries(fields).map(([name, shape]) => `        ${JSON.stringify(name)}: ${JSON.stringify(shape)}`);
    return `    ${JSON.stringify(id)}: {\n      "collection": ${JSON.stringify(collection)},\n      "fields": {\n${lines.join(',\n')}\n      }\n    }`;
  };
  return `{\n  "$comment": ${JSON.stringify(LOCK_COMMENT)},\n  "forms": {\n${ids.map(formText).join(',\n')}\n  }\n}\n`;
}

export interface StoredDataBreak {
  /** "meal_period", or "dependents.name" inside a repeated group; "" for the form itself. */
  field: string;
  kind: 'collection' | 'removed' | 'type' | 'values';
  /** Stored values no longer allowed (kind "values"). */
  lost?: (string | number)[];
  message: string;
}

const RELOCK = 'or run npm run forms:lock if no answers were stored yet';
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'yes/no',
  object: 'a group of values',
  array: 'a list',
};
const FORMAT_WORDS: Record<string, string> = { date: 'a date', email: 'an email address' };
const describeShape = (s: StoredShape): string =>
  s.type === 'array' && s.items
    ? `a list of ${describeShape(s.items).replace(/^an? /, '')}`
    : (s.format && FORMAT_WORDS[s.format]) || TYPE_WORDS[s.type] || s.type;

function compareShapes(before: StoredShape, after: StoredShape, field: string, out: StoredDataBreak[]) {
  const question = field.includes('.') ? `question "${field.split('.').pop()}" in the group "${field.split('.')[0]}"` : `question "${field}"`;
  if (before.type !== after.type || before.format !== after.format) {
    out.push({
      field,
      kind: 'type',
      message: `${question} now stores ${describeShape(after)} instead of ${describeShape(before)}, so answers already stored would no longer fit: give the changed question a new name and keep the old one, rename with a migration, ${RELOCK}`,
    });
    return;
  }
  if (before.values !== undefined) {
    if (typeof before.values === 'string' || typeof after.values === 'string') {
      if (JSON.stringify(before.values) !== JSON.stringify(after.values))
        out.push({
          field,
          kind: 'values',
          message: `${question} now stores ${after.values ?? 'any value'} instead of ${before.values}, so answers already stored would no longer fit: keep how it was stored, rename with a migration, ${RELOCK}`,
        });
    } else {
      const lost = after.values === undefined ? [] : before.values.filter((v) => !(after.values as (string | number)[]).includes(v));
      if (lost.length) {
        out.push({
          field,
          kind: 'values',
          lost,
          message: `${question} no longer has the option value${lost.length > 1 ? 's' : ''} ${lost.map((v) => `"${v}"`).join(', ')}, but answers already stored may hold ${lost.length > 1 ? 'them' : 'it'}: keep the old value as an option (its label may change), rename with a migration, ${RELOCK}`,
        });
      }
    }
  }
  if (before.items && after.items) compareShapes(before.items, after.items, field, out);
  for (const [name, shape] of Object.entries(before.fields ?? {})) {
    const now = after.fields?.[name];
    const inner = `${field}.${name}`;
    if (!now)
      out.push({
        field: inner,
        kind: 'removed',
        message: `question "${name}" of the group "${field}" was removed, but answers already stored have it: keep the question, rename with a migration, ${RELOCK}`,
      });
    else compareShapes(shape, now, inner, out);
  }
}

/** What in `after` would make answers stored under `before` wrong. Added fields and options are fine. */
export function storedDataBreaks(before: FormContract, after: FormContract): StoredDataBreak[] {
  const out: StoredDataBreak[] = [];
  if (before.collection !== after.collection) {
    out.push({
      field: '',
      kind: 'collection',
      message: `the form now stores its answers in "${after.collection}" instead of "${before.collection}", where the answers already stored are: put "collection" back to "${before.collection}", move the stored answers with a migration, ${RELOCK}`,
    });
  }
  for (const [name, shape] of Object.entries(before.fields)) {
    const now = after.fields[name];
    if (!now)
      out.push({
        field: name,
        kind: 'removed',
        message: `question "${name}" was removed, but answers already stored have it: keep the question (hide it with "visibleIf" if it is no longer asked), rename with a migration, ${RELOCK}`,
      });
    else compareShapes(shape, now, name, out);
  }
  return out;
}

/** JSON path of a field (or an inner field "group.name") in a definition, for placing a message. */
export function fieldPathIn(definition: FormDefinition, field: string): string | undefined {
  const [outer, inner] = field.split('.');
  for (const [s, section] of definition.sections.entries()) {
    const f = section.fields.findIndex((x) => x.name === outer);
    if (f < 0) continue;
    const path = `$.sections[${s}].fields[${f}]`;
    if (inner === undefined) return path;
    const group = section.fields[f];
    const k = group.type === 'repeat' ? group.fields.findIndex((x) => x.name === inner) : -1;
    return k < 0 ? path : `${path}.fields[${k}]`;
  }
  return undefined;
}
