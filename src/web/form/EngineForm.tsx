// One form of the engine, whatever its definition: a guest's form page, a staff member editing a
// content document in the console, the live preview. Answers start from a draft or a stored
// document (useFormDraft, useAnswers), are validated with the shared compiled schema, shown step by
// step (useSteps, useFormFocus) and sent (useSubmission); then the outcome (ThankYou).
import { lazy, Suspense, useMemo, useRef, type ReactNode } from 'react';
import Form from '@rjsf/core';
import { dataFields } from '../../engine/checks/conditions.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { buildUiSchema } from '../../engine/compiler/ui-schema.ts';
import type { UploadAs } from '../api/upload.ts';
import { FIELD_UI } from '../widgets/fieldUi.ts';
import type { NativePostOutcome } from '../../engine/contract/native-post.ts';
import { fields as customFields } from '../widgets/registry.ts';
import { answerChecks } from './answerChecks.ts';
import { guestFormWidgets } from './bufferedWidgets.tsx';
import type { FormData, GuestFormContext, UploadedFile } from './context.ts';
import { DraftMark } from './draftStatus.tsx';
import { useEarlyInput } from './earlyInput.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import { ErrorToast } from './ErrorToast.tsx';
import { localizeErrors, toErrorSchema } from './errors.ts';
import { FormActions } from './FormActions.tsx';
import { FormIntro } from './FormIntro.tsx';
import type { LoadedForm } from './loadForm.ts';
import type { OptionDocs } from './optionLists.ts';
import { usePageDocument } from './pageDocument.ts';
import { usePhoneCheck } from './phoneCheck.ts';
import { HydratingSignature } from './SignaturePlaceholder.tsx';
import type { SourcedValues } from './sourcedValues.ts';
import { StepProgress } from './StepProgress.tsx';
import { useSteps } from './steps.ts';
import { submitAnswers } from './submitAnswers.ts';
import { FieldTemplate } from './templates/FieldTemplate.tsx';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate.tsx';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './templates/RepeatTemplates.tsx';
import { ThankYou } from './ThankYou.tsx';
import { useAnswers } from './useAnswers.ts';
import { useFormDraft } from './useFormDraft.ts';
import { useFormFocus } from './useFormFocus.ts';
import { useSubmission } from './useSubmission.ts';

/** The thanks of a submission kept on the device until it can be sent: loaded only then (the service worker keeps it). */
const QueuedThanks = lazy(() => import('../offline/QueuedThanks.tsx'));
const templates = { FieldTemplate, ObjectFieldTemplate, ArrayFieldTemplate, ArrayFieldItemTemplate };
// Until hydrated, a signature is its frame (SignaturePlaceholder.tsx), as on the server.
const engineFormFields = { ...customFields, signature: HydratingSignature };
// Answers start empty: defaults come from the definition (withDefaults, sourced values), never
// from RJSF filling lists up to minItems, objects with empty parts (a signature's strokes) or a
// required box with its only allowed value (const: true would tick a consent for the guest).
const defaultFormState = { arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipDefaults', constAsDefaults: 'never' } as const;

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
  /** False on a kiosk: nothing of the guest is read from or kept on the device (no draft). */
  remember?: boolean;
  /** Told once the answers are stored (the kiosk then starts its way back to a fresh form). */
  onStored?: () => void;
  /** Shown under the thanks (the kiosk's way to the next guest). */
  thanksFooter?: ReactNode;
  /**
   * A guest's form page: where the form posts without JavaScript (features/native-post), and the
   * outcome of such a post when the server renders it. With JavaScript the script sends the answers.
   */
  native?: { action: string; posted: NativePostOutcome | null };
}

/** A file chosen offline, kept on the device (the device store loaded only then). */
const keepFile = (file: File, collection: string) => import('../offline/keptFiles.ts').then((kept) => kept.keepFile(file, collection));

