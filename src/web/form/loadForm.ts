// A form is two build artefacts (npm run forms:build): the compiled form and its precompiled
// validator. Each is its own chunk, fetched only by the route that shows that form.
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { forms } from 'virtual:route-set';
import { renderSchema } from '../../engine/compiler/render-schema.ts';
import { addFormTexts, i18n } from '../../engine/text/i18n.ts';
import type { Lang } from '../../engine/text/languages.ts';
import type { CompiledForm } from '../../engine/compiler/compiled.ts';
import { loadOnce, withTimeout } from '../shell/chunkTimeout.ts';
import type { PhoneCheck } from '../../engine/checks/answer-checks.ts';

export interface LoadedForm {
  compiled: CompiledForm;
  /** The contract without its conditional rules: the page hides and prunes questions itself. */
  schema: RJSFSchema;
  /** Validates with the full contract (the same code the server runs), never compiles at run time. */
  validator: ValidatorType;
  /** The server's phone check when it comes with the form (the preview); else the page fetches it when a phone is answered (phoneCheck.ts). */
  phoneCheck: PhoneCheck | null;
}

export class UnknownFormError extends Error {}

const compiledCache = new Map<string, Promise<CompiledForm>>();
const loadedCache = new Map<string, Promise<LoadedForm>>();

function artefacts(formId: string) {
  const files = Object.hasOwn(forms, formId) ? forms[formId] : undefined;
  if (!files) throw new UnknownFormError(`Form "${formId}" is not in this build (routes.json, ROUTE_SET)`);
  return files;
}

/** The compiled form alone: enough to start the form's data requests while its validator downloads. */
export function loadCompiledForm(formId: string): Promise<CompiledForm> {
  return loadOnce(compiledCache, formId, () => withTimeout(artefacts(formId).compiled()));
}

const textsCache = new Map<string, Promise<void>>();

/** The form's texts in `lang` as its i18next namespace, fetched once. */
export function loadFormTexts(formId: string, lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, formId)) return Promise.resolve();
  const load = artefacts(formId).texts[lang];
  if (!load) throw new UnknownFormError(`Form "${formId}" has no ${lang} texts`);
  return loadOnce(textsCache, `${formId}:${lang}`, async () => addFormTexts(formId, lang, await withTimeout(load())));
}

export function loadForm(formId: string): Promise<LoadedForm> {
  return loadOnce(loadedCache, formId, async () => {
    const [compiled, validateFns] = await Promise.all([loadCompiledForm(formId), withTimeout(artefacts(formId).validator())]);
    const schema = renderSchema(compiled.schema, compiled.form) as RJSFSchema;
    return { compiled, schema, validator: createPrecompiledValidator(validateFns, schema), phoneCheck: null };
  });
}
