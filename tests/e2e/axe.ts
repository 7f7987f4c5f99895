// axe-core's WCAG 2.2 A/AA rules on the current state of a page: the accessibility gate's rules, run
// the same way by every test that checks a page (signed-in pages too, which the gate cannot reach).
// The page's context must be made with bypassCSP, since axe is injected as a script.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

const SERVED = Symbol.for('venue-forms.e2e.axeScript');
type WithServed = typeof globalThis & { [SERVED]?: Promise<string> };

/**
 * axe.min.js (550 KB) from a small server of this worker process, cacheable: a tab that loads it
 * again (the gate's tabs go from route to route) takes it from its cache, compiled, instead of
 * compiling it again as it must a script given as text (about 0.1-0.4 s of Chromium's CPU a page here).
 */
function axeScriptUrl(): Promise<string> {
  const served = globalThis as WithServed;
  served[SERVED] ??= new Promise((resolveUrl) => {
    const script = readFileSync(resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'));
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=86400, immutable' }).end(script);
    });
    server.listen(0, '127.0.0.1', () => resolveUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`));
    server.unref(); // lives as long as the worker, ends with it
  });
  return served[SERVED];
}

/**
 * The violations of the page's current state. Only they are worked out in full (resultTypes): axe
 * names every node of every result type otherwise, the passes too, which this run never reads; and
 * only their ids, impact and nodes cross to the test, not the whole result.
 */
export async function axeResults(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: await axeScriptUrl() });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  }, WCAG);
}

/** The violations, each with its impact and its first three nodes, or [] when the page passes. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await axeResults(page)).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}
