// One guest form, whatever its definition: answers kept as a draft, sourced values filled in,
// validation with the shared compiled schema, steps, uploads, human check, submission and its outcome.
import { lazy, Suspense, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFValidationError } from '@rjsf/utils';
import { dataFields, pruneHidden } from '../../engine/conditions.ts';
import type { Lang } from '../../engine/definition.ts';
import { todayIso } from '../../engine/format.ts';
import { formText, t } from '../../engine/messages.ts';
import { buildUiSchema } from '../../engine/ui-schema.ts';
import { useLocation } from 'react-router-dom';
import { fields as customFields } from '../widgets/registry.ts';
import { guestFormWidgets } from './bufferedWidgets.tsx';
import type { FormData, GuestFormContext, UploadedFile } from './context.ts';
import type { UploadAs } from '../api/upload.ts';
import { draftKey, readDraft, useDraftSaver, type Draft } from './draft.ts';
import { ErrorSummary, type SummaryItem } from './ErrorSummary.tsx';
import { ErrorToast } from './ErrorToast.tsx';
import { answerChecks } from './answerChecks.ts';
import { answerPath, fieldAt, localizeErrors, toErrorSchema, valueAt } from './errors.ts';
import { focusField } from './focusField.ts';
import type { LoadedForm } from './loadForm.ts';
import { hasNoChoices, withoutStaleChoices, type OptionDocs } from './optionLists.ts';
import { applySourced, type SourcedValues } from './sourcedValues.ts';
import { StepProgress } from './StepProgress.tsx';
import { useSteps } from './steps.ts';
import { submitAnswers } from './submitAnswers.ts';
import { FieldTemplate } from './templates/FieldTemplate.tsx';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate.tsx';
import { ArrayFieldItemTemplate, ArrayFieldTemplate, itemTitle } from './templates/RepeatTemplates.tsx';
import { ThankYou } from './ThankYou.tsx';
import { FormIntro } from './FormIntro.tsx';
import { PendingEdits } from './pendingEdits.ts';
import { answersPhone, loadPhoneCheck, usePhoneCheck } from './phoneCheck.ts';
import { usePageDocument } from './pageDocument.ts';
import { HydratingSignature } from './SignaturePlaceholder.tsx';
import { useHydrated } from './useHydrated.ts';

