// Lighthouse 12 (the last major that runs on Node 20) in npm run bench: its default config, the
// mobile preset (Moto G Power screen, 4x CPU and slow 4G simulated), on our pages beside the plain
// HTML and vanilla RJSF dining survey. Chromium is the system's (CHROMIUM_PATH, given to
// chrome-launcher): nothing is downloaded.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './local-site.ts';
import { fmt, median } from './bench-server.ts';

export interface LighthousePage {
  name: string;
  url: string;
  /** Ours (held to the targets) or a page we compare with. */
  ours: boolean;
}

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Accessibility audits that failed (their ids), to say what to mend. */
  failed: string[];
}

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The issue's targets for each of our pages (CLS as Lighthouse shows it, to two decimals: 0.00). */
export const LIGHTHOUSE_TARGETS = { performance: 0.98, cls: 0, accessibility: 1 };

/** Lighthouse's own trace sometimes misses the navigation on a loaded machine (NO_NAVSTART): such a run is made again. */
const TRACE_RETRIES = 2;

async function runOnce(port: number, url: string, retries = TRACE_RETRIES): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError && retries > 0) return runOnce(port, url, retries - 1);
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failed = Object.values(audits)
    .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0 && categories.accessibility.auditRefs.some((ref) => ref.id === audit.id))
    .map((audit) => audit.id);
  return {
    performance: categories.performance.score ?? 0,
    accessibility: categories.accessibility.score ?? 0,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    failed,
  };
}

/** The median run (by performance score) of each page, printed as a table with the targets; returns the figures by page name. */
export async function lighthouseTable(pages: LighthousePage[]): Promise<Map<string, LighthouseFigures>> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), '--headless=new'],
    logLevel: 'silent',
  });
  const figures = new Map<string, LighthouseFigures>();
  try {
    console.log(`\nLighthouse ${RUNS === 1 ? '(1 run' : `(median of ${RUNS} runs`} a page, mobile preset: simulated 4x CPU and slow 4G); FCP/LCP/TBT in ms`);
    console.log('page | performance | FCP | LCP | TBT | CLS | accessibility | failed accessibility audits');
    // Each page once before (the server keeps its render), as guests get it after the first visit.
    for (const page of pages) await fetch(page.url).then((answer) => answer.text());
    for (const page of pages) {
      const runs: LighthouseFigures[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await runOnce(chrome.port, page.url));
      const middle = median(runs.map((run) => run.performance));
      const picked = runs.find((run) => run.performance === middle) ?? runs.sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
      figures.set(page.name, picked);
      const mark = (met: boolean) => (page.ours && !met ? ' (NOT met)' : '');
      console.log(
        [
          `${page.name}${page.ours ? '' : ' [compare]'}`,
          `${fmt(picked.performance, 2)}${mark(picked.performance >= LIGHTHOUSE_TARGETS.performance)}`,
          fmt(picked.fcp),
          fmt(picked.lcp),
          fmt(picked.tbt),
          `${fmt(picked.cls, 3)}${mark(Number(picked.cls.toFixed(2)) <= LIGHTHOUSE_TARGETS.cls)}`,
          `${fmt(picked.accessibility, 2)}${mark(picked.accessibility >= LIGHTHOUSE_TARGETS.accessibility)}`,
          picked.failed.join(', ') || '-',
        ].join(' | '),
      );
    }
    console.log(
      `Targets for ours: performance >= ${LIGHTHOUSE_TARGETS.performance}, CLS ${LIGHTHOUSE_TARGETS.cls.toFixed(2)}, accessibility ${LIGHTHOUSE_TARGETS.accessibility}.`,
    );
  } finally {
    chrome.kill();
  }
  return figures;
}

/** Our pages the issue names (the brand hub, a docs page, three forms, the iFly waiver in Arabic too). */
export function ourLighthousePages(base: string): LighthousePage[] {
  return [
    { name: 'dining survey', url: `${base}/survey/fnb/cova` },
    { name: 'loyalty registration', url: `${base}/printemps/loyalty-registration` },
    { name: 'iFly waiver', url: `${base}/dohaquest/ifly-waiver` },
    { name: 'iFly waiver (Arabic)', url: `${base}/dohaquest/ifly-waiver?lang=ar` },
    { name: 'brand hub', url: `${base}/` },
    { name: 'docs page', url: `${base}/docs/guest-code-of-conduct` },
  ].map((page) => ({ ...page, ours: true }));
}
