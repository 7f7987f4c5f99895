// What `npm run forms:check` verifies: the meta-schema, then what a schema cannot say
// (translations, unique names, references, options). Every problem names file, line, column and
// JSON path, and says in plain words what to do; `{at:$.path}` in a message becomes "line N".
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Field, RICH_TEXT_PATTERN, type FormDefinition, type Lang, type Condition } from '../../src/engine/definition/definition.ts';
import { compileForm, type Vocabularies } from '../../src/engine/compiler/compile.ts';
import type { TSchema } from '@sinclair/typebox';
import { FIELD_TYPES as FIELD_TYPES_TABLE } from '../../src/engine/fields/index.ts';
import type { FieldTypeModule } from '../../src/engine/fields/parts.ts';
import { validatorModule } from './validator-code.ts';
import { toJsonSchema, DATA_SCHEMAS } from './data-schemas.ts';
import { positionOf } from './position.ts';
import { LANGUAGES } from '../../src/engine/text/languages.ts';
import { richTextBlockProblems } from './check-rich-text.ts';
import { listColumnProblems } from './check-list-columns.ts';
import { quotaProblems } from './check-quotas.ts';
import { reporterAccessProblems } from './check-reporter-access.ts';
import { confidentialProblems } from './check-confidential.ts';
import { ruleProblems } from './check-rules.ts';
import { LANGUAGE_NAMES, languageList, placeOf, type FileKind } from './wording.ts';

export interface Problem {
  file: string;
  path: string;
  message: string;
  line?: number;
  column?: number;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validators = Object.fromEntries(Object.entries(DATA_SCHEMAS).map(([file, schema]) => [file, ajv.compile(toJsonSchema(schema))]));

const KIND_OF_SCHEMA: Record<string, FileKind> = {
  'forms/form.schema.json': 'form',
  'forms/messages.schema.json': 'message',
  'forms/vocabularies.schema.json': 'vocabulary',
  'routes.schema.json': 'routes',
};

/** An ajv error in words an author can act on. */
function schemaMessage(e: ErrorObject, place: string): string {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `"${params.missingProperty}" is missing in ${place}: add it`;
    case 'additionalProperties':
      return `${place} has an unknown key "${params.additionalProperty}": remove it or fix its spelling`;
    case 'minItems':
      return `${place} needs at least ${params.limit} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${place} may have at most ${params.limit} items`;
    case 'minLength':
      return `${place} must not be empty`;
    case 'maxLength':
      return `${place} is too long (at most ${params.limit} characters)`;
    case 'pattern':
      if (params.pattern === RICH_TEXT_PATTERN)
        return `${place} contains an HTML tag, which would be shown as typed: write **bold**, *italic* or [text](https://…) instead`;
      return `${place} has characters that are not allowed here (it must match ${params.pattern}; names use lower-case letters, digits and _)`;
    case 'enum':
      return `${place} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${place} must be ${JSON.stringify(params.allowedValue)}`;
    case 'type':
      return `${place} must be ${params.type === 'object' ? 'an object { ... }' : params.type === 'array' ? 'a list [ ... ]' : `a ${params.type}`}`;
    case 'uniqueItems':
      return `${place} lists the same entry twice (entries ${params.j} and ${params.i}): keep one`;
    case 'minimum':
    case 'maximum':
      return `${place} ${e.message}`;
    default:
      return `${place} ${e.message}`;
  }
}

