// What `npm run forms:check` verifies: the meta-schema, then what a schema cannot say
// (translations, unique names, references, options). Every problem names file and JSON path.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Field, type FormDefinition, type Lang, type Condition } from '../../src/engine/definition.ts';
import { compileForm, type Vocabularies } from '../../src/engine/compile.ts';
import { validatorModule } from './validator-code.ts';
import { toJsonSchema, DATA_SCHEMAS } from './data-schemas.ts';

export interface Problem {
  file: string;
  path: string;
  message: string;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validators = Object.fromEntries(Object.entries(DATA_SCHEMAS).map(([file, schema]) => [file, ajv.compile(toJsonSchema(schema))]));

/** Problems of a data file against its schema (schemaFile: a key of DATA_SCHEMAS). */
export function checkAgainstSchema(file: string, json: unknown, schemaFile: string): Problem[] {
  const validate = validators[schemaFile];
  if (validate(json)) return [];
  const problems: Problem[] = [];
  for (const e of validate.errors ?? []) {
    const path = jsonPath(e.instancePath);
    // A field is a union of one schema per type: report only the branch of its own type.
    const branch = /\/fields\/items\/anyOf\/(\d+)/.exec(e.schemaPath);
    const fieldPath = /^\/sections\/\d+\/fields\/\d+/.exec(e.instancePath)?.[0];
    if (fieldPath) {
      const type = (atPath(json, fieldPath) as { type?: string } | undefined)?.type;
      if (!FIELD_TYPES.includes(type as string)) {
        const message = `unknown field type "${type}" (one of ${FIELD_TYPES.join(', ')})`;
        if (!problems.some((p) => p.path === jsonPath(fieldPath) && p.message === message)) problems.push({ file, path: jsonPath(fieldPath), message });
        continue;
      }
      if (!branch || FIELD_TYPES[Number(branch[1])] !== type) continue;
    }
    problems.push({ file, path, message: `${e.message}${e.params && 'additionalProperty' in e.params ? `: "${e.params.additionalProperty}"` : ''}`, keyword: e.keyword } as Problem);
  }
  // Within a union (e.g. options: vocabulary name | list), the specific error beats "must be string" and "must match anyOf".
  const vague = (p: Problem) => ['type', 'anyOf'].includes((p as Problem & { keyword?: string }).keyword ?? '');
  return problems
    .filter((p) => !vague(p) || !problems.some((q) => q.path === p.path && !vague(q)))
    .map(({ file: f, path: pa, message }) => ({ file: f, path: pa, message }));
}

const FIELD_TYPES = (Field.anyOf as { properties: { type: { const: string } } }[]).map((s) => s.properties.type.const);

/** "/sections/0/fields/2/label" → "$.sections[0].fields[2].label" */
function jsonPath(pointer: string): string {
  return '$' + pointer.split('/').slice(1).map((k) => (/^\d+$/.test(k) ? `[${k}]` : `.${k}`)).join('');
}

function atPath(json: unknown, pointer: string): unknown {
  return pointer.split('/').slice(1).reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], json);
}

const isLocalized = (value: unknown): value is Record<string, string | Record<string, string>> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && 'en' in value && Object.keys(value).every((k) => ['en', 'ar', 'fr'].includes(k));

/** The plural categories a language's grammar needs (Arabic: zero, one, two, few, many, other). */
const pluralCategories = (lang: Lang) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;

/** Every localized text under `node` has every language in `languages`, and a plural text every form each language needs. */
export function missingTranslations(file: string, node: unknown, languages: readonly Lang[], path = '$'): Problem[] {
  if (isLocalized(node)) {
    return languages.flatMap((l) => {
      const text = node[l];
      if (text && typeof text === 'object') {
        const needed = pluralCategories(l);
        return needed.filter((category) => !text[category]?.trim()).map((category) => ({ file, path: `${path}.${l}`, message: `missing the "${category}" plural form (${l} needs ${needed.join(', ')})` }));
      }
      return text?.trim() ? [] : [{ file, path, message: `missing "${l}" text (the form declares ${languages.join(', ')})` }];
    });
  }
  if (Array.isArray(node)) return node.flatMap((v, i) => missingTranslations(file, v, languages, `${path}[${i}]`));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => missingTranslations(file, v, languages, `${path}.${k}`));
  return [];
}

function conditionFields(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionFields);
  if ('any' in condition) return condition.any.flatMap(conditionFields);
  if ('not' in condition) return conditionFields(condition.not);
  return [condition.field];
}

