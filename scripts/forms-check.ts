// npm run forms:check — fails (exit 1) on any problem in forms/, routes.json or themes/, naming
// file:line:column and JSON path of each, and saying what to do.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseJsonText } from './lib/check-syntax.ts';
import {
  checkAgainstSchema,
  checkDefinition,
  checkVocabularies,
  formatProblem,
  locate,
  missingTranslations,
  staffTitleProblems,
  type Problem,
} from './lib/check.ts';
import { FORMS_DIR, loadContentDefinitions, loadDefinitions, loadVocabularies, readJson } from './lib/forms.ts';
import { checkContentForms, type ContentDeclarations } from './lib/content-forms-check.ts';
import { checkCollections, checkCountryNames, checkRoutesAndForms, checkStoredData, checkWaiverFields, type DefinitionAt } from './lib/project-checks.ts';
import { LOCK_FILE, type LockFile } from './lib/stored-data.ts';
import { confidentialAlertProblems } from './lib/check-confidential.ts';
import { LANGUAGES, type Lang } from '../src/engine/text/languages.ts';
import type { Country } from '../src/engine/checks/countries.ts';

const root = resolve(import.meta.dirname, '..');
const rel = (path: string) => relative(root, path);

/** Texts allowed to read the same in every language (brand names), from forms/untranslated-ok.json. */
export function untranslatedOk(): Set<string> {
  const file = join(root, 'forms/untranslated-ok.json');
  return new Set(existsSync(file) ? (readJson(file) as { texts: string[] }).texts : []);
}

export function readLock(): LockFile | null {
  const file = join(root, LOCK_FILE);
  return existsSync(file) ? (readJson(file) as LockFile) : null;
}

/** Syntax errors in any JSON file forms:check reads: the other checks need files that parse. */
export function brokenJson(): Problem[] {
  const files = [
    'routes.json',
    'content/collections.json',
    ...['forms', 'themes'].flatMap((dir) =>
      readdirSync(join(root, dir))
        .filter((f) => f.endsWith('.json'))
        .map((f) => `${dir}/${f}`),
    ),
  ];
  return files.flatMap((file) => parseJsonText(file, readFileSync(join(root, file), 'utf8')).problems);
}

export function checkProject(): Problem[] {
  const broken = brokenJson();
  if (broken.length) return broken;
  const problems: Problem[] = [];
  const dataFile = (file: string, schemaFile: string) => problems.push(...checkAgainstSchema(file, readJson(join(root, file)), schemaFile));
  dataFile('forms/vocabularies.json', 'forms/vocabularies.schema.json');
  dataFile('forms/messages.json', 'forms/messages.schema.json');
  dataFile('forms/countries.json', 'forms/countries.schema.json');
  dataFile('routes.json', 'routes.schema.json');
  dataFile('content/collections.json', 'content/collections.schema.json');
  problems.push(...missingTranslations('forms/messages.json', readJson(join(root, 'forms/messages.json')), LANGUAGES, '$', 'message'));
  const themes = readdirSync(join(root, 'themes')).filter((f) => (readJson(join(root, 'themes', f)) as { $schema?: string }).$schema === './theme.schema.json');
  themes.forEach((f) => dataFile(`themes/${f}`, 'themes/theme.schema.json'));

  const vocabularies = loadVocabularies();
  problems.push(...checkVocabularies('forms/vocabularies.json', vocabularies));
  const allowed = untranslatedOk();
  const definitions: DefinitionAt[] = loadDefinitions().map(({ file, definition }) => ({ file: rel(file), definition }));
  const valid: DefinitionAt[] = [];
  for (const d of definitions) {
    const schemaProblems = checkAgainstSchema(d.file, d.definition, 'forms/form.schema.json');
    const found = schemaProblems.length
      ? schemaProblems
      : [...checkDefinition(d.file, d.definition, vocabularies, allowed), ...staffTitleProblems(d.file, d.definition)];
    problems.push(...found);
    if (!found.length) valid.push(d);
  }
  // Content forms (forms/content/) are checked the same way, but need no route: the console shows them.
  const contentForms: DefinitionAt[] = loadContentDefinitions().map(({ file, definition }) => ({ file: rel(file), definition }));
  for (const d of contentForms) {
    const schemaProblems = checkAgainstSchema(d.file, d.definition, 'forms/form.schema.json');
    problems.push(...(schemaProblems.length ? schemaProblems : checkDefinition(d.file, d.definition, vocabularies, allowed)));
  }
  problems.push(...checkContentForms(contentForms, readJson(join(root, 'content/collections.json')) as ContentDeclarations));
  const fonts = readJson(join(root, 'themes/fonts.json')) as Record<string, string>;
  const routesJson = readJson(join(root, 'routes.json')) as {
    settings: { font?: string; header?: unknown }[];
    routes: { path: string; page: { kind: string; form?: string; languages?: Lang[] } }[];
  };
  routesJson.settings.forEach((rule, i) => {
    if (rule.header) problems.push(...missingTranslations('routes.json', rule.header, LANGUAGES, `$.settings[${i}].header`, 'routes', routesJson));
    if (rule.font && !(rule.font in fonts))
      problems.push({
        file: 'routes.json',
        path: `$.settings[${i}].font`,
        message: `there is no font "${rule.font}" in themes/fonts.json: use one of ${Object.keys(fonts).join(', ')}`,
      });
  });
  routesJson.routes.forEach((route, i) => {
    if (route.page.languages)
      problems.push(...missingTranslations('routes.json', route.page, route.page.languages, `$.routes[${i}].page`, 'routes', routesJson));
  });
  problems.push(...checkRoutesAndForms(routesJson.routes, definitions));
  problems.push(...checkCollections(definitions));
  const alertRules = 'content/seed/alert-rules.json';
  if (existsSync(join(root, alertRules))) problems.push(...confidentialAlertProblems(alertRules, readJson(join(root, alertRules)), definitions));
  problems.push(...checkWaiverFields(definitions));
  problems.push(...checkCountryNames((readJson(join(root, 'forms/countries.json')) as { countries: Country[] }).countries, definitions));
  const invalid = new Set(definitions.filter((d) => !valid.includes(d)).map((d) => d.definition.id));
  problems.push(...checkStoredData(readLock()?.forms ?? null, definitions, vocabularies, LOCK_FILE, invalid));
  return locate(problems, (file) => {
    const path = join(root, file);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkProject();
  if (problems.length) {
    console.error(problems.map(formatProblem).join('\n'));
    console.error(`\n${problems.length} problem(s) in form definitions. Each line says file:line:column, the JSON path, what is wrong and what to do.`);
    process.exit(1);
  }
  console.log(`forms:check: ${loadDefinitions(FORMS_DIR).length} definitions, routes and themes are valid; stored data matches ${LOCK_FILE}.`);
}
