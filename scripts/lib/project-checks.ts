// forms:check's checks across files: routes and forms, collections, country names, stored data.
import type { Vocabularies } from '../../src/engine/compiler/compile.ts';
import type { Country } from '../../src/engine/checks/countries.ts';
import type { Field, FormDefinition, Lang } from '../../src/engine/definition/definition.ts';
import type { Problem } from './check.ts';
import { contractOf, fieldPathIn, LOCK_FILE, storedDataBreaks, type FormContract } from './stored-data.ts';
import { LANGUAGE_NAMES } from './wording.ts';
import { WAIVER_FIELDS } from '../../src/engine/waivers/waiver-fields.ts';

export interface DefinitionAt {
  /** Path relative to the project, e.g. forms/dining-survey.json. */
  file: string;
  definition: FormDefinition;
}

interface Route {
  path: string;
  page: { kind: string; form?: string };
}

/** A route showing a form that does not exist, and a form no route shows. */
export function checkRoutesAndForms(routes: Route[], definitions: DefinitionAt[], routesFile = 'routes.json'): Problem[] {
  const problems: Problem[] = [];
  const ids = new Set(definitions.map((d) => d.definition.id));
  routes.forEach((route, i) => {
    if (route.page.kind === 'form' && !ids.has(route.page.form ?? '')) {
      problems.push({
        file: routesFile,
        path: `$.routes[${i}].page.form`,
        message: `route ${route.path} shows form "${route.page.form}", but there is no forms/${route.page.form}.json: check the spelling (forms: ${[...ids].sort().join(', ')})`,
      });
    }
  });
  const shown = new Set(routes.filter((r) => r.page.kind === 'form').map((r) => r.page.form));
  for (const { file, definition } of definitions) {
    if (!shown.has(definition.id))
      problems.push({
        file,
        path: '$.id',
        message: `no route shows form "${definition.id}", so guests cannot open it: add { "path": "/...", "set": "public", "page": { "kind": "form", "form": "${definition.id}" } } to "routes" in ${routesFile}`,
      });
  }
  return problems;
}

/** Two forms storing their answers in one collection would mix answers of different shapes. */
export function checkCollections(definitions: DefinitionAt[]): Problem[] {
  const first = new Map<string, DefinitionAt>();
  return definitions.flatMap((d) => {
    const collection = d.definition.submit.collection;
    const other = first.get(collection);
    if (!other) {
      first.set(collection, d);
      return [];
    }
    return [
      {
        file: d.file,
        path: '$.submit.collection',
        message: `forms "${other.definition.id}" and "${d.definition.id}" both store their answers in "${collection}": give each form its own collection`,
      },
    ];
  });
}

const asksCountry = (fields: readonly Field[]): boolean =>
  fields.some((f) => f.type === 'country' || f.type === 'phone' || (f.type === 'repeat' && asksCountry(f.fields as Field[])));

/** A form with a country or phone question shows country names in each of its languages. */
export function checkCountryNames(countries: readonly Country[], definitions: DefinitionAt[], countriesFile = 'forms/countries.json'): Problem[] {
  const needed = new Map<Lang, string[]>();
  for (const { definition } of definitions) {
    if (!asksCountry(definition.sections.flatMap((s) => s.fields))) continue;
    for (const lang of definition.languages) needed.set(lang, [...(needed.get(lang) ?? []), definition.id]);
  }
  const problems: Problem[] = [];
  for (const [lang, forms] of needed) {
    const missing = countries.map((c, i) => ({ c, i })).filter(({ c }) => !c.name[lang]?.trim());
    if (!missing.length) continue;
    const codes =
      missing
        .slice(0, 5)
        .map(({ c }) => c.code)
        .join(', ') + (missing.length > 5 ? `, ... (${missing.length} in all)` : '');
    problems.push({
      file: countriesFile,
      path: `$.countries[${missing[0].i}].name`,
      message: `${LANGUAGE_NAMES[lang]} country names missing for ${codes}, needed by ${forms.join(', ')} (a country or phone question in a form that declares ${LANGUAGE_NAMES[lang]}): add "${lang}": "..." beside "en" in each`,
    });
  }
  return problems;
}

