// vite plugin: `virtual:route-set` is what one build of the pages contains (ROUTE_SET public,
// private or default): its routes, the settings they use, and a loader per form they show. A
// form no built route shows is not in the bundle at all, nor are its texts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { formsOf, routeSetTable, type RouteSet, type RoutesTable } from '../../src/engine/routes.ts';

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

function mainModule(routeSet: RouteSet): string {
  const table = builtTable(routeSet);
  const locales = existsSync(resolve(FORMS_DIR, 'locales')) ? readdirSync(resolve(FORMS_DIR, 'locales')) : [];
  const forms = formsOf(table).map((id) => {
    const file = (path: string) => JSON.stringify(FORMS_DIR === resolve(ROOT, 'build/forms') ? `/build/forms/${path}` : resolve(FORMS_DIR, path));
    const texts = locales
      .filter((lang) => existsSync(resolve(FORMS_DIR, 'locales', lang, `${id}.json`)))
      .map((lang) => `${lang}: () => import(${file(`locales/${lang}/${id}.json`)}).then((m) => m.default)`);
    return `  ${JSON.stringify(id)}: { compiled: () => import(${file(`${id}.json`)}).then((m) => m.default), validator: () => import(${file(`${id}.validate.mjs`)}).then((m) => m.default), texts: { ${texts.join(', ')} } },`;
  });
  return [
    `export const routeSet = ${JSON.stringify(routeSet)};`,
    `export const routesTable = ${JSON.stringify(table)};`,
    `export const forms = {\n${forms.join('\n')}\n};`,
  ].join('\n');
}

/** Titles of the built forms only (written by forms:build), for the pages that list forms. */
function titlesModule(routeSet: RouteSet): string {
  const all = readJson(resolve(FORMS_DIR, '../form-titles.json')) as Record<string, unknown>;
  const titles = Object.fromEntries(formsOf(builtTable(routeSet)).filter((id) => id in all).map((id) => [id, all[id]]));
  return `export default ${JSON.stringify(titles)};`;
}

export function routeSetPlugin(routeSet: RouteSet): Plugin {
  return {
    name: 'route-set',
    // The server answers the built routes with the page and any other address with 404 (still the page).
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'route-table.json', source: JSON.stringify(builtTable(routeSet).routes.filter((route) => route.page.kind !== 'not-found').map((route) => route.path)) });
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
