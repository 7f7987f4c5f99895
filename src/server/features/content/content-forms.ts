// The content forms (forms/content/, compiled by forms:build into FORMS_BUILD_DIR/content): the
// same compiled schemas and validators the console renders with check every content write.
import fs from 'node:fs';
import path from 'node:path';
import { loadCompiledForms, type LoadedForm } from '../../core/forms/compiled-forms.ts';

/** By target: a collection slug, or "globals/<slug>". */
export type ContentForms = Map<string, LoadedForm>;

export const contentTarget = (form: LoadedForm) => `${form.compiled.form.submit.global ? 'globals/' : ''}${form.compiled.collection}`;

const loaded = new Map<string, Promise<ContentForms>>();

/** Loaded once per build directory; a build without content forms edits nothing (every write answers 403). */
export function contentForms(formsBuildDir: string): Promise<ContentForms> {
  const dir = path.join(formsBuildDir, 'content');
  let forms = loaded.get(dir);
  if (!forms) {
    forms = fs.existsSync(dir) ? loadCompiledForms(dir).then((list) => new Map(list.map((form) => [contentTarget(form), form]))) : Promise.resolve(new Map());
    loaded.set(dir, forms);
  }
  return forms;
}