/** Problems of a data file against its schema (schemaFile: a key of DATA_SCHEMAS). */
export function checkAgainstSchema(file: string, json: unknown, schemaFile: string): Problem[] {
  const validate = validators[schemaFile];
  if (validate(json)) return [];
  const kind = KIND_OF_SCHEMA[schemaFile] ?? 'data';
  const problems: (Problem & { keyword: string })[] = [];
  for (const e of validate.errors ?? []) {
    const path = jsonPath(e.instancePath);
    // A field is a union of one schema per type: report only the branch of its own type.
    const branch = /\/fields\/items\/anyOf\/(\d+)/.exec(e.schemaPath);
    const fieldPath = /^\/sections\/\d+\/fields\/\d+/.exec(e.instancePath)?.[0];
    if (fieldPath) {
      const type = (atPath(json, fieldPath) as { type?: string } | undefined)?.type;
      if (!FIELD_TYPES.includes(type as string)) {
        const message = `unknown question type "${type}": use one of ${FIELD_TYPES.join(', ')}`;
        if (!problems.some((p) => p.path === jsonPath(fieldPath) && p.message === message))
          problems.push({ file, path: jsonPath(fieldPath), message, keyword: 'type' });
        continue;
      }
      if (!branch || FIELD_TYPES[Number(branch[1])] !== type) continue;
    }
    // A kind's own options are checked by if/then (routes.json's pages): its errors say what is wrong, "must match then" nothing more.
    if (e.keyword === 'if') continue;
    problems.push({ file, path, message: schemaMessage(e, placeOf(json, path, kind)), keyword: e.keyword });
  }
  // Within a union (e.g. options: vocabulary name | list), the specific error beats "must be string" and "must match anyOf".
  const vague = (p: { keyword: string; message: string }) => ['type', 'anyOf'].includes(p.keyword) && !p.message.startsWith('unknown question type');
  return problems
    .filter((p) => !vague(p) || !problems.some((q) => q.path === p.path && !vague(q)))
    .filter((p, i, all) => all.findIndex((q) => q.path === p.path && q.message === p.message) === i)
    .map(({ file: f, path: pa, message }) => ({ file: f, path: pa, message }));
}

/** The question kinds in the order of Field's anyOf branches (built from src/engine/fields FIELD_TYPES). */
const FIELD_TYPES = (Field.anyOf as { properties: { type: { const: string } } }[]).map((s) => s.properties.type.const);

/** "/sections/0/fields/2/label" → "$.sections[0].fields[2].label" */
function jsonPath(pointer: string): string {
  return (
    '$' +
    pointer
      .split('/')
      .slice(1)
      .map((k) => (/^\d+$/.test(k) ? `[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`))
      .join('')
  );
}

function atPath(json: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], json);
}

const isLocalized = (value: unknown): value is Record<string, string | Record<string, string>> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && 'en' in value && Object.keys(value).every((k) => ['en', 'ar', 'fr'].includes(k));

/** The plural categories a language's grammar needs (Arabic: zero, one, two, few, many, other). */
const pluralCategories = (lang: Lang) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;

/** Every localized text under `node` has every language in `languages`, and a plural text every form each language needs. */
export function missingTranslations(
  file: string,
  node: unknown,
  languages: readonly Lang[],
  path = '$',
  kind: FileKind = 'form',
  root: unknown = node,
): Problem[] {
  if (isLocalized(node)) {
    const place = placeOf(root, path, kind);
    return languages.flatMap((l) => {
      const text = node[l];
      if (text && typeof text === 'object') {
        const needed = pluralCategories(l);
        return needed
          .filter((category) => !text[category]?.trim())
          .map((category) => ({
            file,
            path: `${path}.${l}`,
            message: `${LANGUAGE_NAMES[l]} plural form "${category}" missing for ${place} (${LANGUAGE_NAMES[l]} needs ${needed.join(', ')}): add "${category}": "..."`,
          }));
      }
      return text?.trim() ? [] : [{ file, path, message: `${LANGUAGE_NAMES[l]} text missing for ${place}: add "${l}": "..." beside "en"` }];
    });
  }
  if (Array.isArray(node)) return node.flatMap((v, i) => missingTranslations(file, v, languages, `${path}[${i}]`, kind, root));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => missingTranslations(file, v, languages, `${path}.${k}`, kind, root));
  return [];
}

/**
 * A guest form's name in the staff console (staffTitle: its home, navigation and headings), in every language the
 * console speaks (LANGUAGES: the staff pages declare them all), whatever languages its guests see.
 */
export function staffTitleProblems(file: string, definition: FormDefinition): Problem[] {
  if (!definition.staffTitle) {
    return [
      {
        file,
        path: '$',
        message: `the form has no staff name: add "staffTitle": { "en": "...", "ar": "...", "fr": "..." } beside "title", the short name the staff console shows it by (e.g. "Dining survey")`,
      },
    ];
  }
  return missingTranslations(file, definition.staffTitle, LANGUAGES, '$.staffTitle', 'form', definition);
}

