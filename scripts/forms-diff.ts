// npm run forms:diff [-- <base> [<head>]] [--format md] — explains what changed in each form
// definition between two versions: by default the merge base with main and the working tree;
// `forms:diff -- <ref>` compares <ref> with the working tree; `--format md` writes Markdown for a
// pull-request comment (.github/workflows/forms-diff.yml).
import { execFileSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { describeDefinitionChange, formatReport, type FileChange } from './lib/diff.ts';
import { loadDefinitions, loadVocabularies } from './lib/forms.ts';
import type { Vocabularies } from '../src/engine/compiler/compile.ts';
import type { FormDefinition } from '../src/engine/definition/definition.ts';

const root = resolve(import.meta.dirname, '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

function parseArgs(argv: string[]) {
  let format: 'text' | 'md' = 'text';
  const refs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--format') format = argv[++i] === 'md' ? 'md' : 'text';
    else if (argv[i].startsWith('--format=')) format = argv[i].endsWith('=md') ? 'md' : 'text';
    else refs.push(argv[i]);
  }
  return { format, base: refs[0], head: refs[1] };
}

/** The merge base with main (or origin/main), else HEAD. */
function defaultBase(): string {
  for (const main of ['main', 'origin/main']) {
    try {
      return git('merge-base', main, 'HEAD');
    } catch {
      // try the next name
    }
  }
  return 'HEAD';
}

interface Version {
  label: string;
  definitions: Map<string, FormDefinition>;
  vocabularies: Vocabularies;
}

function atRef(ref: string): Version {
  const read = (path: string) =>
    JSON.parse(
      execFileSync('git', ['show', `${ref}:${path}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 }),
    );
  const paths = git('ls-tree', '--name-only', ref, 'forms/')
    .split('\n')
    .filter((p) => p.endsWith('.json') && !p.endsWith('.schema.json'));
  const definitions = new Map<string, FormDefinition>();
  for (const path of paths) {
    const json = read(path) as FormDefinition;
    if (json.$schema === './form.schema.json') definitions.set(path, json);
  }
  const { $schema: _s, ...vocabularies } = read('forms/vocabularies.json') as Vocabularies;
  return { label: ref, definitions, vocabularies };
}

function workingTree(): Version {
  return {
    label: 'the working tree',
    definitions: new Map(loadDefinitions().map(({ file, definition }) => [relative(root, file), definition])),
    vocabularies: loadVocabularies(),
  };
}

const { format, base: baseArg, head: headArg } = parseArgs(process.argv.slice(2));
const baseRef = baseArg ?? defaultBase();
const base = atRef(baseRef);
const head = headArg ? atRef(headArg) : workingTree();
const short = (ref: string) => (/^[0-9a-f]{40}$/.test(ref) ? ref.slice(0, 10) : ref);
const range = `${short(baseRef)}${baseArg ? '' : ' (merge base with main)'} -> ${headArg ? short(headArg) : head.label}`;

const changes: FileChange[] = [];
for (const path of [...new Set([...base.definitions.keys(), ...head.definitions.keys()])].sort()) {
  const before = base.definitions.get(path) ?? null;
  const after = head.definitions.get(path) ?? null;
  const change = describeDefinitionChange(before, after, { before: base.vocabularies, after: head.vocabularies });
  if (change.lines.length || change.warnings.length) changes.push({ file: path, id: (after ?? before)!.id, ...change });
}
console.log(formatReport(changes, range, format));
