// One guest form, whatever its definition: answers kept as a draft, sourced values filled in,
// validation with the shared compiled schema, uploads, human check, submission and its outcome.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFValidationError } from '@rjsf/utils';
import { dataFields, pruneHidden } from '../../engine/conditions.ts';
import type { Lang } from '../../engine/definition.ts';
import { todayIso } from '../../engine/format.ts';
import { pick, t } from '../../engine/messages.ts';
import { buildUiSchema } from '../../engine/ui-schema.ts';
import { useShell } from '../shell/ShellContext.tsx';
import { widgets } from '../widgets/registry.ts';
import type { FormData, GuestFormContext, UploadedFile } from './context.ts';
import { draftKey, readDraft, useDraftSaver } from './draft.ts';
import { ErrorSummary, type SummaryItem } from './ErrorSummary.tsx';
import { ErrorToast } from './ErrorToast.tsx';
import { errorFieldName, localizeErrors, toErrorSchema } from './errors.ts';
import { focusField } from './focusField.ts';
import type { LoadedForm } from './loadForm.ts';
import { applySourced, useSourcedValues } from './sourcedValues.ts';
import { submitAnswers } from './submitAnswers.ts';
import { FieldTemplate } from './templates/FieldTemplate.tsx';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate.tsx';
import { ThankYou } from './ThankYou.tsx';
import { FormIntro } from './FormIntro.tsx';
import { usePageDocument } from './pageDocument.ts';

const templates = { FieldTemplate, ObjectFieldTemplate };
// Only forms with a human check download the captcha code.
const HumanCheck = lazy(() => import('../captcha/HumanCheck.tsx').then((module) => ({ default: module.HumanCheck })));