/** Texts written the same in every language the form declares: most likely copied and not yet translated. Names that stay the same (brands) are listed in forms/untranslated-ok.json. */
export function untranslatedCopies(file: string, definition: FormDefinition, allowed: ReadonlySet<string>): Problem[] {
  const languages = definition.languages;
  if (languages.length < 2) return [];
  const found: Problem[] = [];
  const walk = (node: unknown, path: string) => {
    if (isLocalized(node)) {
      const texts = languages.map((l) => node[l]);
      const first = texts[0];
      if (typeof first === 'string' && /\p{L}/u.test(first) && texts.every((t) => t === first) && !allowed.has(first)) {
        found.push({
          file,
          path,
          message: `${placeOf(definition, path)} is the same in ${languageList(languages)} ("${first}"): translate it, or add "${first}" to forms/untranslated-ok.json if it is a name that stays the same in every language`,
        });
      }
      return;
    }
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (node && typeof node === 'object') Object.entries(node).forEach(([k, v]) => walk(v, `${path}.${k}`));
  };
  walk(definition, '$');
  return found;
}

function conditionFields(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionFields);
  if ('any' in condition) return condition.any.flatMap(conditionFields);
  if ('not' in condition) return conditionFields(condition.not);
  return [condition.field];
}

/** Duplicate values among a list of options, each reported at the repeated value. */
function duplicateOptionValues(file: string, options: { value: string | number }[], path: string, owner: string): Problem[] {
  const first = new Map<string | number, number>();
  return options.flatMap((option, k) => {
    const earlier = first.get(option.value);
    if (earlier === undefined) {
      first.set(option.value, k);
      return [];
    }
    return [
      {
        file,
        path: `${path}[${k}].value`,
        message: `option value "${option.value}" is used twice in ${owner} (first at {at:${path}[${earlier}].value}): give each option its own value`,
      },
    ];
  });
}

/** Duplicate option values in the shared option lists of forms/vocabularies.json. */
export function checkVocabularies(file: string, vocabularies: Vocabularies): Problem[] {
  return Object.entries(vocabularies).flatMap(([name, entry]) =>
    typeof entry === 'string' ? [] : duplicateOptionValues(file, entry.options, `$.${name}.options`, `option list "${name}"`),
  );
}

