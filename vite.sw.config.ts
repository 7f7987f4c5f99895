// Build of the service worker (src/web/sw/sw.ts) into dist/sw.js, after the pages' build (package.json
// build): one classic script at the root, so its scope is every page. Its precache list is the
// form pages' own files, read from the pages' build manifest: the entry, the guest entry's and the application's static
// imports, the form page and everything it may load (the kiosk, the signature, the offline queue,
// the phone check), not the forms' own artefacts (each visited form's are kept as they are fetched),
// not the staff console's pages, not the human checks (a form with one is never sent offline).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** Loaded later, never offline: per-form artefacts (build/), the human checks. */
const NOT_PRECACHED = /^(build\/|src\/web\/captcha\/)/;
/** Whose lazy imports the form page may need offline (the application chunk's are every other page). */
const FORM_PARTS = /^(_form-|src\/web\/(form|offline|widgets)\/)/;

export function precacheList(manifest: Record<string, Chunk>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || NOT_PRECACHED.test(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest: run vite build first`);
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    chunk.imports?.forEach(visit);
    if (FORM_PARTS.test(key)) chunk.dynamicImports?.forEach(visit);
  };
  ['index.html', 'src/web/guest.tsx', 'src/web/app.tsx', 'src/web/offline/register.ts', 'src/web/form/FormPage.tsx', 'src/web/form/formLoader.ts'].forEach(
    visit,
  );
  return [...files].sort();
}

function precacheModule(): Plugin {
  const id = 'virtual:precache';
  return {
    name: 'precache-list',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(loaded) {
      if (loaded !== `\0${id}`) return null;
      const manifest = JSON.parse(fs.readFileSync(here('./dist/.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
      const files = precacheList(manifest);
      // Hashed names: a changed file is a new name, so no revision is needed; the build's id names its runtime caches.
      const buildId = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
      return `export const precache = ${JSON.stringify(files.map((file) => ({ url: `/${file}`, revision: null })))};\nexport const buildId = ${JSON.stringify(buildId)};`;
    },
  };
}

export default defineConfig({
  plugins: [precacheModule()],
  // Workbox's development logging is left out by this.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    lib: { entry: here('./src/web/sw/sw.ts'), formats: ['iife'], name: 'venueFormsWorker', fileName: () => 'sw.js' },
  },
});
