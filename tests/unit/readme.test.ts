import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/server/features/index.ts';
import pkg from '../../package.json' with { type: 'json' };

const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe('the README', () => {
  it('starts with the two set-up commands: run the product, run every test', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toMatch(/^npm install && npm start/m);
    expect(firstBlock).toMatch(/^npm install && npm test/m);
    expect(readFileSync(resolve(import.meta.dirname, '../../.ci/run'), 'utf8')).toMatch(/npm install[^\n]*\nnpm test/);
  });
  it("lists the configuration variables exactly as src/server/features/index.ts joins them (core's rows and each feature's): names, defaults and meanings, in order", () => {
    const section = /## Configuration \(environment variables\)\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    const table = CONFIG_VARIABLES.map(
      (variable) => `| \`${variable.name}\` | ${variable.default === null ? '(unset)' : `\`${variable.default}\``} | ${variable.description} |`,
    );
    expect(rows.length).toBeGreaterThan(40);
    expect(rows).toEqual(table);
  });
  it('lists every npm script', () => {
    for (const name of Object.keys(pkg.scripts)) expect(readme, name).toMatch(new RegExp(`\\| \`${name}[ \`]`));
  });
});
