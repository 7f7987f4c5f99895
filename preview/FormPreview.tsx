// One form rendered by the real engine form (src/web's EngineForm and widgets) in one language,
// validated with the compiled contract; submitting shows the JSON that would be stored.
import { useMemo, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { renderSchema, type CompiledWithTexts } from '../src/engine/compiler/compile.ts';
import type { CompiledForm } from '../src/engine/compiler/compiled.ts';
import { phoneErrors } from '../src/engine/checks/phones.ts';
import type { Lang } from '../src/engine/text/languages.ts';
import { EngineForm } from '../src/web/form/EngineForm.tsx';
import { PageContext, type PageNavigation } from '../src/web/shell/pageContext.tsx';
import type { LoadedForm } from '../src/web/form/loadForm.ts';
import type { SubmitOutcome } from '../src/web/form/submitAnswers.ts';
import { ShellContext, type Shell } from '../src/web/shell/ShellContext.tsx';
import { themeFor } from '../src/web/shell/theme.ts';

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);

/** The compiled form as the page loads it, its validator compiled here (the pages get it precompiled). */
export interface PreviewForm extends LoadedForm {
  /** The full contract (with its conditional rules), as the server validates a submission. */
  validateContract: ValidateFunction;
}

export function loadedForm({ compiled }: CompiledWithTexts, revision: number): PreviewForm {
  // The human check needs the server: the preview leaves it out.
  const form: CompiledForm = { ...compiled, hash: `preview-${revision}`, captcha: null };
  const schema = renderSchema(form.schema, form.form) as RJSFSchema;
  const validate = ajv.compile({ ...form.schema, $id: `${form.id}-${revision}` });
  return {
    compiled: form,
    schema,
    validator: createPrecompiledValidator({ [String(schema.$id)]: validate }, schema),
    phoneCheck: phoneErrors,
    validateContract: validate,
  };
}

interface Props {
  loaded: PreviewForm;
  lang: Lang;
  revision: number;
}

export function FormPreview({ loaded, lang, revision }: Props) {
  const [stored, setStored] = useState<string | null>(null);
  const shell = useMemo<Shell>(
    () => ({
      lang,
      languages: loaded.compiled.languages,
      settings: { theme: 'destination' },
      header: undefined,
      theme: themeFor('destination'),
      logoUrl: '',
      setTitleExtra: () => undefined,
    }),
    [lang, loaded.compiled.languages],
  );
  const submit = async (_collection: string, data: Record<string, unknown>): Promise<SubmitOutcome> => {
    // What the server would answer: 400 with the contract's errors, placed at their fields.
    if (!loaded.validateContract(data)) {
      const errors = loaded.validateContract.errors ?? [];
      return {
        kind: 'invalid',
        status: 400,
        fieldErrors: errors.map((e) => ({
          path: e.instancePath.slice(1).replace(/\//g, '.') || String((e.params as { missingProperty?: string }).missingProperty ?? ''),
          message: e.message ?? 'invalid',
        })),
      };
    }
    setStored(JSON.stringify(data, null, 2));
    return { kind: 'created', doc: { id: 0, reference: 'PREVIEW', ...data } };
  };
  return (
    <section className="preview-language" lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} data-lang={lang}>
      <ShellContext.Provider value={shell}>
        <PageContext.Provider value={previewPage(`/preview/${loaded.compiled.id}/${lang}`)}>
          <EngineForm key={revision} loaded={loaded} lang={lang} sourced={{}} optionDocs={{}} submit={submit} idPrefix={`preview_${lang}`} />
        </PageContext.Provider>
      </ShellContext.Provider>
      {stored && (
        <div className="preview-stored">
          <h2>What would be stored in “{loaded.compiled.collection}”</h2>
          <pre dir="ltr">{stored}</pre>
        </div>
      )}
    </section>
  );
}

/** The page the engine form is in: a preview has no data and goes nowhere (its thanks' link is shown, not followed). */
function previewPage(pathname: string): PageNavigation {
  return { data: undefined, location: { pathname, search: '', hash: '' }, navigate: () => {} };
}
