// npm run forms:build — compiles every definition into build/forms/<id>.json and its
// precompiled validator build/forms/<id>.validate.mjs (no schema compilation at run time).
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileForm } from '../src/engine/compile.ts';
import type { CompiledForm } from '../src/engine/compiled.ts';
import { canonicalJson, loadDefinitions, loadVocabularies } from './lib/forms.ts';
import { validatorModule } from './lib/validator-code.ts';

export const BUILD_DIR = resolve(import.meta.dirname, '../build/forms');

export function buildForms(outDir = BUILD_DIR): CompiledForm[] {
  const vocabularies = loadVocabularies();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const built = loadDefinitions().map(({ definition }) => {
    const hash = createHash('sha256').update(canonicalJson(definition)).digest('hex');
    const compiled: CompiledForm = { ...compileForm(definition, vocabularies), hash };
    writeFileSync(join(outDir, `${compiled.id}.json`), JSON.stringify(compiled));
    writeFileSync(join(outDir, `${compiled.id}.validate.mjs`), validatorModule(compiled.schema));
    return compiled;
  });
  // Index pages list forms by title without loading each whole compiled form.
  writeFileSync(join(outDir, '..', 'form-titles.json'), JSON.stringify(Object.fromEntries(built.map((f) => [f.id, f.form.title]))));
  return built;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const built = buildForms();
  console.log(`Compiled ${built.length} forms into build/forms: ${built.map((f) => f.id).join(', ')}`);
}