/** Checks one definition beyond its meta-schema. */
export function checkDefinition(file: string, definition: FormDefinition, vocabularies: Vocabularies): Problem[] {
  const problems: Problem[] = [];
  const add = (path: string, message: string) => problems.push({ file, path, message });
  const expectedId = file.split('/').pop()!.replace(/\.json$/, '');
  if (definition.id !== expectedId) add('$.id', `id "${definition.id}" must match the file name "${expectedId}"`);
  problems.push(...missingTranslations(file, definition, definition.languages));

  const names = new Map<string, string>();
  definition.sections.forEach((section, s) => {
    section.fields.forEach((field, f) => {
      const path = `$.sections[${s}].fields[${f}]`;
      if (names.has(field.name)) add(`${path}.name`, `duplicate name "${field.name}" (also at ${names.get(field.name)})`);
      names.set(field.name, path);
      const vocabulary = field.type === 'rating' ? field.scale : 'options' in field && typeof field.options === 'string' ? field.options : undefined;
      if (vocabulary !== undefined) {
        const entry = vocabularies[vocabulary];
        if (!entry || typeof entry === 'string') add(`${path}.${field.type === 'rating' ? 'scale' : 'options'}`, `unknown vocabulary "${vocabulary}" (see forms/vocabularies.json)`);
        else problems.push(...missingTranslations(`forms/vocabularies.json`, entry, definition.languages, `$.${vocabulary}`));
        if (field.type === 'rating' && entry && typeof entry !== 'string' && !entry.ordered) add(`${path}.scale`, `vocabulary "${vocabulary}" is not an ordered scale`);
      }
      if ('options' in field && Array.isArray(field.options)) {
        const values = field.options.map((o) => o.value);
        if (new Set(values).size !== values.length) add(`${path}.options`, 'option values must be unique');
      }
      if (field.type === 'select' && !field.options && !field.optionsFrom) add(path, 'a select needs options or optionsFrom');
    });
  });
  definition.sections.forEach((section, s) => {
    const check = (condition: Condition | undefined, path: string) =>
      condition && conditionFields(condition).filter((n) => !names.has(n)).forEach((n) => add(path, `condition refers to unknown field "${n}"`));
    check(section.visibleIf, `$.sections[${s}].visibleIf`);
    section.fields.forEach((field, f) => {
      if ('visibleIf' in field) check(field.visibleIf, `$.sections[${s}].fields[${f}].visibleIf`);
      if ('requiredIf' in field) check(field.requiredIf, `$.sections[${s}].fields[${f}].requiredIf`);
    });
  });
  const sectionIds = definition.sections.map((s) => s.id);
  if (new Set(sectionIds).size !== sectionIds.length) add('$.sections', 'section ids must be unique');
  if (definition.steps) {
    const placed = definition.steps.flatMap((step) => step.sections);
    definition.steps.forEach((step, i) => step.sections.filter((id) => !sectionIds.includes(id)).forEach((id) => add(`$.steps[${i}].sections`, `unknown section "${id}"`)));
    sectionIds.filter((id) => placed.filter((p) => p === id).length !== 1).forEach((id) => add('$.steps', `section "${id}" must be in exactly one step`));
  }
  definition.sections.forEach((section, s) => section.fields.forEach((field, f) => {
    if (field.type === 'select' && field.optionsFrom?.filter && !names.has(field.optionsFrom.filter.equalsAnswer)) add(`$.sections[${s}].fields[${f}].optionsFrom.filter`, `unknown field "${field.optionsFrom.filter.equalsAnswer}"`);
    if (field.type === 'repeat') {
      const inner = field.fields.map((x) => x.name);
      if (new Set(inner).size !== inner.length) add(`$.sections[${s}].fields[${f}].fields`, 'duplicate name in the repeated group');
      field.fields.forEach((x, k) => {
        if ('options' in x && typeof x.options === 'string' && !vocabularies[x.options]) add(`$.sections[${s}].fields[${f}].fields[${k}].options`, `unknown vocabulary "${x.options}" (see forms/vocabularies.json)`);
        else if ('options' in x && typeof x.options === 'string') problems.push(...missingTranslations('forms/vocabularies.json', vocabularies[x.options], definition.languages, `$.${x.options}`));
      });
    }
  }));
  (definition.submit.unique ?? []).forEach((rule, i) =>
    rule.fields.filter((n) => !names.has(n)).forEach((n) => add(`$.submit.unique[${i}]`, `unknown field "${n}"`)));
  if (problems.length === 0) {
    try {
      validatorModule(compileForm(definition, vocabularies).compiled.schema);
    } catch (error) {
      add('$', `the compiled schema does not compile: ${(error as Error).message}`);
    }
  }
  return problems;
}

export function formatProblem(p: Problem): string {
  return `${p.file} ${p.path}: ${p.message}`;
}