const templates = { FieldTemplate, ObjectFieldTemplate, ArrayFieldTemplate, ArrayFieldItemTemplate };
// Until hydrated, a signature is its frame (SignaturePlaceholder.tsx), as on the server.
const guestFormFields = { ...customFields, signature: HydratingSignature };
// Answers start empty: defaults come from the definition (withDefaults, sourced values), never
// from RJSF filling lists up to minItems, objects with empty parts (a signature's strokes) or a
// required box with its only allowed value (const: true would tick a consent for the guest).
const defaultFormState = { arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipDefaults', constAsDefaults: 'never' } as const;
// Only forms with a human check download the captcha code.
const HumanCheck = lazy(() => import('../captcha/HumanCheck.tsx').then((module) => ({ default: module.HumanCheck })));

interface Props {
  loaded: LoadedForm;
  lang: Lang;
  /** Values the route's loader found for the form (see sourcedValues.ts) and the option lists it read. */
  sourced: SourcedValues;
  optionDocs: OptionDocs;
  /** Sends the answers; the live preview (npm run forms:preview) passes one that only shows them. */
  submit?: typeof submitAnswers;
  /** Prefix of every element id (RJSF's idPrefix): the preview shows one form per language on one page. */
  idPrefix?: string;
  /** The answers to start from instead of a draft (the staff console editing a stored document). */
  initial?: FormData;
  /** With `initial`: names and sizes of the files its answers already hold, by upload id. */
  initialUploads?: Record<string, UploadedFile>;
  /** Whose credentials uploads carry: the pages' key (guests) or the signed-in staff member's cookie (the console). */
  uploadAs?: UploadAs;
}

export function GuestForm({ loaded, lang, sourced, optionDocs, submit = submitAnswers, idPrefix = 'root', initial, initialUploads, uploadAs = 'guest' }: Props) {
  const { compiled, schema, validator } = loaded;
  const form = compiled.form;
  const { pathname } = useLocation();
  const fields = useMemo(() => new Map(dataFields(form).map((f) => [f.name, f])), [form]);
  const storageKey = draftKey(form.id, pathname);
  // A page the server rendered shows its draft right after hydration (the first render after it, below):
  // hydration must see exactly the HTML the server sent, which knows no draft. The console's stored
  // document (initial) is no draft: it is shown at once.
  const hydrated = useHydrated();
  const [restored] = useState<Pick<Draft, 'data' | 'uploads' | 'step'> | null>(() => (initial ? { data: initial, uploads: initialUploads ?? {}, step: undefined } : hydrated ? readDraft(storageKey, [...fields.keys()]) : null));
  const [draftPending, setDraftPending] = useState(!hydrated && !initial);
  const [lateDraft, setLateDraft] = useState<typeof restored>(null);
  usePageDocument(sourced, lang);
  const steps = useSteps(form, restored?.step);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepMoved = useRef(false);
  // Sourced values and option lists come from the route's loader and change with the address
  // (e.g. ?store=): applied to the answers whenever they change, during render (no effect round trip).
  const withLoaded = (answers: FormData) => withoutStaleChoices(form, optionDocs, pruneHidden(form, applySourced(answers, sourced, form)));
  const [data, setData] = useState<FormData>(() => withLoaded(withDefaults(fields, restored?.data ?? {})));
  const [applied, setApplied] = useState({ sourced, optionDocs });
  if (applied.sourced !== sourced || applied.optionDocs !== optionDocs) {
    setApplied({ sourced, optionDocs });
    setData(withLoaded);
  }
  const uploads = useRef<Record<string, UploadedFile>>(restored?.uploads ?? {});
  if (draftPending && hydrated) {
    setDraftPending(false);
    const draft = readDraft(storageKey, [...fields.keys()]);
    if (draft) {
      setLateDraft(draft);
      setData(withLoaded(withDefaults(fields, draft.data)));
      const step = steps.steps?.findIndex((s) => s.id === draft.step) ?? -1;
      if (step > 0) steps.setIndex(step);
    }
  }
  // Typed answers still held in their fields (bufferedWidgets.tsx) reach the form before it is saved, left or sent.
  const [edits] = useState(() => new PendingEdits());
  const settleEdits = useCallback(() => flushSync(() => edits.flush()), [edits]);
  const draft = useDraftSaver(storageKey, compiled.hash, settleEdits);
  useEffect(() => {
    if (lateDraft) uploads.current = { ...lateDraft.uploads, ...uploads.current };
  }, [lateDraft]);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [proof, setProof] = useState<string | null>(null);
  const [humanCheckRound, setHumanCheckRound] = useState(0);
  // When the check cannot load (no network), Register stays usable so the form's own validation still speaks.
  const [humanCheckUnavailable, setHumanCheckUnavailable] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [toast, setToast] = useState<string | null>(null);
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const [done, setDone] = useState<{ doc: Record<string, unknown>; answers: FormData } | null>(null);
  const uiSchema = useMemo(() => buildUiSchema(form, lang), [form, lang]);
  const rjsf = useRef<Form>(null);
  const phoneCheck = usePhoneCheck(form, data, loaded.phoneCheck);
  // A submit that came before the phone check: sent again once it is here, so the phone is checked in the page first.
  const submitWhenChecked = useRef(false);
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!submitWhenChecked.current || !phoneCheck) return;
    submitWhenChecked.current = false;
    rjsf.current?.submit();
  });
  // The send button is disabled while busy, which drops focus to the page: a failed send gives it back, so Enter tries again.
  // Given back once the button is enabled again (after the render that ends busy), not on a timer that may come first.
  const sendButton = useRef<HTMLButtonElement>(null);
  const sendWantsFocus = useRef(false);
  const refocusSend = () => (sendWantsFocus.current = true);
  useEffect(() => {
    if (busy || !sendWantsFocus.current) return;
    sendWantsFocus.current = false;
    sendButton.current?.focus();
  }, [busy]);
  const quietErrors = useRef(false);

  // A submit (button or Enter in a field) first takes what is still being typed: RJSF validates
  // the changes queued before its submit, so these are part of what is checked and sent.
  useEffect(() => {
    const element = rjsf.current?.formElement.current as HTMLFormElement | null | undefined;
    if (!element) return;
    const onSubmitFirst = () => edits.flush();
    element.addEventListener('submit', onSubmitFirst, { capture: true });
    return () => element.removeEventListener('submit', onSubmitFirst, { capture: true });
  }, [edits, done, lateDraft]);

  // Shown errors are text in one language: after a language switch, say them again in the new one.
  const sayErrorsAgain = useEffectEvent(() => {
    if (!attempted) return;
    quietErrors.current = true;
    if (rjsf.current?.validateForm() !== false) quietErrors.current = false;
  });
  useEffect(() => sayErrorsAgain(), [lang]);

  const stepId = steps.steps?.[steps.index].id;
  const keep = useCallback((next: FormData) => {
    setData(next);
    draft.save(next, uploads.current, stepId);
  }, [draft, stepId]);


  // A new step: its heading takes the focus, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (!stepMoved.current) return;
    stepMoved.current = false;
    stepHeading.current?.focus();
  }, [steps.index]);

  const goToStep = (index: number) => {
    stepMoved.current = true;
    steps.setIndex(index);
    setAttempted(false);
    setSummary([]);
    draft.save(data, uploads.current, steps.steps?.[index].id);
  };

  const trackUpload = useCallback((pending: Promise<unknown>) => {
    setUploading((n) => n + 1);
    void pending.finally(() => setUploading((n) => n - 1));
  }, []);

  const context: GuestFormContext = {
    form,
    lang,
    data,
    sourced,
    optionDocs,
    edits,
    visibleSections: steps.visibleSections,
    uploadAs,
    trackUpload,
    rememberUpload: (id, file) => {
      uploads.current = { ...uploads.current, [String(id)]: file };
    },
    uploadedFile: (id) => uploads.current[String(id)] ?? lateDraft?.uploads[String(id)],
  };

  const onChange = (event: IChangeEvent) => {
    // Sourced values are already in the data (see the effect above); a prefilled question stays editable.
    const next = withoutStaleChoices(form, optionDocs, pruneHidden(form, event.formData ?? {}));
    // A server message is about the old answer: once the guest changes that answer it goes.
    const stale = Object.keys(serverErrors).filter((path) => valueAt(next, path) !== valueAt(data, path));
    if (stale.length) setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !stale.includes(path))));
    // The summary lists what is still wrong: answers corrected since drop out of it.
    if (summary.length && event.errors) {
      const open = new Set([...event.errors.map((error) => answerPath(error.property ?? '', fields)), ...Object.keys(serverErrors).filter((path) => !stale.includes(path))]);
      setSummary((current) => current.filter((item) => open.has(item.name)));
    }
    keep(next);
  };

  /** "Email", or "Child's name (Child 1)" for a sub-question of a repeated group. */
  const label = (path: string) => {
    const field = fieldAt(fields, path);
    const own = field && 'label' in field && field.label ? formText(form.id, field.label, lang) : path;
    const [name, index] = path.split('.');
    const group = fields.get(name);
    return group?.type === 'repeat' && index !== undefined ? `${own} (${itemTitle({ formId: form.id, field: group, lang }, Number(index))})` : own;
  };

  const announce = (items: { name: string; message: string }[], moveFocus = true) => {
    const order = [...fields.keys()];
    const rank = (path: string) => order.indexOf(path.split('.')[0]);
    const sorted = [...items].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name, 'en', { numeric: true }));
    setSummary(sorted.map((item) => ({ ...item, label: label(item.name) })));
    if (sorted[0] && moveFocus) showField(sorted[0].name);
  };

  /** Focuses an answer, first going to its step: on the last step an earlier step's answer can still be wrong (e.g. from a draft). */
  const showField = (path: string) => {
    const step = steps.stepOf(path.split('.')[0]);
    if (steps.steps && step !== steps.index) steps.setIndex(step);
    requestAnimationFrame(() => focusField(path, idPrefix));
  };

  /** Which errors count now: not those of questions that are not asked, nor (before the last step) those of other steps. */
  const counts = (path: string) => {
    const name = path.split('.')[0];
    const field = fields.get(name);
    if (field && hasNoChoices(field, optionDocs, data)) return false;
    return steps.isLast || steps.stepOf(name) === steps.index;
  };

  const onError = (errors: RJSFValidationError[]) => {
    setAttempted(true);
    const quiet = quietErrors.current;
    quietErrors.current = false;
    announce(errors.map((error) => ({ name: answerPath(error.property ?? '', fields), message: error.message ?? '' })).filter((e) => e.name), !quiet);
  };

  const onSubmit = async (submitted: FormData) => {
    // Before the last step, RJSF's submit is "Next": this step's answers passed the shared validator.
    if (!steps.isLast) return goToStep(steps.index + 1);
    // What RJSF validated, including answers handed over by this submit (our own copy follows a render later).
    const data = withoutStaleChoices(form, optionDocs, pruneHidden(form, submitted));
    if (!phoneCheck && answersPhone(form, data)) {
      const here = await loadPhoneCheck().catch(() => null);
      if (here) {
        submitWhenChecked.current = true;
        return rerender((n) => n + 1);
      }
    }
    setAttempted(true);
    setSummary([]);
    setToast(null);
    if (compiled.captcha && !proof) return setToast(t('humanCheckNeeded', lang));
    setBusy(true);
    const outcome = await submit(compiled.collection, pruneHidden(form, data), { lang, captchaProof: proof });
    setBusy(false);
    if (outcome.kind === 'created') {
      draft.clear();
      return setDone({ doc: outcome.doc, answers: pruneHidden(form, data) });
    }
    const text = (key: string) => formText(form.id, key, lang);
    const failed = form.submit.failed ? text(form.submit.failed) : t('submitFailed', lang);
    // Any answer but a new record spent the proof on the server: the guest passes the check again.
    const proofSpent = compiled.captcha !== null && outcome.kind !== 'unreachable';
    if (proofSpent) {
      setProof(null);
      setHumanCheckRound((n) => n + 1);
    }
    if (outcome.kind !== 'invalid') refocusSend();
    if (outcome.kind === 'unreachable') return setToast(form.submit.requestFailed ? text(form.submit.requestFailed) : t('requestFailed', lang));
    if (outcome.kind === 'invalid') {
      const grouped: Record<string, string[]> = {};
      const placed = outcome.fieldErrors.map((e) => ({ name: answerPath(e.path, fields), message: e.message }));
      for (const error of placed) (grouped[error.name] ??= []).push(error.message);
      setServerErrors(grouped);
      announce(placed);
      return setToast(outcome.status === 409 ? outcome.fieldErrors[0].message : failed);
    }
    // The proof was refused (expired or already used): the guest has to pass the check again.
    if (outcome.status === 403 && proofSpent) return setToast(t('humanCheckNeeded', lang));
    setToast(failed);
  };

  if (done) return <ThankYou form={form} lang={lang} doc={done.doc} answers={done.answers} />;

  const submitLabel = !steps.isLast ? t('next', lang) : busy ? (form.submit.busyLabel ? formText(form.id, form.submit.busyLabel, lang) : t('submitting', lang)) : formText(form.id, form.submit.label, lang);
  // The human check is the browser's own (a widget, a proof of work): not part of the server's HTML.
  const captchaShown = compiled.captcha !== null && steps.isLast && hydrated;
  const blocked = busy || uploading > 0 || (captchaShown && !proof && !humanCheckUnavailable);
  return (
    <>
      {toast && <ErrorToast message={toast} lang={lang} onClose={() => setToast(null)} />}
      <FormIntro form={form} lang={lang} sourced={sourced} />
      {steps.steps && <StepProgress form={form} steps={steps.steps} index={steps.index} lang={lang} headingRef={stepHeading} />}
      <ErrorSummary items={summary} lang={lang} onPick={showField} idPrefix={idPrefix} />
      <Form
        ref={rjsf}
        idPrefix={idPrefix}
        // A draft found after hydration starts the questions again from it (widgets read their saved state when they mount).
        key={lateDraft ? 'draft' : 'page'}
        className="guest-form"
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={data}
        formContext={context}
        widgets={guestFormWidgets}
        fields={guestFormFields}
        templates={templates}
        experimental_defaultFormStateBehavior={defaultFormState}
        transformErrors={(errors) => localizeErrors(errors, form.id, fields, lang, counts)}
        customValidate={answerChecks(form, lang, phoneCheck, counts)}
        extraErrors={toErrorSchema(serverErrors)}
        onChange={onChange}
        onError={onError}
        onSubmit={(event) => void onSubmit(event.formData ?? data)}
        liveValidate={attempted ? 'onChange' : false}
        showErrorList={false}
        noHtml5Validate
        disabled={busy}
      >
        {compiled.captcha && captchaShown && (
          <Suspense fallback={null}>
            <HumanCheck key={humanCheckRound} action={compiled.captcha.action} lang={lang} onVerified={setProof} onCleared={() => setProof(null)} onUnavailable={setHumanCheckUnavailable} />
          </Suspense>
        )}
        <div className="form-actions">
          {steps.index > 0 && (
            <button type="button" className="button button-secondary" onClick={() => goToStep(steps.index - 1)} disabled={busy}>
              {t('back', lang)}
            </button>
          )}
          <button ref={sendButton} type="submit" className="button button-primary" disabled={blocked}>
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