export function EngineForm({
  loaded,
  lang,
  sourced,
  optionDocs,
  submit = submitAnswers,
  idPrefix = 'root',
  initial,
  initialUploads,
  uploadAs = 'guest',
  remember = true,
  onStored,
  thanksFooter,
  native,
}: Props) {
  const { compiled, schema, validator } = loaded;
  const form = compiled.form;
  const fields = useMemo(() => new Map(dataFields(form).map((f) => [f.name, f])), [form]);
  const posted = native?.posted ?? null;
  const startFrom = initial ?? (posted?.kind === 'refused' ? posted.answers : undefined);
  const draft = useFormDraft({ formId: form.id, hash: compiled.hash, fieldNames: [...fields.keys()], initial: startFrom, initialUploads, remember });
  usePageDocument(sourced, lang);
  const steps = useSteps(form, draft.restored?.step);
  const answers = useAnswers({ form, fields, sourced, optionDocs, draft, steps });
  const focus = useFormFocus(steps, idPrefix);
  const rjsf = useRef<Form>(null);
  const container = useRef<HTMLDivElement>(null);
  useEarlyInput(container);
  const phoneCheck = usePhoneCheck(form, answers.data, loaded.phoneCheck);
  const submission = useSubmission({ loaded, lang, fields, optionDocs, steps, answers, draft, focus, rjsf, phoneCheck, submit, remember, onStored, posted });
  const uiSchema = useMemo(() => buildUiSchema(form, lang, FIELD_UI), [form, lang]);
  const { state, dispatch, counts } = submission;

  if (state.done) {
    const { answers: sent, pending } = state.done;
    const thanks = (doc: Record<string, unknown>, copyLink?: string) => (
      // A kiosk offers no download: the next guest at the tablet would get it (a guest who gave an email still gets the copy by mail).
      <ThankYou form={form} lang={lang} doc={doc} answers={sent} copyLink={remember ? copyLink : undefined}>
        {thanksFooter}
      </ThankYou>
    );
    if (!pending) return thanks(state.done.doc, state.done.copyLink);
    return (
      <Suspense>
        <QueuedThanks pendingRef={pending} lang={lang} thanks={thanks} onCorrect={submission.correctQueued}>
          {thanksFooter}
        </QueuedThanks>
      </Suspense>
    );
  }

  const context: GuestFormContext = {
    form,
    lang,
    data: answers.data,
    sourced,
    optionDocs,
    edits: draft.edits,
    visibleSections: steps.visibleSections,
    uploadAs,
    remember,
    trackUpload: submission.trackUpload,
    rememberUpload: draft.rememberUpload,
    uploadedFile: draft.uploadedFile,
    // A staff save is never kept for later, nor a form with a human check.
    keepFile: compiled.captcha || uploadAs === 'staff' ? undefined : keepFile,
  };
  return (
    // A submit (button or Enter in a field) first takes what is still being typed: RJSF validates
    // the changes queued before its submit, so these are part of what is checked and sent.
    <div className="engine-form" ref={container} onSubmitCapture={() => draft.edits.flush()}>
      {state.toast && <ErrorToast message={state.toast} lang={lang} onClose={() => dispatch({ type: 'toast', message: null })} />}
      <FormIntro form={form} lang={lang} sourced={sourced} />
      {steps.steps && <StepProgress form={form} steps={steps.steps} index={steps.index} lang={lang} headingRef={focus.stepHeading} />}
      <ErrorSummary items={state.summary} lang={lang} onPick={focus.showField} idPrefix={idPrefix} />
      <Form
        ref={rjsf}
        idPrefix={idPrefix}
        // A draft found after hydration starts the questions again from it (widgets read their saved state when they mount).
        key={draft.late ? 'draft' : 'page'}
        className="guest-form"
        // Without JavaScript the browser posts the form itself (never a GET with the answers in the address).
        method={native ? 'post' : undefined}
        action={native?.action}
        enctype={native && compiled.uploads.length ? 'multipart/form-data' : undefined}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={answers.data}
        formContext={context}
        widgets={guestFormWidgets}
        fields={engineFormFields}
        templates={templates}
        experimental_defaultFormStateBehavior={defaultFormState}
        transformErrors={(errors) => localizeErrors(errors, form.id, fields, lang, counts)}
        customValidate={answerChecks(form, lang, phoneCheck, counts)}
        extraErrors={toErrorSchema(state.serverErrors)}
        onChange={submission.onChange}
        onError={submission.onError}
        onSubmit={(event) => void submission.onSubmit(event.formData ?? answers.data)}
        liveValidate={state.attempted ? 'onChange' : false}
        showErrorList={false}
        noHtml5Validate
        disabled={state.busy}
      >
        <FormActions compiled={compiled} lang={lang} steps={steps} state={state} dispatch={dispatch} onBack={() => submission.goToStep(steps.index - 1)} />
      </Form>
      <DraftMark status={draft.status} />
    </div>
  );
}