/** Checks one definition beyond its meta-schema. */
export function checkDefinition(
  file: string,
  definition: FormDefinition,
  vocabularies: Vocabularies,
  untranslatedOk: ReadonlySet<string> = new Set(),
): Problem[] {
  const problems: Problem[] = [];
  const add = (path: string, message: string) => problems.push({ file, path, message });
  const expectedId = file
    .split('/')
    .pop()!
    .replace(/\.json$/, '');
  if (definition.id !== expectedId) add('$.id', `the form's id "${definition.id}" must match its file name: write "id": "${expectedId}" or rename the file`);
  problems.push(...missingTranslations(file, definition, definition.languages));
  problems.push(...untranslatedCopies(file, definition, untranslatedOk));

  const names = new Map<string, string>();
  const order = new Map<string, number>();
  const vocabularyProblems = (name: string, path: string, question: string) => {
    const entry = vocabularies[name];
    if (!entry || typeof entry === 'string') {
      add(
        path,
        `${question} uses the option list "${name}", which does not exist: use a name from forms/vocabularies.json (${Object.keys(vocabularies)
          .filter((k) => typeof vocabularies[k] !== 'string')
          .slice(0, 4)
          .join(', ')}, ...) or write the options here`,
      );
      return null;
    }
    problems.push(...missingTranslations('forms/vocabularies.json', entry, definition.languages, `$.${name}`, 'vocabulary', vocabularies));
    return entry;
  };
  definition.sections.forEach((section, s) => {
    section.fields.forEach((field, f) => {
      const path = `$.sections[${s}].fields[${f}]`;
      const question = `question "${field.name}"`;
      if (names.has(field.name))
        add(`${path}.name`, `two questions are named "${field.name}" (the other is at {at:${names.get(field.name)}}): give each question its own name`);
      names.set(field.name, path);
      order.set(field.name, order.size);
      if (field.type === 'rating') {
        const entry = vocabularyProblems(field.scale, `${path}.scale`, question);
        if (entry && !entry.ordered)
          add(
            `${path}.scale`,
            `${question} is a rating but "${field.scale}" is not an ordered scale: use a scale such as quality5, or make the question a "choice"`,
          );
      } else if ('options' in field && typeof field.options === 'string') vocabularyProblems(field.options, `${path}.options`, question);
      if ('options' in field && Array.isArray(field.options)) problems.push(...duplicateOptionValues(file, field.options, `${path}.options`, question));
      if (field.type === 'content') problems.push(...richTextBlockProblems(file, field, path));
      // What the field's type module (src/engine/fields) finds wrong with the question on its own.
      for (const problem of (FIELD_TYPES_TABLE[field.type] as FieldTypeModule<TSchema>).problems?.(field) ?? [])
        add(problem.key ? `${path}.${problem.key}` : path, problem.message);
    });
  });
  // A condition may only depend on questions above it: a guest answers from top to bottom.
  const checkCondition = (condition: Condition | undefined, path: string, owner: string, position: number) =>
    condition &&
    [...new Set(conditionFields(condition))].forEach((n) => {
      if (!names.has(n))
        add(
          path,
          `the condition of ${owner} names question "${n}", which is not in this form: check the spelling of "field" (questions: ${[...names.keys()].slice(0, 6).join(', ')}${names.size > 6 ? ', ...' : ''})`,
        );
      else if (order.get(n)! >= position)
        add(
          path,
          `the condition of ${owner} depends on question "${n}", which comes ${order.get(n) === position ? 'at the same place' : 'later in the form'} (at {at:${names.get(n)}}): move "${n}" above it, since guests answer from top to bottom`,
        );
    });
  definition.sections.forEach((section, s) => {
    const first = section.fields[0] ? order.get(section.fields[0].name)! : order.size;
    checkCondition(section.visibleIf, `$.sections[${s}].visibleIf`, `section "${section.id}"`, first);
    section.fields.forEach((field, f) => {
      const at = order.get(field.name)!;
      if ('visibleIf' in field) checkCondition(field.visibleIf, `$.sections[${s}].fields[${f}].visibleIf`, `question "${field.name}"`, at);
      if ('requiredIf' in field) checkCondition(field.requiredIf, `$.sections[${s}].fields[${f}].requiredIf`, `question "${field.name}"`, at);
    });
  });
  const sectionIds = definition.sections.map((s) => s.id);
  sectionIds.forEach((id, s) => {
    if (sectionIds.indexOf(id) !== s)
      add(
        `$.sections[${s}].id`,
        `two sections are called "${id}" (the other is at {at:$.sections[${sectionIds.indexOf(id)}].id}): give each section its own id`,
      );
  });
  if (definition.steps) {
    const placed = definition.steps.flatMap((step) => step.sections);
    definition.steps.forEach((step, i) =>
      step.sections
        .filter((id) => !sectionIds.includes(id))
        .forEach((id) => add(`$.steps[${i}].sections`, `step "${step.id}" lists section "${id}", which does not exist: use one of ${sectionIds.join(', ')}`)),
    );
    sectionIds
      .filter((id) => placed.filter((p) => p === id).length !== 1)
      .forEach((id) => add('$.steps', `section "${id}" must be in exactly one step: list it in the "sections" of one step`));
  }
  definition.sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      const path = `$.sections[${s}].fields[${f}]`;
      if (field.type === 'select' && field.optionsFrom?.filter && !names.has(field.optionsFrom.filter.equalsAnswer))
        add(
          `${path}.optionsFrom.filter`,
          `question "${field.name}" filters its options by question "${field.optionsFrom.filter.equalsAnswer}", which is not in this form: check the spelling of "equalsAnswer"`,
        );
      if (field.type === 'repeat') {
        const inner = field.fields.map((x) => x.name);
        inner.forEach((n, k) => {
          if (inner.indexOf(n) !== k) add(`${path}.fields[${k}].name`, `two questions of the group "${field.name}" are named "${n}": give each its own name`);
        });
        field.fields.forEach((x, k) => {
          const question = `question "${x.name}" in the group "${field.name}"`;
          if ('options' in x && typeof x.options === 'string') vocabularyProblems(x.options, `${path}.fields[${k}].options`, question);
          if ('options' in x && Array.isArray(x.options)) problems.push(...duplicateOptionValues(file, x.options, `${path}.fields[${k}].options`, question));
          // A submission attaches the uploads of its own questions only; content forms keep files in the document (server/content/content-media.ts).
          if (x.type === 'file' && !/(^|\/)forms\/content\//.test(file))
            add(
              `${path}.fields[${k}]`,
              `${question} is a file, but a guest form's files cannot be inside a repeated group (they would never be attached to the submission): move the question out of the group, or use "multiple": true`,
            );
          // Neither the page nor the server evaluates conditions row by row: refused rather than silently ignored.
          for (const key of ['visibleIf', 'requiredIf'] as const) {
            if (key in x && x[key])
              add(
                `${path}.fields[${k}].${key}`,
                `${question} has a condition ("${key}"), but conditions are not supported inside a repeated group (neither the page nor the server could apply it to each row): remove it, ${key === 'visibleIf' ? 'or move the question out of the group' : 'or make the question "required"'}`,
              );
          }
        });
      }
    }),
  );
  (definition.submit.unique ?? []).forEach((rule, i) =>
    rule.fields
      .filter((n) => !names.has(n))
      .forEach((n) => add(`$.submit.unique[${i}]`, `unique rule ${i + 1} names question "${n}", which is not in this form: check its spelling`)),
  );
  if (definition.venue) {
    const venueField = definition.sections.flatMap((s) => s.fields).find((f) => 'name' in f && f.name === definition.venue!.field);
    const namesVenue =
      venueField &&
      ((venueField.type === 'select' && venueField.optionsFrom) || (venueField.type === 'hidden' && 'lookup' in venueField.source && venueField.source.lookup));
    if (!venueField) add('$.venue.field', `venue names question "${definition.venue.field}", which is not in this form: check its spelling`);
    else if (!namesVenue)
      add(
        '$.venue.field',
        `venue names question "${definition.venue.field}", which does not pick a venue from a collection: use a select with optionsFrom, or a hidden question with a lookup`,
      );
  }
  listColumnProblems(definition, add);
  quotaProblems(definition, add);
  reporterAccessProblems(definition, add);
  confidentialProblems(definition, add);
  ruleProblems(definition, add);
  problems.push(...contactProblems(file, definition));
  if (problems.length === 0) {
    try {
      validatorModule(compileForm(definition, vocabularies).compiled.schema);
    } catch (error) {
      add('$', `the form does not compile (${(error as Error).message}): please ask a developer`);
    }
  }
  return problems;
}

