// npm run forms:diff [-- <git ref>] — explains what changed in each form definition since <ref> (default HEAD).
import { execFileSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { describeDefinitionChange } from './lib/diff.ts';
import { loadDefinitions } from './lib/forms.ts';
import type { FormDefinition } from '../src/engine/definition.ts';

const root = resolve(import.meta.dirname, '..');
const ref = process.argv[2] ?? 'HEAD';

function atRef(path: string): FormDefinition | null {
  try {
    return JSON.parse(execFileSync('git', ['show', `${ref}:${path}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return null;
  }
}

const current = new Map(loadDefinitions().map(({ file, definition }) => [relative(root, file), definition]));
const before = execFileSync('git', ['ls-tree', '--name-only', ref, 'forms/'], { cwd: root, encoding: 'utf8' }).split('\n').filter((p) => p.endsWith('.json'));
const paths = [...new Set([...current.keys(), ...before])].sort();
let changed = 0;
for (const path of paths) {
  const old = atRef(path);
  if (old && (old as { $schema?: string }).$schema !== './form.schema.json') continue;
  const lines = describeDefinitionChange(old, current.get(path) ?? null);
  if (!lines.length) continue;
  changed++;
  console.log(`${path}\n${lines.map((l) => `  - ${l}`).join('\n')}`);
}
if (!changed) console.log(`No form definition changed since ${ref}.`);
