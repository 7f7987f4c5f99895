// axe-core's WCAG 2.2 A/AA rules on the current state of a page (the same rules as the
// accessibility gate), for pages the gate cannot reach: those shown only when signed in.
// The page's context must be made with bypassCSP, since axe is injected as a script.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

const AXE = readFileSync(resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const result = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (d: Document, o: object) => Promise<unknown> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
    WCAG,
  )) as {
    violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
  };
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}
