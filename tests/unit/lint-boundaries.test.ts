// The one-way imports of the README's Layout (web -> engine, server -> engine, scripts -> engine|server) are enforced by
// eslint.config.js. These cases lint a made-up file in each layer, so a config change that silently
// stops the rule (a moved zone, a resolver that no longer finds `.ts` imports) fails here.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The rules that report on `code` as if it were the file at `file` (relative to the repository). */
async function rulesReported(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result.messages.map((message) => message.ruleId);
}

describe('the import boundaries', () => {
  it.each([
    ['src/engine/x.ts', "import '../web/main.tsx';", 'the engine imports the pages'],
    ['src/engine/x.ts', "export { buildApp } from '../server/app.ts';", 'the engine re-exports the server'],
    ['src/engine/x.ts', "export const load = () => import('../web/main.tsx');", 'the engine loads the pages lazily'],
    ['src/web/x.ts', "import '../server/app.ts';", 'the pages import the server'],
    ['src/server/x.ts', "import '../web/main.tsx';", 'the server imports the pages'],
    ['scripts/x.ts', "import '../src/web/main.tsx';", 'a script imports the pages'],
    ['src/web/x.ts', "import { countries } from '../engine/checks/countries.ts';", 'the pages import every country name'],
  ])('%s: %s is refused (%s)', async (file, code) => {
    expect(await rulesReported(file, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([["import 'node:fs';"], ["import path from 'path';\nexport const join = path.join;"], ["export { readFile } from 'node:fs/promises';"]])(
    'src/engine refuses a Node built-in: %s',
    async (code) => {
      expect(await rulesReported('src/engine/x.ts', code)).toContain('import-x/no-nodejs-modules');
    },
  );

  it('src/engine refuses React and Node globals', async () => {
    expect(await rulesReported('src/engine/x.ts', "import 'react';")).toContain('no-restricted-imports');
    expect(await rulesReported('src/engine/x.ts', 'export const mode = process.env.NODE_ENV;')).toContain('no-restricted-globals');
  });

  it.each([
    ['src/server/core/x.ts', "import '../features/captcha/index.ts';", 'core imports a feature'],
    ['src/server/features/collections/x.ts', "import { forgetSpentChallenges } from '../captcha/altcha.ts';", 'a feature reaches into another'],
    ['src/web/pages/submissions/x.ts', "import '../users/RolesPicker.tsx';", 'a page folder imports another'],
  ])('%s: %s is refused (%s)', async (file, code) => {
    expect(await rulesReported(file, code)).toContain('import-x/no-restricted-paths');
  });

  it('refuses a circle of imports', async () => {
    // features/index.ts imports every feature's index; that index importing the table back closes a circle.
    expect(await rulesReported('src/server/features/chat/index.ts', "import { FEATURES } from '../index.ts';\nexport const n = FEATURES.length;")).toContain(
      'import-x/no-cycle',
    );
  });

  it.each([
    ['src/server/features/collections/x.ts', "export { captchaFeature } from '../captcha/index.ts';\nimport '../../core/documents.ts';"],
    ['src/web/x.ts', "import '../engine/compiler/compile.ts';"],
    ['src/server/x.ts', "import '../engine/compiler/compile.ts';\nimport 'node:fs';"],
    ['scripts/x.ts', "import '../src/engine/compiler/compile.ts';\nimport '../src/server/core/config.ts';"],
    ['tests/x.ts', "import '../src/web/main.tsx';\nimport '../src/server/app.ts';"],
    ['src/web/pages/privacy/x.ts', "export { staffRequest } from '../../staff/staffRequest.ts';\nexport { staffTime } from '../../staff/staffTime.ts';"],
    ['src/web/pages/careers/x.ts', "export const closes = new Intl.DateTimeFormat('en', { timeZone: 'UTC' });"],
  ])('%s may write %s', async (file, code) => {
    expect(await rulesReported(file, code)).toEqual([]);
  });
});

describe('the staff kit', () => {
  it.each([
    ['src/web/pages/verify/x.ts', "export const send = () => fetch('/api/x');", 'no-restricted-globals'],
    ['src/web/pages/hub/x.ts', "export const send = () => window.fetch('/api/x');", 'no-restricted-properties'],
    ['src/web/pages/insights/x.ts', "export const when = new Intl.DateTimeFormat('ar', { timeZone: 'Asia/Qatar' });", 'no-restricted-syntax'],
    ['src/web/pages/submissions/x.ts', "export const count = new Intl.NumberFormat('ar-u-nu-arab');", 'no-restricted-syntax'],
    ['src/web/pages/submissions/x.ts', 'export const when = (at: Date) => at.toLocaleString();', 'no-restricted-syntax'],
    // the venues' zone is named once, for guest pages and the server too
    ['src/web/pages/case/x.ts', "export const zone = 'Asia/Qatar';", 'no-restricted-syntax'],
    ['src/server/features/alerts/x.ts', "export const zone = 'Asia/Qatar';", 'no-restricted-syntax'],
  ])('%s: %s is refused (%s)', async (file, code, rule) => {
    expect(await rulesReported(file, code)).toContain(rule);
  });
});
