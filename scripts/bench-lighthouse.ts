// npm run bench:lighthouse — only the Lighthouse part of npm run bench, on the existing build
// (npm run build first): our pages and the plain HTML and vanilla RJSF dining survey.
// BENCH_LIGHTHOUSE_PAGES=dining,hub picks pages by a part of their names (to bench one page).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CompiledForm } from '../src/engine/compiler/compiled.ts';
import { plainPage, startStatic, vanillaPage } from './lib/bench-pages.ts';
import { lighthouseTable, ourLighthousePages, type LighthousePage } from './lib/bench-lighthouse.ts';
import { startLocalSite } from './lib/local-site.ts';

const ROOT = resolve(import.meta.dirname, '..');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const wanted = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '')
  .split(',')
  .map((part) => part.trim().toLowerCase())
  .filter(Boolean);

const staticDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
const dining = readJson<CompiledForm>(join(ROOT, 'build', 'forms', 'dining-survey.json'));
const texts = readJson<Record<string, string>>(join(ROOT, 'build', 'forms', 'locales', 'en', 'dining-survey.json'));
writeFileSync(join(staticDir, 'plain-dining.html'), plainPage(dining, texts));
await vanillaPage(dining, texts, staticDir, 'vanilla-dining');

const site = await startLocalSite();
const statics = await startStatic(staticDir);
try {
  const pages: LighthousePage[] = [
    ...ourLighthousePages(site.base),
    { name: 'plain HTML dining survey', url: `${statics.base}/plain-dining.html`, ours: false },
    { name: 'vanilla RJSF dining survey', url: `${statics.base}/vanilla-dining.html`, ours: false },
  ];
  const picked = pages.filter((page) => !wanted.length || wanted.some((part) => page.name.toLowerCase().includes(part)));
  await lighthouseTable(picked);
} finally {
  statics.close();
  site.close();
  rmSync(staticDir, { recursive: true, force: true });
}
