// A copy of the compiled forms (build/forms) in which one form's terms are worded otherwise, as
// after an edit of forms/ and a new build: its hash changes and one clause reads differently in
// every language. A server restarted on it over the same data directory is "after the change".
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formsBuildDir } from '../support/server.ts';

/** Prefixes the first terms clause with `added` (per language) and returns the new build's directory. */
export function buildWithChangedTerms(formId: string, added: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-changed-'));
  fs.cpSync(formsBuildDir(), dir, { recursive: true });
  const compiledFile = path.join(dir, `${formId}.json`);
  const compiled = JSON.parse(fs.readFileSync(compiledFile, 'utf8'));
  compiled.hash = createHash('sha256').update(`${compiled.hash} changed`).digest('hex');
  fs.writeFileSync(compiledFile, JSON.stringify(compiled));
  for (const [lang, words] of Object.entries(added)) {
    const textsFile = path.join(dir, 'locales', lang, `${formId}.json`);
    const texts: Record<string, string> = JSON.parse(fs.readFileSync(textsFile, 'utf8'));
    const clause = Object.keys(texts).find((key) => /\.terms\.items\.0$/.test(key));
    if (!clause) throw new Error(`${formId} has no terms clause in ${lang}`);
    texts[clause] = `${words} ${texts[clause]}`;
    fs.writeFileSync(textsFile, JSON.stringify(texts));
  }
  return dir;
}
