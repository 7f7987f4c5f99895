// npm run forms:check — fails (exit 1) on any problem in forms/, routes.json or themes/, naming file and JSON path.
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { checkAgainstSchema, checkDefinition, formatProblem, missingTranslations, type Problem } from './lib/check.ts';
import { FORMS_DIR, loadDefinitions, loadVocabularies, readJson } from './lib/forms.ts';
import { LANGUAGES, type Lang } from '../src/engine/languages.ts';

const root = resolve(import.meta.dirname, '..');
const rel = (path: string) => relative(root, path);

export function checkProject(): Problem[] {
  const problems: Problem[] = [];
  const dataFile = (file: string, schemaFile: string) => problems.push(...checkAgainstSchema(file, readJson(join(root, file)), schemaFile));
  dataFile('forms/vocabularies.json', 'forms/vocabularies.schema.json');
  dataFile('forms/messages.json', 'forms/messages.schema.json');
  dataFile('forms/countries.json', 'forms/countries.schema.json');
  dataFile('routes.json', 'routes.schema.json');
  problems.push(...missingTranslations('forms/messages.json', readJson(join(root, 'forms/messages.json')), LANGUAGES));
  const themes = readdirSync(join(root, 'themes')).filter((f) => (readJson(join(root, 'themes', f)) as { $schema?: string }).$schema === './theme.schema.json');
  themes.forEach((f) => dataFile(`themes/${f}`, 'themes/theme.schema.json'));

  const vocabularies = loadVocabularies();
  const definitions = loadDefinitions();
  for (const { file, definition } of definitions) {
    const schemaProblems = checkAgainstSchema(rel(file), definition, 'forms/form.schema.json');
    problems.push(...(schemaProblems.length ? schemaProblems : checkDefinition(rel(file), definition, vocabularies)));
  }
  const fonts = readJson(join(root, 'themes/fonts.json')) as Record<string, string>;
  const settings = (readJson(join(root, 'routes.json')) as { settings: { font?: string; header?: unknown }[] }).settings;
  settings.forEach((rule, i) => {
    problems.push(...missingTranslations('routes.json', rule.header, LANGUAGES, `$.settings[${i}].header`));
    if (rule.font && !(rule.font in fonts)) problems.push({ file: 'routes.json', path: `$.settings[${i}].font`, message: `no font "${rule.font}" in themes/fonts.json` });
  });
  const formIds = new Set(definitions.map((d) => d.definition.id));
  const routes = readJson(join(root, 'routes.json')) as { routes: { path: string; page: { kind: string; form?: string; languages?: Lang[] } }[] };
  routes.routes.forEach((route, i) => {
    if (route.page.languages) problems.push(...missingTranslations('routes.json', route.page, route.page.languages, `$.routes[${i}].page`));
    if (route.page.kind === 'form' && !formIds.has(route.page.form ?? '')) problems.push({ file: 'routes.json', path: `$.routes[${i}].page.form`, message: `no form definition "${route.page.form}" in forms/` });
  });
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkProject();
  if (problems.length) {
    console.error(problems.map(formatProblem).join('\n'));
    console.error(`\n${problems.length} problem(s) in form definitions.`);
    process.exit(1);
  }
  console.log(`forms:check: ${loadDefinitions(FORMS_DIR).length} definitions, routes and themes are valid.`);
}
