// The human check (reCAPTCHA v2 checkbox). A solved check is only "passed" after the backend
// verified the token and returned a proof; the form's create call carries that proof.
import { useRef, useState } from 'react';
import ReCAPTCHA from 'react-google-recaptcha/lib/esm/recaptcha.js';
import makeAsyncScriptLoader from 'react-async-script';
import type { Lang } from '../../engine/definition.ts';
import { t, type MessageKey } from '../../engine/messages.ts';
import { runtimeConfig } from '../api/runtimeConfig.ts';
import { CAPTCHA_GLOBAL_NAME, CAPTCHA_ONLOAD_CALLBACK, CAPTCHA_RETRY_INTERVAL_MS, CAPTCHA_SIZE } from './constants.ts';
import { verifyCaptcha } from './verifyCaptcha.ts';
import { CaptchaResponseError, waitForResponse } from './waitForResponse.ts';

function scriptUrl(): string {
  const base = runtimeConfig().recaptchaScriptUrl;
  return `${base}${base.includes('?') ? '&' : '?'}onload=${CAPTCHA_ONLOAD_CALLBACK}&render=explicit`;
}

// The loader reads the script URL when the widget mounts, so deployments (and tests) choose it at run time.
const Recaptcha = makeAsyncScriptLoader(scriptUrl, { callbackName: CAPTCHA_ONLOAD_CALLBACK, globalName: CAPTCHA_GLOBAL_NAME })(ReCAPTCHA);

type Message = { key: MessageKey } | { text: string } | null;

interface Props {
  action: string;
  lang: Lang;
  /** Called with the backend's proof once the token was verified. */
  onVerified: (proof: string) => void;
  /** Called whenever a previous success no longer holds (expired, failed, reset). */
  onCleared: () => void;
}

export function HumanCheck({ action, lang, onVerified, onCleared }: Props) {
  const widget = useRef<ReCAPTCHA>(null);
  const [message, setMessage] = useState<Message>(null);
  const [state, setState] = useState<'idle' | 'verifying' | 'verified'>('idle');

  const fail = (next: Message) => {
    setState('idle');
    setMessage(next);
    onCleared();
  };

  const onChange = async (token: string | null) => {
    if (!token) return fail(null);
    setState('verifying');
    setMessage(null);
    try {
      const response = await waitForResponse(() => (widget.current ? widget.current.getValue() : null));
      const verification = await verifyCaptcha(response, action);
      if (!verification.ok) return fail({ key: 'captchaFailed' });
      setState('verified');
      onVerified(verification.proof);
    } catch (error) {
      if (error instanceof CaptchaResponseError) return fail({ key: error.reason });
      const text = error instanceof Error ? error.message : '';
      fail(text ? { text } : { key: 'captchaUnknownError' });
    }
  };

  const onExpired = () => {
    fail({ key: 'captchaExpired' });
    widget.current?.reset();
  };

  const onErrored = () => {
    // reCAPTCHA gives no text for its errors: show nothing and offer a fresh check a little later.
    fail(null);
    setTimeout(() => widget.current?.reset(), CAPTCHA_RETRY_INTERVAL_MS);
  };

  const onScriptLoad = (entry: { errored?: boolean }) => {
    if (entry.errored) console.error('The captcha script could not be loaded', scriptUrl());
  };

  const text = message && ('key' in message ? t(message.key, lang) : message.text);
  return (
    <div className="human-check" role="group" aria-labelledby="human-check-title">
      <p className="human-check-title" id="human-check-title">
        {t('humanCheck', lang)}
      </p>
      <Recaptcha ref={widget} sitekey={runtimeConfig().recaptchaSiteKey} size={CAPTCHA_SIZE} hl={lang} onChange={onChange} onExpired={onExpired} onErrored={onErrored} asyncScriptOnLoad={onScriptLoad} />
      <p className={text ? 'human-check-message field-error' : 'human-check-message'} role="alert">
        {text}
      </p>
      {state === 'verified' && (
        <p className="human-check-status" role="status">
          {t('captchaVerified', lang)}
        </p>
      )}
    </div>
  );
}
