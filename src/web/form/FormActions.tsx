// The end of a form: the human check (when the form has one, on its last step), Back and the
// send button (Next before the last step).
import { lazy, Suspense, useEffect, useRef, type Dispatch } from 'react';
import type { CompiledForm } from '../../engine/compiler/compiled.ts';
import { dataFields } from '../../engine/checks/conditions.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { formText, t } from '../../engine/text/messages.ts';
import type { StepState } from './steps.ts';
import type { SubmissionAction, SubmissionState } from './submission.ts';
import { useHydrated } from './useHydrated.ts';

// Only forms with a human check download the captcha code.
const HumanCheck = lazy(() => import('../captcha/HumanCheck.tsx').then((module) => ({ default: module.HumanCheck })));

interface Props {
  compiled: CompiledForm;
  lang: Lang;
  steps: StepState;
  state: SubmissionState;
  dispatch: Dispatch<SubmissionAction>;
  onBack: () => void;
}

export function FormActions({ compiled, lang, steps, state, dispatch, onBack }: Props) {
  const form = compiled.form;
  const { busy, proof } = state;
  // The send button is disabled while busy, which drops focus to the page: a failed send gives it back, so Enter tries again.
  // Given back once the button is enabled again (the render that ends busy), not on a timer that may come first.
  const sendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.sendFocus) sendButton.current?.focus();
  }, [state.sendFocus]);
  const label = !steps.isLast
    ? t('next', lang)
    : busy
      ? form.submit.busyLabel
        ? formText(form.id, form.submit.busyLabel, lang)
        : t('submitting', lang)
      : formText(form.id, form.submit.label, lang);
  // The human check is the browser's own (a widget, a proof of work): not part of the server's HTML.
  const hydrated = useHydrated();
  const captchaShown = compiled.captcha !== null && steps.isLast && hydrated;
  // A signature or a human check is the script's: until the page is hydrated (or without JavaScript)
  // the server's HTML has the send button disabled, so no post goes without them.
  const waitingForScript = !hydrated && (compiled.captcha !== null || dataFields(form).some((field) => field.type === 'signature'));
  const blocked = busy || waitingForScript || state.uploading > 0 || (captchaShown && !proof && !state.humanCheckUnavailable);
  return (
    <>
      {compiled.captcha && captchaShown && (
        <Suspense fallback={null}>
          <HumanCheck
            key={state.humanCheckRound}
            action={compiled.captcha.action}
            lang={lang}
            onVerified={(found) => dispatch({ type: 'proof', proof: found })}
            onCleared={() => dispatch({ type: 'proof', proof: null })}
            onUnavailable={(unavailable) => dispatch({ type: 'humanCheckUnavailable', unavailable })}
          />
        </Suspense>
      )}
      <div className="form-actions">
        {steps.index > 0 && (
          <button type="button" className="button button-secondary" onClick={onBack} disabled={busy}>
            {t('back', lang)}
          </button>
        )}
        <button
          ref={sendButton}
          type="submit"
          className="button button-primary"
          disabled={blocked}
          aria-describedby={waitingForScript ? 'page-still-loading' : undefined}
        >
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          {label}
        </button>
      </div>
      {/* Under the button: when the page is ready and the note goes, nothing above it moves. */}
      {waitingForScript && (
        <p className="form-note" id="page-still-loading">
          {t('pageStillLoading', lang)}
        </p>
      )}
    </>
  );
}
