// Sending a form and saying how it went (state in submission.ts): a step's "Next", the phone
// check awaited, the human check's proof, the server's answer placed at its answers, errors
// said again in a new language, messages that go once their answer changes.
import { useCallback, useEffect, useEffectEvent, useReducer, useRef, useState, type RefObject } from 'react';
import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFValidationError } from '@rjsf/utils';
import type { ResolvedField } from '../../engine/compiler/compiled.ts';
import { pruneHidden } from '../../engine/checks/conditions.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { formText, t } from '../../engine/text/messages.ts';
import { FORM_UNAVAILABLE } from '../../engine/quotas/availability.ts';
import type { PhoneCheck } from '../../engine/checks/answer-checks.ts';
import type { FormData } from './context.ts';
import { answerPath, valueAt } from './errors.ts';
import type { LoadedForm } from './loadForm.ts';
import { hasNoChoices, withoutStaleChoices, type OptionDocs } from './optionLists.ts';
import { answersPhone, loadPhoneCheck } from './phoneCheck.ts';
import type { StepState } from './steps.ts';
import { postedSubmission, startingSubmission, submissionReducer } from './submission.ts';
import type { NativePostOutcome } from '../../engine/contract/native-post.ts';
import type { submitAnswers } from './submitAnswers.ts';
import type { Refusal } from '../offline/queue.ts';
import type { SubmitOutcome } from './createAnswer.ts';
import { summaryItems } from './summaryItems.ts';
import type { FormDraft } from './useFormDraft.ts';
import { sendStarted } from './viewToken.ts';
import type { FormFocus } from './useFormFocus.ts';

interface Options {
  loaded: LoadedForm;
  lang: Lang;
  fields: Map<string, ResolvedField>;
  optionDocs: OptionDocs;
  steps: StepState;
  answers: { data: FormData; keep: (next: FormData, step?: string) => void };
  draft: FormDraft;
  focus: FormFocus;
  rjsf: RefObject<Form | null>;
  phoneCheck: PhoneCheck | null;
  submit: typeof submitAnswers;
  remember: boolean;
  onStored?: () => void;
  /** The server rendering the outcome of a post without JavaScript (features/native-post). */
  posted?: NativePostOutcome | null;
}

