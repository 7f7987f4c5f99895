// A form is two build artefacts (npm run forms:build): the compiled form and its precompiled
// validator. Each is its own chunk, fetched only by the route that shows that form.
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { renderSchema } from '../../engine/compile.ts';
import type { CompiledForm } from '../../engine/compiled.ts';
import { withTimeout } from '../shell/lazyPage.ts';

const compiledFiles = import.meta.glob<CompiledForm>('/build/forms/*.json', { import: 'default' });
const validatorFiles = import.meta.glob<ValidatorFunctions>('/build/forms/*.validate.mjs', { import: 'default' });

export interface LoadedForm {
  compiled: CompiledForm;
  /** The contract without its conditional rules: the page hides and prunes questions itself. */
  schema: RJSFSchema;
  /** Validates with the full contract (the same code the server runs), never compiles at run time. */
  validator: ValidatorType;
}

const cache = new Map<string, Promise<LoadedForm>>();

export class UnknownFormError extends Error {}

async function load(formId: string): Promise<LoadedForm> {
  const loadCompiled = compiledFiles[`/build/forms/${formId}.json`];
  const loadValidator = validatorFiles[`/build/forms/${formId}.validate.mjs`];
  if (!loadCompiled || !loadValidator) throw new UnknownFormError(`Form "${formId}" is not built (run npm run forms:build)`);
  const [compiled, validateFns] = await withTimeout(Promise.all([loadCompiled(), loadValidator()]));
  const schema = renderSchema(compiled.schema, compiled.form) as RJSFSchema;
  return { compiled, schema, validator: createPrecompiledValidator(validateFns, schema) };
}

/** One promise per form, so React's use() sees the same promise on every render. */
export function loadForm(formId: string): Promise<LoadedForm> {
  let pending = cache.get(formId);
  if (!pending) {
    pending = load(formId);
    pending.catch(() => cache.delete(formId));
    cache.set(formId, pending);
  }
  return pending;
}
