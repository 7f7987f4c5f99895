// npm run bench — our form pages side by side with the same forms as a plain HTML page and as a
// vanilla RJSF page, all generated and built in this run, in real Chromium at 1x and 4x CPU
// throttling (and 4x with a slow 4G network for the dining survey); then the server's creates at
// 50 concurrent connections beside a bare Fastify route. Prints the figures and the ratios the
// issue sets as targets. A benchmark, not a test: nothing here fails on a time.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { compileForm } from '../src/engine/compiler/compile.ts';
import type { CompiledForm } from '../src/engine/compiler/compiled.ts';
import { FIELDS_FORM_ID, FIELDS_FORM_PATH, fieldsFormDefinition } from './lib/bench-fields-form.ts';
import { plainPage, questions, startStatic, vanillaPage } from './lib/bench-pages.ts';
import { canonicalJson, loadVocabularies } from './lib/forms.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startLocalSite } from './lib/local-site.ts';
import { validatorModule } from './lib/validator-code.ts';
import { benchServer, fmt, median, percentile, printServerTargets } from './lib/bench-server.ts';
import { lighthouseTable, ourLighthousePages } from './lib/bench-lighthouse.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KEYSTROKES = 40;
/** Between keystrokes: a quick typist on a phone. */
const KEY_DELAY_MS = 100;
/** Lighthouse's "slow 4G". */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

// Inside the project (ignored by git and lint), so the generated files resolve the project's packages.
mkdirSync(join(ROOT, '.bench'), { recursive: true });
const tmp = mkdtempSync(join(ROOT, '.bench', 'run-'));

/** Our pages built once more with the generated 300-question form (its definition only in the temp folder). */
function buildOurs(): CompiledForm {
  const definition = fieldsFormDefinition();
  writeFileSync(join(tmp, `${FIELDS_FORM_ID}.definition.json`), JSON.stringify(definition, null, 2));
  const { compiled: built, texts } = compileForm(definition, loadVocabularies());
  const compiled: CompiledForm = { ...built, hash: createHash('sha256').update(canonicalJson(definition)).digest('hex') };
  const forms = join(tmp, 'build', 'forms');
  cpSync(join(ROOT, 'build', 'forms'), forms, { recursive: true });
  writeFileSync(join(forms, `${compiled.id}.json`), JSON.stringify(compiled));
  writeFileSync(join(forms, `${compiled.id}.validate.mjs`), validatorModule(compiled.schema));
  mkdirSync(join(forms, 'locales', 'en'), { recursive: true });
  writeFileSync(join(forms, 'locales', 'en', `${compiled.id}.json`), JSON.stringify(texts.en));
  const titles = readJson<Record<string, unknown>>(join(ROOT, 'build', 'form-titles.json'));
  writeFileSync(join(tmp, 'build', 'form-titles.json'), JSON.stringify({ ...titles, [compiled.id]: { en: texts.en[compiled.form.title] } }));
  const routes = readJson<{ routes: unknown[] }>(join(ROOT, 'routes.json'));
  routes.routes.unshift({ path: FIELDS_FORM_PATH, set: 'public', page: { kind: 'form', form: compiled.id } });
  writeFileSync(join(tmp, 'routes.json'), JSON.stringify(routes));
  const env = { ...process.env, BENCH_ROUTES_FILE: join(tmp, 'routes.json'), BENCH_FORMS_BUILD_DIR: forms };
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'error', '--outDir', join(tmp, 'dist'), '--emptyOutDir'], { cwd: ROOT, env, stdio: 'inherit' });
  execFileSync(process.execPath, [vite, 'build', '--ssr', '--logLevel', 'error', '--outDir', join(tmp, 'dist', 'server'), '--emptyOutDir'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  return compiled;
}

interface Case {
  form: string;
  variant: 'plain HTML' | 'vanilla RJSF' | 'ours';
  url: string;
  lastId: string;
  typedId: string;
  script: boolean;
}

interface Measure {
  js: number;
  css: number;
  visible: number[];
  interactive: number[];
  keys: number[];
}

async function measure(browser: Browser, test: Case, cpu: number, slowNetwork: boolean, typing: boolean): Promise<Measure> {
  const result: Measure = { js: 0, css: 0, visible: [], interactive: [], keys: [] };
  for (let run = 0; run < RUNS; run++) {
    // bypassCSP: the measuring expressions are evaluated as strings; the pages' own scripts are unchanged.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    if (slowNetwork) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    }
    const bytes = { js: 0, css: 0 };
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      bytes[type === 'script' ? 'js' : 'css'] += gzipSync(body, { level: 9 }).length;
    });
    await page.goto(test.url, { waitUntil: 'commit' });
    // Page-side checks are plain expressions (the TypeScript loader would add helpers the page does not have).
    const find = (id: string) => `(document.getElementById(${JSON.stringify(id)}) || document.querySelector('[id^=${JSON.stringify(id)}]'))`;
    // Visible: the last question is laid out and the page has painted (first contentful paint).
    const shown = await page.waitForFunction(
      `(() => { const element = ${find(test.lastId)}; const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return element && element.getBoundingClientRect().height > 0 && paint ? Math.max(performance.now(), paint.startTime) : 0; })()`,
      undefined,
      { polling: 16, timeout: 120_000 },
    );
    result.visible.push(Number(await shown.jsonValue()));
    // Interactive: React has attached the last and the typed question (hydrated, or rendered); at once without script.
    const attached = (id: string) => `(${find(id)} !== null && (${!test.script} || Object.keys(${find(id)}).some((key) => key.startsWith('__reactProps$'))))`;
    const ready = await page.waitForFunction(`(${attached(test.lastId)} && ${attached(test.typedId)}) ? performance.now() : 0`, undefined, {
      polling: 16,
      timeout: 120_000,
    });
    result.interactive.push(Number(await ready.jsonValue()));
    await page.waitForLoadState('networkidle');
    if (typing) {
      // From the key press to the frame that shows it: the next animation frame, then the task after it.
      await page.evaluate(`(() => { const times = []; window.keyTimes = times;
        document.addEventListener('keydown', (event) => { const start = event.timeStamp;
          requestAnimationFrame(() => { const channel = new MessageChannel(); channel.port1.onmessage = () => times.push(performance.now() - start); channel.port2.postMessage(null); });
        }, true); })()`);
      await page.locator(`#${test.typedId}`).click();
      await page.keyboard.type('The quick brown fox jumps over a lazy do'.slice(0, KEYSTROKES), { delay: KEY_DELAY_MS });
      await page.waitForTimeout(500);
      result.keys.push(...((await page.evaluate('window.keyTimes')) as number[]));
    }
    if (run === 0) {
      // Styles written into the page (ours, and plain HTML's) count as CSS too.
      const inline = String(await page.evaluate(`[...document.querySelectorAll('style')].map((style) => style.textContent).join('')`));
      Object.assign(result, { js: bytes.js, css: bytes.css + (inline ? gzipSync(inline, { level: 9 }).length : 0) });
    }
    await context.close();
  }
  return result;
}