export function useSubmission({
  loaded,
  lang,
  fields,
  optionDocs,
  steps,
  answers,
  draft,
  focus,
  rjsf,
  phoneCheck,
  submit,
  remember,
  onStored,
  posted,
}: Options) {
  const { compiled } = loaded;
  const form = compiled.form;
  const [state, dispatch] = useReducer(submissionReducer, posted ?? null, (outcome) =>
    outcome
      ? postedSubmission(outcome, (items) =>
          summaryItems(
            items.map((item) => ({ ...item, name: answerPath(item.name, fields) })),
            form,
            fields,
            lang,
          ),
        )
      : startingSubmission,
  );
  const { data } = answers;

  // A submit that came before the phone check: sent again once it is here, so the phone is checked in the page first.
  const submitWhenChecked = useRef(false);
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!submitWhenChecked.current || !phoneCheck) return;
    submitWhenChecked.current = false;
    rjsf.current?.submit();
  });

  // Shown errors are text in one language: after a language switch, say them again in the new one.
  const quietErrors = useRef(false);
  const sayErrorsAgain = useEffectEvent(() => {
    if (!state.attempted) return;
    quietErrors.current = true;
    if (rjsf.current?.validateForm() !== false) quietErrors.current = false;
  });
  useEffect(() => sayErrorsAgain(), [lang]);

  const announce = (items: { name: string; message: string }[], moveFocus = true) => {
    const summary = summaryItems(items, form, fields, lang);
    if (summary[0] && moveFocus) focus.showField(summary[0].name);
    return summary;
  };

  const goToStep = (index: number) => {
    focus.moveToStep(index);
    dispatch({ type: 'stepChanged' });
    answers.keep(data, steps.steps?.[index].id);
  };

  const onChange = (event: IChangeEvent) => {
    // Sourced values are already in the data (useAnswers.ts); a prefilled question stays editable.
    const next = withoutStaleChoices(form, optionDocs, pruneHidden(form, event.formData ?? {}));
    // A server message is about the old answer: once the guest changes that answer it goes.
    const stale = Object.keys(state.serverErrors).filter((path) => valueAt(next, path) !== valueAt(data, path));
    // The summary lists what is still wrong: answers corrected since drop out of it.
    const recheck = state.summary.length > 0 && event.errors;
    if (stale.length || recheck) {
      const serverErrors = Object.fromEntries(Object.entries(state.serverErrors).filter(([path]) => !stale.includes(path)));
      const open = new Set([...(event.errors ?? []).map((error) => answerPath(error.property ?? '', fields)), ...Object.keys(serverErrors)]);
      dispatch({ type: 'answersChanged', serverErrors, summary: recheck ? state.summary.filter((item) => open.has(item.name)) : state.summary });
    }
    // The first answer the guest gives starts the form (the response funnel, features/reach).
    if (Object.keys(next).some((key) => next[key] !== data[key])) sendStarted();
    answers.keep(next);
  };

  const onError = (errors: RJSFValidationError[]) => {
    const quiet = quietErrors.current;
    quietErrors.current = false;
    const items = errors.map((error) => ({ name: answerPath(error.property ?? '', fields), message: error.message ?? '' })).filter((e) => e.name);
    dispatch({ type: 'errorsShown', attempted: true, summary: announce(items, !quiet) });
  };

  const onSubmit = async (submitted: FormData) => {
    // Before the last step, RJSF's submit is "Next": this step's answers passed the shared validator.
    if (!steps.isLast) return goToStep(steps.index + 1);
    // What RJSF validated, including answers handed over by this submit (our own copy follows a render later).
    const sent = withoutStaleChoices(form, optionDocs, pruneHidden(form, submitted));
    if (!phoneCheck && answersPhone(form, sent)) {
      const here = await loadPhoneCheck().catch(() => null);
      if (here) {
        submitWhenChecked.current = true;
        return rerender((n) => n + 1);
      }
    }
    dispatch({ type: 'sendStarted' });
    if (compiled.captcha && !state.proof) return dispatch({ type: 'toast', message: t('humanCheckNeeded', lang) });
    dispatch({ type: 'sending' });
    const outcome = await submit(compiled.collection, pruneHidden(form, sent), {
      lang,
      captchaProof: state.proof,
      remember,
      uploadClaims: draft.uploadClaims(),
    });
    if (outcome.kind === 'created') {
      draft.clear();
      onStored?.();
      return dispatch({ type: 'stored', done: { doc: outcome.doc, answers: pruneHidden(form, sent), copyLink: outcome.copyLink } });
    }
    if (outcome.kind === 'unreachable') return unreachable(sent, outcome);
    showRefusal(outcome);
  };

  /** No answer: a form without a human check is kept on the device and sent later (offline/queue.ts); one with it cannot prove a human offline. */
  const unreachable = async (sent: FormData, { request, data, uploaded }: Extract<SubmitOutcome, { kind: 'unreachable' }>) => {
    const text = (key: string) => formText(form.id, key, lang);
    const requestFailed = form.submit.requestFailed ? text(form.submit.requestFailed) : t('requestFailed', lang);
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    if (compiled.captcha)
      return dispatch({ type: 'failed', refocusSend: true, toast: offline ? `${requestFailed} ${t('offlineNoHumanCheck', lang)}` : requestFailed });
    if (!request) return dispatch({ type: 'failed', refocusSend: true, toast: requestFailed });
    // Loaded only now (the service worker keeps it for when there is no network).
    const kept = await import('../offline/keep.ts')
      .then(({ keepOnDevice }) => keepOnDevice({ formId: form.id, lang, data: data ?? pruneHidden(form, sent), request }))
      .catch(() => ({ kind: 'failed' as const }));
    if (kept.kind === 'kept') {
      if (uploaded) await import('../offline/keptFiles.ts').then(({ forgetUploaded }) => forgetUploaded(uploaded));
      // The kept submission replaces the draft; both are gone once the server has it.
      draft.clear();
      onStored?.();
      return dispatch({ type: 'stored', done: { doc: {}, answers: pruneHidden(form, sent), pending: kept.pendingRef } });
    }
    dispatch({ type: 'failed', refocusSend: true, toast: kept.kind === 'full' ? t('offlineStorageFull', lang) : requestFailed });
  };

  /** The server refused the answers (now, or a kept submission later): its messages at their answers. */
  const showRefusal = (outcome: Refusal) => {
    const text = (key: string) => formText(form.id, key, lang);
    const failed = form.submit.failed ? text(form.submit.failed) : t('submitFailed', lang);
    // Any answer but a new record spent the proof on the server: the guest passes the check again.
    const newHumanCheck = compiled.captcha !== null ? (true as const) : undefined;
    if (outcome.kind === 'invalid') {
      const serverErrors: Record<string, string[]> = {};
      const placed = outcome.fieldErrors.map((e) => ({ name: answerPath(e.path, fields), message: e.message }));
      for (const error of placed) (serverErrors[error.name] ??= []).push(error.message);
      const toast = outcome.status === 409 ? outcome.fieldErrors[0].message : failed;
      return dispatch({ type: 'failed', refocusSend: false, toast, serverErrors, summary: announce(placed), newHumanCheck });
    }
    // Closed or full since the page opened: the reason, in the guest's language, and the answers stay on screen.
    if (outcome.name === FORM_UNAVAILABLE && outcome.message) return dispatch({ type: 'failed', refocusSend: true, toast: outcome.message, newHumanCheck });
    // A refused proof (expired or already used): the guest has to pass the check again.
    if (outcome.status === 403 && newHumanCheck) return dispatch({ type: 'failed', refocusSend: true, toast: t('humanCheckNeeded', lang), newHumanCheck });
    dispatch({ type: 'failed', refocusSend: true, toast: failed, newHumanCheck });
  };

  /** A kept submission the server refused (offline/QueuedThanks.tsx): the answers again, with its reasons. */
  const correctQueued = (refusal: Refusal) => {
    dispatch({ type: 'backToAnswers' });
    showRefusal(refusal);
  };

  /** Which errors count now: not those of questions that are not asked, nor (before the last step) those of other steps. */
  const counts = (path: string) => {
    const name = path.split('.')[0];
    const field = fields.get(name);
    if (field && hasNoChoices(field, optionDocs, data)) return false;
    return steps.isLast || steps.stepOf(name) === steps.index;
  };

  const trackUpload = useCallback((pending: Promise<unknown>) => {
    dispatch({ type: 'upload', change: 1 });
    void pending.finally(() => dispatch({ type: 'upload', change: -1 }));
  }, []);

  return { state, dispatch, onChange, onError, onSubmit, goToStep, counts, trackUpload, correctQueued };
}
