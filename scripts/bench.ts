// npm run bench [-- <path prefix>] — page weight and time-to-interactive of each form route in real Chromium
// (4x CPU throttling), plus the server's create latency. A benchmark, not a test: it prints figures.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import routes from '../routes.json' with { type: 'json' };
import { CHROMIUM_ARGS, CHROMIUM_PATH, samplePath, startLocalSite } from './lib/local-site.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measureRoute(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string) {
  const times: number[] = [];
  const bytes = { js: 0, css: 0 };
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const seen = { js: 0, css: 0 };
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      seen[type === 'script' ? 'js' : 'css'] += gzipSync(body, { level: 9 }).length;
    });
    await page.goto(url);
    // Interactive: React has rendered the form with an enabled control (the page is client-rendered,
    // so a control in the DOM has its handlers). Sampled every 16 ms, from navigation start.
    const ready = await page.waitForFunction(() => (document.querySelector('form input:not([disabled]):not([type=hidden]), form select:not([disabled]), form textarea:not([disabled])') ? performance.now() : 0), undefined, { polling: 16, timeout: 60_000 });
    times.push(Number(await ready.jsonValue()));
    await page.waitForLoadState('networkidle');
    if (run === 0) Object.assign(bytes, seen);
    await context.close();
  }
  return { ...bytes, interactiveMs: median(times), runs: times };
}

async function measureCreates(base: string, count: number) {
  const body = { visited_restaurant: 'Cova', meal_period: 'lunch', rating_greeting: 'good', rating_service: 'good', rating_food: 'good', rating_beverage: 'good', rating_value_for_money: 'good', rating_cleanliness: 'good' };
  const key = process.env.PUBLIC_API_KEY ?? 'public-demo-key';
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/survey-customer-feedbacks`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `users API-Key ${key}` }, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
    latencies.push(performance.now() - started);
  }
  return { median: median(latencies), p95: [...latencies].sort((a, b) => a - b)[Math.floor(count * 0.95)] };
}

const site = await startLocalSite();
const base = site.base;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  console.log(`Form routes, ${RUNS} runs each, Chromium with 4x CPU throttling (JS/CSS: gzip -9 of what the page loaded)`);
  console.log('route | JS gzip KB | CSS gzip KB | interactive ms (median)');
  const only = process.argv[2]; // e.g. npm run bench -- /survey: only routes starting so
  for (const route of routes.routes.filter((r) => r.page.kind === 'form' && (!only || r.path.startsWith(only)))) {
    const path = samplePath(route.path);
    const result = await measureRoute(browser, `${base}${path}`).catch((error: Error) => error);
    if (result instanceof Error) {
      console.log(`${path} | failed: ${result.message.split('\n')[0]}`);
      continue;
    }
    console.log(`${path} | ${(result.js / 1024).toFixed(1)} | ${(result.css / 1024).toFixed(1)} | ${result.interactiveMs.toFixed(0)} (runs: ${result.runs.map((t) => t.toFixed(0)).join(', ')})`);
  }
  const creates = await measureCreates(base, 200);
  console.log(`Server: 200 sequential dining-survey creates (validate + insert + fsync): median ${creates.median.toFixed(1)} ms, p95 ${creates.p95.toFixed(1)} ms`);
} finally {
  await browser.close();
  site.close();
}