console.log(`Building our pages with the generated ${FIELDS_FORM_ID} form, and the plain HTML and vanilla RJSF pages, in ${tmp}`);
const fieldsForm = buildOurs();
const dining = readJson<CompiledForm>(join(ROOT, 'build', 'forms', 'dining-survey.json'));
const staticDir = join(tmp, 'static');
mkdirSync(staticDir, { recursive: true });
const formsUnderTest = [
  {
    name: 'dining survey',
    key: 'dining',
    compiled: dining,
    texts: readJson<Record<string, string>>(join(ROOT, 'build', 'forms', 'locales', 'en', 'dining-survey.json')),
    path: '/survey/fnb/cova',
  },
  {
    name: '300-field form',
    key: 'fields',
    compiled: fieldsForm,
    texts: readJson<Record<string, string>>(join(tmp, 'build', 'forms', 'locales', 'en', `${FIELDS_FORM_ID}.json`)),
    path: FIELDS_FORM_PATH,
  },
];
for (const form of formsUnderTest) {
  writeFileSync(join(staticDir, `plain-${form.key}.html`), plainPage(form.compiled, form.texts));
  await vanillaPage(form.compiled, form.texts, staticDir, `vanilla-${form.key}`);
}

const site = await startLocalSite({ WEB_DIST_DIR: join(tmp, 'dist'), FORMS_BUILD_DIR: join(tmp, 'build', 'forms') });
const statics = await startStatic(staticDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const results = new Map<string, Measure>();
try {
  console.log(
    `\nPages: median of ${RUNS} runs each; JS/CSS = gzip -9 of what the page loaded (styles inside the page included); visible = last question laid out and painted; interactive = React attached to the last and the typed question (plain HTML: visible); keystroke = key press to the frame showing it, ${KEYSTROKES} characters ${KEY_DELAY_MS} ms apart into a question in the middle.`,
  );
  for (const form of formsUnderTest) {
    const asked = questions(form.compiled);
    const typedTypes = new Set(['text', 'textarea', 'email']);
    const middle = asked.length / 2;
    const typed = asked
      .map((field, index) => ({ field, distance: Math.abs(index - middle) }))
      .filter(({ field }) => typedTypes.has(field.type) && !('visibleIf' in field && field.visibleIf))
      .sort((a, b) => a.distance - b.distance)[0].field;
    const ids = { lastId: `root_${asked.at(-1)!.name}`, typedId: `root_${typed.name}` };
    const cases: Case[] = [
      { form: form.name, variant: 'plain HTML', url: `${statics.base}/plain-${form.key}.html`, script: false, ...ids },
      { form: form.name, variant: 'vanilla RJSF', url: `${statics.base}/vanilla-${form.key}.html`, script: true, ...ids },
      { form: form.name, variant: 'ours', url: `${site.base}${form.path}`, script: true, ...ids },
    ];
    const settings = [
      { label: '1x CPU', cpu: 1, slow: false },
      { label: '4x CPU', cpu: 4, slow: false },
      ...(form.key === 'dining' ? [{ label: '4x CPU + slow 4G', cpu: 4, slow: true }] : []),
    ];
    // A page served before (the server keeps its render), as guests get it after the first visit.
    for (const test of cases) await fetch(test.url).then((answer) => answer.text());
    for (const setting of settings) {
      console.log(`\n${form.name} (${asked.length} questions, typing into ${typed.name}), ${setting.label}`);
      console.log('page | JS gzip KB | CSS gzip KB | visible ms | interactive ms | keystroke median / p95 ms');
      for (const test of cases) {
        const measured = await measure(browser, test, setting.cpu, setting.slow, !setting.slow);
        results.set(`${form.key}|${test.variant}|${setting.label}`, measured);
        const keys = measured.keys.length ? `${fmt(median(measured.keys), 1)} / ${fmt(percentile(measured.keys, 0.95), 1)}` : '-';
        console.log(
          `${test.variant} | ${fmt(measured.js / 1024, 1)} | ${fmt(measured.css / 1024, 1)} | ${fmt(median(measured.visible))} | ${fmt(median(measured.interactive))} | ${keys}`,
        );
      }
    }
  }

  const server = await benchServer(site);

  const get = (form: string, variant: Case['variant'], setting = '4x CPU') => results.get(`${form}|${variant}|${setting}`)!;
  const ratio = (label: string, value: number, target: number, atMost: boolean, detail: string) =>
    console.log(
      `${label}: ${fmt(value, 2)}x (target ${atMost ? '<=' : '>='} ${target}x) ${(atMost ? value <= target : value >= target) ? 'met' : 'NOT met'}  [${detail}]`,
    );
  console.log('\nTargets (4x CPU, this run)');
  const [dOurs, dPlain, dVanilla] = [get('dining', 'ours'), get('dining', 'plain HTML'), get('dining', 'vanilla RJSF')];
  ratio(
    'dining survey visible, ours / plain HTML',
    median(dOurs.visible) / median(dPlain.visible),
    1.2,
    true,
    `${fmt(median(dOurs.visible))} / ${fmt(median(dPlain.visible))} ms`,
  );
  ratio(
    'dining survey interactive, ours / vanilla RJSF',
    median(dOurs.interactive) / median(dVanilla.interactive),
    0.9,
    true,
    `${fmt(median(dOurs.interactive))} / ${fmt(median(dVanilla.interactive))} ms`,
  );
  for (const form of ['dining', 'fields']) {
    const [ours, plain] = [get(form, 'ours'), get(form, 'plain HTML')];
    ratio(
      `${form === 'dining' ? 'dining survey' : '300-field form'} keystroke p95, ours / plain HTML`,
      percentile(ours.keys, 0.95) / percentile(plain.keys, 0.95),
      1.25,
      true,
      `${fmt(percentile(ours.keys, 0.95), 1)} / ${fmt(percentile(plain.keys, 0.95), 1)} ms`,
    );
  }
  ratio('dining survey JS gzip, ours / vanilla RJSF', dOurs.js / dVanilla.js, 0.85, true, `${fmt(dOurs.js / 1024, 1)} / ${fmt(dVanilla.js / 1024, 1)} KB`);
  printServerTargets(server);
  // Lighthouse last, after the browser measures and their targets (one Chromium at a time on a shared machine).
  await lighthouseTable([
    ...ourLighthousePages(site.base),
    { name: 'plain HTML dining survey', url: `${statics.base}/plain-dining.html`, ours: false },
    { name: 'vanilla RJSF dining survey', url: `${statics.base}/vanilla-dining.html`, ours: false },
  ]);
} finally {
  await browser.close();
  statics.close();
  site.close();
  rmSync(tmp, { recursive: true, force: true });
}