/** Adds line and column to each problem (from its file's text) and turns "{at:$.path}" into "line N". */
export function locate(problems: Problem[], textOf: (file: string) => string | undefined): Problem[] {
  return problems.map((p) => {
    const text = textOf(p.file);
    if (text === undefined) return p;
    const { line, column } = positionOf(text, p.path);
    const message = p.message.replace(/\{at:([^}]+)\}/g, (_m, path: string) => `line ${positionOf(text, path).line}`);
    return { ...p, message, line, column };
  });
}

/** `forms/dining-survey.json:31:7 ($.sections[1].fields[0].label) Arabic text missing for ...` */
export function formatProblem(p: Problem): string {
  const where = p.line ? `${p.file}:${p.line}:${p.column}` : p.file;
  return `${where} (${p.path}) ${p.message.replace(/\{at:([^}]+)\}/g, '$1')}`;
}

/** The types each `contact` entry may name (the consent: a yes/no choice, or a consent box). */
const CONTACT_TYPES = { email: ['email'], phone: ['phone'], name: ['text'], consent: ['choice', 'consent'] } as const;

/** `contact` names questions of this form of the right types, and never on a confidential form (its guest is not to be reached). */
export function contactProblems(file: string, definition: FormDefinition): Problem[] {
  const contact = definition.contact;
  if (!contact) return [];
  if (definition.confidential)
    return [{ file, path: '$.contact', message: 'a confidential form may not declare contact (its guests are never replied to): remove "contact"' }];
  const fields = definition.sections.flatMap((s) => s.fields);
  const problems: Problem[] = [];
  for (const role of Object.keys(CONTACT_TYPES) as (keyof typeof CONTACT_TYPES)[]) {
    const name = contact[role];
    if (name === undefined) continue;
    const field = fields.find((f) => 'name' in f && f.name === name);
    const types: readonly string[] = CONTACT_TYPES[role];
    if (!field)
      problems.push({ file, path: `$.contact.${role}`, message: `contact.${role} names question "${name}", which is not in this form: check its spelling` });
    else if (!types.includes(field.type))
      problems.push({
        file,
        path: `$.contact.${role}`,
        message: `contact.${role} names question "${name}", a ${field.type}: it must be a question of type ${types.join(' or ')}`,
      });
    else if (role === 'consent' && field.type === 'choice' && field.options !== 'yesNo')
      problems.push({
        file,
        path: `$.contact.${role}`,
        message: `contact.consent names question "${name}", whose options are not "yesNo": use options "yesNo" so "no" means no reply`,
      });
  }
  return problems;
}
