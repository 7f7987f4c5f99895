// Fewer, larger chunks for a page (each request costs a round trip on a phone's network; the
// dining survey went from 28 files to 16, most of them a few hundred bytes). Groups, for the
// browser build only:
// - app: what src/web/guest.tsx imports (React, i18next, the shell): every page runs it;
// - router: what only src/web/app.tsx adds to it (react-router): pages the browser renders and staff
//   pages, never a page the server rendered (the guest entry hydrates those without the router);
// - page-common: the little the guest pages share with the form (rich text, localized fields,
//   texts, the venues' time, staff roles), so a document or the perks never load the form;
// - form: the modules only form pages and staff pages reach (the form, RJSF, the validators'
//   runtime), found from the module graph: each importer is a form-only module, a validator or a
//   staff page (which shows answers with the same parts and may load the whole of it). A module
//   another guest page imports stays out, so the hub, a document or the careers never load the form.
// The modules the pages load by name (guest.tsx, app.tsx, FormPage.tsx, formLoader.ts) stay chunks of their
// own: the server finds a page's chunks in the build's manifest by them (features/render/prerender.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[]; importedIds: readonly string[] } | null;
}

const ROOT = resolve(import.meta.dirname, '../..');
/** The staff console's page folders: one list, the lint's too (read as data: scripts import no page module). */
const STAFF_PAGE_FOLDERS: string[] = JSON.parse(readFileSync(resolve(ROOT, 'src/web/staff/page-folders.json'), 'utf8'));
const APP = resolve(ROOT, 'src/web/app.tsx');
const GUEST = resolve(ROOT, 'src/web/guest.tsx');
const path = (pattern: string) => new RegExp(pattern.replace(/\//g, '[\\\\/]'));
const PAGE_COMMON = path('/src/(web/rich-text/|engine/(text/rich-text|text/venue-zone|access/roles|text/messages)\\.ts$|web/api/localized)');
/** Where a form page starts (the router loads them) and its validators (one per form, loaded by the form). */
const FORM_ROOT = path('/src/web/form/(FormPage\\.tsx|formLoader\\.ts)$');
const VALIDATOR = /\.validate\.mjs$/;
/** The staff pages and the kiosk: they may load the whole form. */
const STAFF_PAGE = path(`/src/web/(pages/(${STAFF_PAGE_FOLDERS.join('|')})/|form/kiosk/)`);

/** Every module an entry imports, directly or not (not the entry itself). */
function importedBy(graph: ModuleGraph, entry: string): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (found.has(imported)) continue;
      found.add(imported);
      visit(imported);
    }
  };
  visit(entry);
  found.delete(entry);
  return found;
}

function formOnly(graph: ModuleGraph): (id: string) => boolean {
  const known = new Map<string, boolean>();
  const check = (id: string): boolean => {
    if (FORM_ROOT.test(id)) return true;
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    // In a cycle, a module is taken as form-only until an importer outside says otherwise.
    known.set(id, true);
    const info = graph.getModuleInfo(id);
    const fromForm = (importer: string) => VALIDATOR.test(importer) || check(importer);
    // Reached from a form page, and from nothing but form and staff pages (a lazy import stays its own chunk).
    const only = Boolean(
      info &&
      info.dynamicImporters.every((importer) => STAFF_PAGE.test(importer)) &&
      info.importers.some(fromForm) &&
      info.importers.every((importer) => STAFF_PAGE.test(importer) || fromForm(importer)),
    );
    known.set(id, only);
    return only;
  };
  return check;
}

/** The graph's answers, worked out once per build (the name functions are called once per module). */
let memo: { graph: ModuleGraph; app: Set<string>; router: Set<string>; formOnly: (id: string) => boolean } | undefined;
const of = (graph: ModuleGraph) => {
  if (memo?.graph !== graph) {
    const app = importedBy(graph, GUEST);
    const router = new Set([...importedBy(graph, APP)].filter((id) => !app.has(id) && id !== GUEST));
    memo = { graph, app, router, formOnly: formOnly(graph) };
  }
  return memo;
};

export const PAGE_CHUNKS = [
  // What the entry itself needs (vite's preload helper), apart: in the app chunk it would make the
  // entry import the whole application before the first paint.
  { name: 'boot', test: /vite[\\/]preload-helper/, priority: 4 },
  { name: (id: string, graph: ModuleGraph) => (of(graph).app.has(id) ? 'app' : null), debugName: 'app', priority: 3, includeDependenciesRecursively: false },
  {
    name: (id: string, graph: ModuleGraph) => (of(graph).router.has(id) ? 'router' : null),
    debugName: 'router',
    priority: 3,
    includeDependenciesRecursively: false,
  },
  { name: 'page-common', test: PAGE_COMMON, priority: 2 },
  {
    name: (id: string, graph: ModuleGraph) => (!FORM_ROOT.test(id) && !VALIDATOR.test(id) && of(graph).formOnly(id) ? 'form' : null),
    debugName: 'form',
    priority: 1,
    // Only what the module graph says is form-only: a shared module never joins it through an import.
    includeDependenciesRecursively: false,
  },
];

/**
 * index.html as the browser renders it (the hub, a document: pages the server does not render)
 * preloads the application and what it imports, so it is fetched beside the entry, not after it.
 * The server takes these out of the pages it renders: those fetch them after the first paint.
 */
export function preloadApplication(): Plugin {
  return {
    name: 'preload-application',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const app = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId === APP);
        if (!app || app.type !== 'chunk') return [];
        const files = new Set<string>([app.fileName]);
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') return;
          for (const imported of chunk.imports) {
            if (files.has(imported)) continue;
            files.add(imported);
            visit(imported);
          }
        };
        visit(app.fileName);
        return [...files]
          .filter((file) => !html.includes(`href="/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}
