// The pages run under a Content-Security-Policy without 'unsafe-eval': no built script may
// compile code at run time (validators are precompiled by forms:build). Needs `npm run build`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const assets = resolve(import.meta.dirname, '../../dist/assets');

describe('the built pages', () => {
  it('contain no eval and no Function constructor', () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const name of scripts) {
      const code = readFileSync(resolve(assets, name), 'utf8');
      expect(code, name).not.toMatch(/\bnew Function\s*\(|(?<![.\w])Function\s*\(\s*["'`]|\beval\s*\(/);
    }
  });
  it("leave out the authors' live preview (npm run forms:preview) and its editor", () => {
    const files = readdirSync(assets, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(resolve(assets, name)).isFile());
    for (const name of files) {
      const code = readFileSync(resolve(assets, name), 'utf8');
      expect(code, name).not.toMatch(/__preview\/check|preview-editor|codemirror-json-schema|@codemirror/);
    }
  });
});
