// npm run forms:build — compiles every definition into build/forms/<id>.json, its precompiled
// validator build/forms/<id>.validate.mjs (no schema compilation at run time) and its texts as
// i18next resources, one namespace per form and language: build/forms/locales/<lang>/<id>.json.
// The interface texts (forms/messages.json) one file per language, build/messages/<lang>.json: a
// page loads only its own language's. The countries (forms/countries.json) as the pages use them:
// build/countries/dial-codes.json and build/countries/names-<lang>.json (lib/country-files.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileForm } from '../src/engine/compiler/compile.ts';
import { countries } from '../src/engine/checks/countries.ts';
import type { CompiledForm } from '../src/engine/compiler/compiled.ts';
import { COMMON_NS, isServerText, isStaffText, messageResources, type MessageText } from '../src/engine/text/i18n.ts';
import { LANGUAGES } from '../src/engine/text/languages.ts';
import { canonicalJson, loadContentDefinitions, loadDefinitions, loadVocabularies, type DefinitionFile } from './lib/forms.ts';
import { writeCountryFiles } from './lib/country-files.ts';
import { validatorModule } from './lib/validator-code.ts';

export const BUILD_DIR = resolve(import.meta.dirname, '../build/forms');
const MESSAGES_FILE = resolve(import.meta.dirname, '../forms/messages.json');
const MESSAGES_DIR = resolve(import.meta.dirname, '../build/messages');
const COUNTRIES_DIR = resolve(import.meta.dirname, '../build/countries');

/** Texts every page shows in every language (the language switch names each language in itself). */
const IN_EVERY_LANGUAGE = ['languageName', 'languageShort'];

/**
 * The common namespace per language, English filling any gap (the page does not load English
 * beside it), with the few texts a page shows in the other languages too (src/web/messages.ts).
 */
function buildMessages(): void {
  const resources = messageResources(JSON.parse(readFileSync(MESSAGES_FILE, 'utf8')) as Record<string, MessageText | string>);
  const common = (lang: string) => resources[lang][COMMON_NS] as Record<string, string>;
  const everyLanguage = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, Object.fromEntries(IN_EVERY_LANGUAGE.map((key) => [key, common(lang)[key] ?? common('en')[key]]))]),
  );
  rmSync(MESSAGES_DIR, { recursive: true, force: true });
  mkdirSync(MESSAGES_DIR, { recursive: true });
  mkdirSync(join(MESSAGES_DIR, 'staff'), { recursive: true });
  for (const lang of LANGUAGES) {
    // What only the server writes (engine/text/i18n.ts isServerText) goes in neither file.
    const texts = Object.fromEntries(Object.entries({ ...common('en'), ...common(lang) }).filter(([key]) => !isServerText(key)));
    // The staff pages' texts go in a file of their own, which only they load (engine/text/i18n.ts isStaffText).
    writeFileSync(
      join(MESSAGES_DIR, `${lang}.json`),
      JSON.stringify({ texts: Object.fromEntries(Object.entries(texts).filter(([key]) => !isStaffText(key))), everyLanguage }),
    );
    writeFileSync(join(MESSAGES_DIR, 'staff', `${lang}.json`), JSON.stringify(Object.fromEntries(Object.entries(texts).filter(([key]) => isStaffText(key)))));
  }
}

export function buildForms(outDir = BUILD_DIR): CompiledForm[] {
  const vocabularies = loadVocabularies();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const titles: Record<string, Record<string, string>> = {};
  const built = writeCompiled(loadDefinitions(), outDir, vocabularies, titles);
  // Index pages list forms by title without loading each whole compiled form.
  writeFileSync(join(outDir, '..', 'form-titles.json'), JSON.stringify(titles));
  // Content forms apart, so the server never takes them for submission collections.
  writeCompiled(loadContentDefinitions(), join(outDir, 'content'), vocabularies, {});
  if (outDir === BUILD_DIR) {
    buildMessages();
    writeCountryFiles(countries, COUNTRIES_DIR);
  }
  return built;
}

function writeCompiled(
  definitions: DefinitionFile[],
  outDir: string,
  vocabularies: ReturnType<typeof loadVocabularies>,
  titles: Record<string, Record<string, string>>,
): CompiledForm[] {
  mkdirSync(outDir, { recursive: true });
  return definitions.map(({ definition }) => {
    const hash = createHash('sha256').update(canonicalJson(definition)).digest('hex');
    const { compiled: built, texts } = compileForm(definition, vocabularies);
    const compiled: CompiledForm = { ...built, hash };
    writeFileSync(join(outDir, `${compiled.id}.json`), JSON.stringify(compiled));
    writeFileSync(join(outDir, `${compiled.id}.validate.mjs`), validatorModule(compiled.schema));
    for (const lang of compiled.languages) {
      mkdirSync(join(outDir, 'locales', lang), { recursive: true });
      writeFileSync(join(outDir, 'locales', lang, `${compiled.id}.json`), JSON.stringify(texts[lang]));
    }
    titles[compiled.id] = Object.fromEntries(compiled.languages.map((lang) => [lang, texts[lang][compiled.form.title]]));
    return compiled;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const built = buildForms();
  console.log(`Compiled ${built.length} forms into build/forms: ${built.map((f) => f.id).join(', ')}`);
}