/** Changes that would make stored answers wrong, against the recorded lock (`unchecked`: ids of forms with other problems). */
export function checkStoredData(
  locked: Record<string, FormContract> | null,
  definitions: DefinitionAt[],
  vocabularies: Vocabularies,
  lockFile = LOCK_FILE,
  unchecked: ReadonlySet<string> = new Set(),
): Problem[] {
  if (!locked)
    return [
      { file: lockFile, path: '$', message: `there is no ${lockFile} recording what stored answers rely on: run npm run forms:lock and commit the file` },
    ];
  const problems: Problem[] = [];
  const byId = new Map(definitions.map((d) => [d.definition.id, d]));
  for (const [id, before] of Object.entries(locked)) {
    const current = byId.get(id);
    const lockPath = `$.forms[${JSON.stringify(id)}]`;
    if (!current) {
      problems.push({
        file: lockFile,
        path: lockPath,
        message: `form "${id}" was removed, but answers stored in "${before.collection}" follow it: put the form back, or run npm run forms:lock if those answers are no longer needed`,
      });
      continue;
    }
    // A definition with other problems cannot be compiled yet: its stored data is checked once they are fixed.
    if (unchecked.has(id)) continue;
    for (const change of storedDataBreaks(before, contractOf(current.definition, vocabularies))) {
      const fieldPath = change.field ? fieldPathIn(current.definition, change.field) : undefined;
      if (change.kind === 'collection') problems.push({ file: current.file, path: '$.submit.collection', message: change.message });
      else if (!fieldPath)
        problems.push({ file: lockFile, path: `${lockPath}.fields.${change.field.split('.')[0]}`, message: `${current.file}: ${change.message}` });
      else {
        problems.push({
          file: current.file,
          path: `${fieldPath}${change.kind === 'type' ? '.type' : change.kind === 'values' ? valuesKey(current.definition, change.field) : ''}`,
          message: change.message,
        });
      }
    }
  }
  return problems;
}

/** Where a field's stored values are written: ".options", ".scale" for a rating, ".store" for a country. */
function valuesKey(definition: FormDefinition, field: string): string {
  const [outer, inner] = field.split('.');
  const group = definition.sections.flatMap((s) => s.fields).find((x) => x.name === outer);
  const f = inner && group?.type === 'repeat' ? group.fields.find((x) => x.name === inner) : group;
  if (f?.type === 'rating') return '.scale';
  if (f?.type === 'country') return '.store';
  return f && 'options' in f ? '.options' : '';
}

/** A waiver (submit.evidence) names its people as the waiver desk looks for them (engine/waivers/waiver-fields.ts). */
export function checkWaiverFields(definitions: DefinitionAt[]): Problem[] {
  const problems: Problem[] = [];
  for (const { file, definition } of definitions) {
    if (!definition.submit.evidence) continue;
    const fields = definition.sections.flatMap((section) => section.fields);
    const typeOf = (name: string) => fields.find((field) => field.name === name)?.type;
    const want = (name: string, types: string[], optional = false) => {
      const type = typeOf(name);
      if (type === undefined ? !optional : !types.includes(type)) {
        problems.push({
          file,
          path: '$.sections',
          message: `a waiver (submit.evidence) needs a ${types.join(' or ')} question named "${name}"${optional ? ' when it has one' : ''}, so the waiver desk finds its guests: name the question "${name}" (src/engine/waivers/waiver-fields.ts)`,
        });
      }
    };
    // Without one no desk account finds its waivers (admins still do).
    if (!definition.attraction)
      problems.push({
        file,
        path: '$.attraction',
        message: 'a waiver (submit.evidence) names its attraction (e.g. "attraction": "ifly"): desk accounts find the waivers of their attractions only',
      });
    want(WAIVER_FIELDS.name, ['text']);
    want(WAIVER_FIELDS.document, ['text']);
    want(WAIVER_FIELDS.phone, ['phone']);
    want(WAIVER_FIELDS.visitDate, ['date'], true);
    want(WAIVER_FIELDS.birthDate, ['date'], true);
    want(WAIVER_FIELDS.dependents, ['repeat'], true);
  }
  return problems;
}
