// vite plugin: `virtual:route-set` is what one build of the pages contains (ROUTE_SET public,
// private or default): its routes, the settings they use, and a loader per form they show. A
// form no built route shows is not in the bundle at all, nor are its texts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { formsOf, routeSetTable, type RouteSet, type RoutesTable } from '../../src/engine/definition/routes.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const MODULE = 'virtual:route-set';
const TITLES_MODULE = 'virtual:route-set/form-titles';

// npm run bench builds the pages once more with a generated form: its own routes file and compiled forms.
const ROUTES_FILE = resolve(ROOT, process.env.BENCH_ROUTES_FILE ?? 'routes.json');
const FORMS_DIR = resolve(ROOT, process.env.BENCH_FORMS_BUILD_DIR ?? 'build/forms');

const readJson = (path: string): unknown => JSON.parse(readFileSync(resolve(ROOT, path), 'utf8'));

export function builtTable(routeSet: RouteSet): RoutesTable {
  return routeSetTable(readJson(ROUTES_FILE) as RoutesTable, routeSet);
}

/** Ids of the compiled forms in build/forms (or build/forms/content): what forms:build wrote. */
function compiledIds(dir: string): string[] {
  const path = resolve(FORMS_DIR, dir);
  return existsSync(path)
    ? readdirSync(path)
        .filter((name) => name.endsWith('.validate.mjs'))
        .map((name) => name.slice(0, -'.validate.mjs'.length))
        .sort()
    : [];
}

/** The staff console (a private page) reads every form's submissions and edits content with the content forms. */
function consoleForms(routeSet: RouteSet): { submissions: string[]; content: string[] } {
  return routeSet === 'public' ? { submissions: [], content: [] } : { submissions: compiledIds('.'), content: compiledIds('content') };
}

function formEntry(id: string, dir: string): string {
  const base = resolve(FORMS_DIR, dir);
  const locales = existsSync(resolve(base, 'locales')) ? readdirSync(resolve(base, 'locales')) : [];
  // The project's own build is imported by its root-relative path; the benchmark's (BENCH_FORMS_BUILD_DIR) by its file path.
  const file = (path: string) =>
    JSON.stringify(FORMS_DIR === resolve(ROOT, 'build/forms') ? `/build/forms/${dir === '.' ? '' : `${dir}/`}${path}` : resolve(base, path));
  const texts = locales
    .filter((lang) => existsSync(resolve(base, 'locales', lang, `${id}.json`)))
    .map((lang) => `${lang}: () => import(${file(`locales/${lang}/${id}.json`)}).then((m) => m.default)`);
  return `  ${JSON.stringify(id)}: { compiled: () => import(${file(`${id}.json`)}).then((m) => m.default), validator: () => import(${file(`${id}.validate.mjs`)}).then((m) => m.default), texts: { ${texts.join(', ')} } },`;
}

function mainModule(routeSet: RouteSet): string {
  const table = builtTable(routeSet);
  const staff = consoleForms(routeSet);
  const guestForms = [...new Set([...formsOf(table), ...staff.submissions])];
  const forms = [...guestForms.map((id) => formEntry(id, '.')), ...staff.content.map((id) => formEntry(id, 'content'))];
  return [
    `export const routeSet = ${JSON.stringify(routeSet)};`,
    `export const routesTable = ${JSON.stringify(table)};`,
    `export const forms = {\n${forms.join('\n')}\n};`,
    `export const consoleForms = ${JSON.stringify(staff)};`,
  ].join('\n');
}

/** Titles of the built forms only (written by forms:build), for the pages that list forms. */
function titlesModule(routeSet: RouteSet): string {
  const all = readJson(resolve(FORMS_DIR, '../form-titles.json')) as Record<string, unknown>;
  const built = new Set([...formsOf(builtTable(routeSet)), ...consoleForms(routeSet).submissions]);
  const titles = Object.fromEntries(Object.entries(all).filter(([id]) => built.has(id)));
  return `export default ${JSON.stringify(titles)};`;
}

export function routeSetPlugin(routeSet: RouteSet): Plugin {
  return {
    name: 'route-set',
    // The same value as a constant the bundler folds, so `if (ROUTE_SET === 'public')` drops a page kind's code from the build.
    config: () => ({ define: { 'import.meta.env.ROUTE_SET': JSON.stringify(routeSet) } }),
    // The server answers the built routes with the page and any other address with 404 (still the page).
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'route-table.json',
        source: JSON.stringify(
          builtTable(routeSet)
            .routes.filter((route) => route.page.kind !== 'not-found')
            .map((route) => route.path),
        ),
      });
    },
    resolveId(source) {
      return source === MODULE || source === TITLES_MODULE ? `\0${source}` : null;
    },
    load(id) {
      if (id === `\0${MODULE}`) {
        this.addWatchFile(ROUTES_FILE);
        return mainModule(routeSet);
      }
      if (id === `\0${TITLES_MODULE}`) {
        this.addWatchFile(resolve(FORMS_DIR, '../form-titles.json'));
        return titlesModule(routeSet);
      }
      return null;
    },
  };
}
