// The human check: reCAPTCHA when the server has its keys, else the self-hosted ALTCHA proof of
// work (runtime config `humanCheck`). Either way a solved check is only "passed" after the backend
// verified its token and returned a proof; the form's create call carries that proof. Only the
// widget in use is downloaded.
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import type { Lang } from '../../engine/definition/definition.ts';
import { t } from '../../engine/text/messages.ts';
import { runtimeConfig } from '../api/runtimeConfig.ts';
import type { CheckMessage, CheckWidgetProps } from './checkWidget.ts';
import { verifyCaptcha } from './verifyCaptcha.ts';
import { CaptchaResponseError } from './waitForResponse.ts';

const loadWidget = () => (runtimeConfig().humanCheck === 'recaptcha' ? import('./RecaptchaWidget.tsx') : import('./AltchaWidget.tsx'));

/** A widget module that cannot be downloaded (offline) is reported like a widget script that cannot load. */
class WidgetLoadBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The human check could not be loaded', error);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

interface Props {
  action: string;
  lang: Lang;
  /** Called with the backend's proof once the token was verified. */
  onVerified: (proof: string) => void;
  /** Called whenever a previous success no longer holds (expired, failed, reset). */
  onCleared: () => void;
  /** Called with true when the check cannot be loaded (the form then still validates), false once it is shown again. */
  onUnavailable?: (unavailable: boolean) => void;
}

export function HumanCheck({ action, lang, onVerified, onCleared, onUnavailable }: Props) {
  const [message, setMessage] = useState<CheckMessage>(null);
  const [state, setState] = useState<'idle' | 'verifying' | 'verified' | 'unavailable'>('idle');
  // Each attempt to show the check gets a fresh module import and widget (React caches a failed lazy import).
  const [attempt, setAttempt] = useState(0);
  const [Widget, setWidget] = useState(() => lazy(loadWidget));

  const fail = (next: CheckMessage) => {
    setState('idle');
    setMessage(next);
    onCleared();
  };

  const events: Omit<CheckWidgetProps, 'action' | 'lang'> = {
    async onSolved(token) {
      setState('verifying');
      setMessage(null);
      try {
        const verification = await verifyCaptcha(await token, action);
        if (!verification.ok) {
          fail({ key: 'captchaFailed' });
          return false;
        }
        setState('verified');
        onVerified(verification.proof);
        return true;
      } catch (error) {
        if (error instanceof CaptchaResponseError) fail({ key: error.reason });
        else fail(error instanceof Error && error.message ? { text: error.message } : { key: 'captchaUnknownError' });
        return false;
      }
    },
    onExpired: () => fail({ key: 'captchaExpired' }),
    onFailed: fail,
    onUnavailable() {
      fail({ key: 'captchaUnavailable' });
      setState('unavailable');
      onUnavailable?.(true);
    },
  };

  const retry = () => {
    setMessage(null);
    setState('idle');
    onUnavailable?.(false);
    setAttempt((n) => n + 1);
    setWidget(() => lazy(loadWidget));
  };

  const text = message && ('key' in message ? t(message.key, lang) : message.text);
  return (
    <div className="human-check" role="group" aria-labelledby="human-check-title">
      <p className="human-check-title" id="human-check-title">
        {t('humanCheck', lang)}
      </p>
      {state !== 'unavailable' && (
        <WidgetLoadBoundary key={attempt} onError={events.onUnavailable}>
          <Suspense fallback={null}>
            <Widget action={action} lang={lang} {...events} />
          </Suspense>
        </WidgetLoadBoundary>
      )}
      <p className={text ? 'human-check-message field-error' : 'human-check-message'} role="alert">
        {text}
      </p>
      {state === 'unavailable' && (
        <button type="button" className="button button-secondary button-small" onClick={retry}>
          {t('captchaRetry', lang)}
        </button>
      )}
      {state === 'verified' && (
        <p className="human-check-status" role="status">
          {t('captchaVerified', lang)}
        </p>
      )}
    </div>
  );
}
