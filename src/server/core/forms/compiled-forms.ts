// Loads what `npm run forms:build` wrote: <id>.json (a CompiledForm) beside <id>.validate.mjs
// (an ajv standalone module whose default export maps the form id to its validate function), and
// the form's texts (locales/<lang>/<id>.json) into the shared i18next instance for its messages.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompiledForm, UploadRule } from '../../../engine/compiler/compiled.ts';
import { addFormTexts } from '../../../engine/text/i18n.ts';
import type { FormTextsByLang } from '../../../engine/waivers/waiver-terms.ts';

export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface ValidateSubmission {
  (data: unknown): boolean;
  errors?: ValidationIssue[] | null;
}

export interface LoadedForm {
  compiled: CompiledForm;
  validate: ValidateSubmission;
  /** Its texts per language, also kept apart (a waiver's evidence and form version hold the words shown). */
  texts: FormTextsByLang;
}

export class FormsNotBuiltError extends Error {}

export async function loadCompiledForms(dir: string): Promise<LoadedForm[]> {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.validate.mjs')) : [];
  if (names.length === 0) throw new FormsNotBuiltError(`No compiled forms in ${dir}: run npm run forms:build first.`);
  const forms: LoadedForm[] = [];
  for (const name of names.sort()) {
    const id = name.slice(0, -'.validate.mjs'.length);
    const jsonFile = path.join(dir, `${id}.json`);
    if (!fs.existsSync(jsonFile)) throw new FormsNotBuiltError(`${name} has no ${id}.json beside it in ${dir}: run npm run forms:build again.`);
    const compiled = JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as CompiledForm;
    const module = (await import(pathToFileURL(path.join(dir, name)).href)) as { default: Record<string, ValidateSubmission> };
    const validate = module.default?.[compiled.id];
    if (typeof validate !== 'function') throw new FormsNotBuiltError(`${name} does not export a validator for "${compiled.id}".`);
    const texts: FormTextsByLang = {};
    for (const lang of compiled.languages) {
      const textsFile = path.join(dir, 'locales', lang, `${id}.json`);
      if (!fs.existsSync(textsFile)) throw new FormsNotBuiltError(`${id} has no ${lang} texts (${textsFile}): run npm run forms:build again.`);
      texts[lang] = JSON.parse(fs.readFileSync(textsFile, 'utf8')) as Record<string, string>;
      addFormTexts(compiled.id, lang, texts[lang]);
    }
    forms.push({ compiled, validate, texts });
  }
  const collections = new Set<string>();
  for (const { compiled } of forms) {
    if (collections.has(compiled.collection)) throw new Error(`Two forms submit to the collection "${compiled.collection}"; give each form its own collection.`);
    collections.add(compiled.collection);
  }
  return forms;
}

/** Upload rules by upload collection; forms sharing an upload collection must agree on its limits. */
export function uploadRulesByCollection(forms: LoadedForm[]): Map<string, UploadRule> {
  const rules = new Map<string, UploadRule>();
  for (const { compiled } of forms) {
    for (const rule of compiled.uploads) {
      const seen = rules.get(rule.collection);
      if (seen && (seen.maxBytes !== rule.maxBytes || seen.accept.join() !== rule.accept.join())) {
        throw new Error(`The upload collection "${rule.collection}" has different size or type limits in two forms (${compiled.id}); make them equal.`);
      }
      rules.set(rule.collection, rule);
    }
  }
  return rules;
}