export function GuestForm({ loaded, lang }: { loaded: LoadedForm; lang: Lang }) {
  const { compiled, schema, validator } = loaded;
  const form = compiled.form;
  const { location, params } = useShell();
  const fields = useMemo(() => new Map(dataFields(form).map((f) => [f.name, f])), [form]);
  const storageKey = draftKey(form.id, location.pathname);
  const [restored] = useState(() => readDraft(storageKey, [...fields.keys()]));
  const sourced = useSourcedValues(form, location.query, params);
  usePageDocument(sourced);
  const [data, setData] = useState<FormData>(() => pruneHidden(form, applySourced(withDefaults(fields, restored?.data ?? {}), sourced, form)));
  const uploads = useRef<Record<string, UploadedFile>>(restored?.uploads ?? {});
  const draft = useDraftSaver(storageKey, compiled.hash);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [proof, setProof] = useState<string | null>(null);
  const [humanCheckRound, setHumanCheckRound] = useState(0);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [toast, setToast] = useState<string | null>(null);
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const [done, setDone] = useState<Record<string, unknown> | null>(null);
  const uiSchema = useMemo(() => buildUiSchema(form, lang), [form, lang]);
  const rjsf = useRef<Form>(null);
  const quietErrors = useRef(false);

  // Shown errors are text in one language: after a language switch, say them again in the new one.
  useEffect(() => {
    if (!attempted) return;
    quietErrors.current = true;
    if (rjsf.current?.validateForm() !== false) quietErrors.current = false;
    // Only the language matters here; `attempted` is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang]);

  const keep = useCallback((next: FormData) => {
    setData(next);
    draft.save(next, uploads.current);
  }, [draft]);

  // Sourced values arrive after lookups: apply them (and drop what they no longer support).
  useEffect(() => {
    setData((current) => pruneHidden(form, applySourced(current, sourced, form)));
  }, [sourced, form]);

  const trackUpload = useCallback((pending: Promise<unknown>) => {
    setUploading((n) => n + 1);
    void pending.finally(() => setUploading((n) => n - 1));
  }, []);

  const context: GuestFormContext = {
    form,
    lang,
    data,
    sourced,
    trackUpload,
    rememberUpload: (id, file) => {
      uploads.current = { ...uploads.current, [String(id)]: file };
    },
    uploadedFile: (id) => uploads.current[String(id)],
  };

  const onChange = (event: IChangeEvent) => {
    // Sourced values are already in the data (see the effect above); a prefilled question stays editable.
    const next = pruneHidden(form, event.formData ?? {});
    // A server message is about the old answer: once the guest changes that answer it goes.
    const stale = Object.keys(serverErrors).filter((name) => next[name] !== data[name]);
    if (stale.length) setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !stale.includes(name))));
    // The summary lists what is still wrong: answers corrected since drop out of it.
    if (summary.length && event.errors) {
      const open = new Set([...event.errors.map(errorFieldName), ...Object.keys(serverErrors).filter((name) => !stale.includes(name))]);
      setSummary((current) => current.filter((item) => open.has(item.name)));
    }
    keep(next);
  };

  const label = (name: string) => {
    const field = fields.get(name);
    return field && 'label' in field && field.label ? pick(field.label, lang) : name;
  };

  const announce = (items: { name: string; message: string }[], moveFocus = true) => {
    const order = [...fields.keys()];
    const sorted = [...items].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    setSummary(sorted.map((item) => ({ ...item, label: label(item.name) })));
    if (sorted[0] && moveFocus) requestAnimationFrame(() => focusField(sorted[0].name));
  };

  const onError = (errors: RJSFValidationError[]) => {
    setAttempted(true);
    const quiet = quietErrors.current;
    quietErrors.current = false;
    announce(errors.map((error) => ({ name: errorFieldName(error), message: error.message ?? '' })).filter((e) => e.name), !quiet);
  };

  const onSubmit = async () => {
    setAttempted(true);
    setSummary([]);
    setToast(null);
    if (compiled.captcha && !proof) return setToast(t('humanCheckNeeded', lang));
    setBusy(true);
    const outcome = await submitAnswers(compiled.collection, pruneHidden(form, data), { lang, captchaProof: proof });
    setBusy(false);
    if (outcome.kind === 'created') {
      draft.clear();
      return setDone(outcome.doc);
    }
    const failed = form.submit.failed ? pick(form.submit.failed, lang) : t('submitFailed', lang);
    if (outcome.kind === 'unreachable') return setToast(form.submit.requestFailed ? pick(form.submit.requestFailed, lang) : t('requestFailed', lang));
    if (outcome.kind === 'invalid') {
      const grouped: Record<string, string[]> = {};
      for (const error of outcome.fieldErrors) (grouped[error.field] ??= []).push(error.message);
      setServerErrors(grouped);
      announce(outcome.fieldErrors.map((e) => ({ name: e.field, message: e.message })));
      return setToast(outcome.status === 409 ? outcome.fieldErrors[0].message : failed);
    }
    if (outcome.status === 403 && compiled.captcha) {
      // The proof was refused (expired or already used): the guest has to pass the check again.
      setProof(null);
      setHumanCheckRound((n) => n + 1);
      return setToast(t('humanCheckNeeded', lang));
    }
    setToast(failed);
  };

  if (done) return <ThankYou form={form} lang={lang} doc={done} />;

  const submitLabel = busy ? (form.submit.busyLabel ? pick(form.submit.busyLabel, lang) : t('submitting', lang)) : pick(form.submit.label, lang);
  const blocked = busy || uploading > 0 || (compiled.captcha !== null && !proof);
  return (
    <>
      {toast && <ErrorToast message={toast} lang={lang} onClose={() => setToast(null)} />}
      <FormIntro form={form} lang={lang} sourced={sourced} />
      <ErrorSummary items={summary} lang={lang} onPick={focusField} />
      <Form
        ref={rjsf}
        className="guest-form"
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={data}
        formContext={context}
        widgets={widgets}
        templates={templates}
        transformErrors={(errors) => localizeErrors(errors, fields, lang)}
        extraErrors={toErrorSchema(serverErrors)}
        onChange={onChange}
        onError={onError}
        onSubmit={() => void onSubmit()}
        liveValidate={attempted ? 'onChange' : false}
        showErrorList={false}
        noHtml5Validate
        disabled={busy}
      >
        {compiled.captcha && (
          <Suspense fallback={null}>
            <HumanCheck key={humanCheckRound} action={compiled.captcha.action} lang={lang} onVerified={setProof} onCleared={() => setProof(null)} />
          </Suspense>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={blocked}>
            {busy && <span className="spinner spinner-small" aria-hidden="true" />}
            {submitLabel}
          </button>
        </div>
      </Form>
    </>
  );
}

/** Date questions that default to today start with today's date. */
function withDefaults(fields: Map<string, import('../../engine/compiled.ts').ResolvedField>, data: FormData): FormData {
  const next = { ...data };
  for (const field of fields.values()) {
    if (field.type === 'date' && field.default?.today && next[field.name] === undefined) next[field.name] = todayIso();
  }
  return next;
}
