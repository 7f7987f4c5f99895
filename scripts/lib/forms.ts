// Reading form definitions and shared vocabularies from forms/ (Node side of the engine).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import type { Vocabularies } from '../../src/engine/compiler/compile.ts';

export const FORMS_DIR = resolve(import.meta.dirname, '../../forms');
export const DEFINITION_SCHEMA_REF = './form.schema.json';

export interface DefinitionFile {
  file: string;
  definition: FormDefinition;
}

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Every forms/*.json that declares "$schema": "./form.schema.json" is a form definition. */
export function loadDefinitions(dir = FORMS_DIR): DefinitionFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'))
    .map((name) => ({ file: join(dir, name), json: readJson(join(dir, name)) as { $schema?: string } }))
    .filter(({ json }) => json.$schema === DEFINITION_SCHEMA_REF)
    .map(({ file, json }) => ({ file, definition: json as FormDefinition }));
}

export const CONTENT_FORMS_DIR = join(FORMS_DIR, 'content');
export const CONTENT_DEFINITION_SCHEMA_REF = '../form.schema.json';

/** forms/content/*.json: the forms staff edit content with (the console, not a public route). */
export function loadContentDefinitions(dir = CONTENT_FORMS_DIR): DefinitionFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ file: join(dir, name), json: readJson(join(dir, name)) as { $schema?: string } }))
    .filter(({ json }) => json.$schema === CONTENT_DEFINITION_SCHEMA_REF)
    .map(({ file, json }) => ({ file, definition: json as FormDefinition }));
}

export function loadVocabularies(dir = FORMS_DIR): Vocabularies {
  const { $schema: _schema, ...vocabularies } = readJson(join(dir, 'vocabularies.json')) as Vocabularies;
  return vocabularies;
}

/** JSON with keys sorted, so equal definitions hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
