// Google reCAPTCHA v2 (react-google-recaptcha), used when the server has reCAPTCHA keys.
import { useRef } from 'react';
import ReCAPTCHA from 'react-google-recaptcha/lib/esm/recaptcha.js';
import makeAsyncScriptLoader from 'react-async-script';
import { runtimeConfig } from '../api/runtimeConfig.ts';
import type { CheckWidgetProps } from './checkWidget.ts';
import { CAPTCHA_GLOBAL_NAME, CAPTCHA_ONLOAD_CALLBACK, CAPTCHA_RETRY_INTERVAL_MS, CAPTCHA_SIZE } from './constants.ts';
import { waitForResponse } from './waitForResponse.ts';

function scriptUrl(): string {
  const base = runtimeConfig().recaptchaScriptUrl;
  return `${base}${base.includes('?') ? '&' : '?'}onload=${CAPTCHA_ONLOAD_CALLBACK}&render=explicit`;
}

// The loader reads the script URL when the widget mounts, so deployments (and tests) choose it at run time.
// removeOnUnmount: a script that failed to load is forgotten, so mounting the widget again (Try again) loads it afresh.
const Recaptcha = makeAsyncScriptLoader(scriptUrl, { callbackName: CAPTCHA_ONLOAD_CALLBACK, globalName: CAPTCHA_GLOBAL_NAME, removeOnUnmount: true })(
  ReCAPTCHA,
);

export default function RecaptchaWidget({ lang, onSolved, onExpired, onFailed, onUnavailable }: CheckWidgetProps) {
  const widget = useRef<ReCAPTCHA>(null);

  const onChange = (token: string | null) => {
    if (!token) return onFailed(null);
    void onSolved(waitForResponse(() => (widget.current ? widget.current.getValue() : null)));
  };

  const onTokenExpired = () => {
    onExpired();
    widget.current?.reset();
  };

  const onErrored = () => {
    // reCAPTCHA gives no text for its errors: show nothing and offer a fresh check a little later.
    onFailed(null);
    setTimeout(() => widget.current?.reset(), CAPTCHA_RETRY_INTERVAL_MS);
  };

  const onScriptLoad = (entry: { errored?: boolean }) => {
    if (!entry.errored) return;
    console.error('The captcha script could not be loaded', scriptUrl());
    onUnavailable();
  };

  return (
    <Recaptcha
      ref={widget}
      sitekey={runtimeConfig().recaptchaSiteKey}
      size={CAPTCHA_SIZE}
      hl={lang}
      onChange={onChange}
      onExpired={onTokenExpired}
      onErrored={onErrored}
      asyncScriptOnLoad={onScriptLoad}
    />
  );
}
