import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/server/core/config.ts';
import pkg from '../../package.json' with { type: 'json' };

const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe('the README', () => {
  it('starts with the two set-up commands: run the product, run every test', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toMatch(/^npm install && npm start/m);
    expect(firstBlock).toMatch(/^npm install && npm test/m);
    expect(readFileSync(resolve(import.meta.dirname, '../../.ci/run'), 'utf8')).toMatch(/npm install[^\n]*\nnpm test/);
  });
  it('lists every configuration variable with its default', () => {
    for (const variable of CONFIG_VARIABLES) {
      const shown = variable.default === null ? '(unset)' : `\`${variable.default}\``;
      expect(readme, variable.name).toContain(`| \`${variable.name}\` | ${shown} |`);
    }
  });
  it('lists every npm script', () => {
    for (const name of Object.keys(pkg.scripts)) expect(readme, name).toMatch(new RegExp(`\\| \`${name}[ \`]`));
  });
});
