// The self-hosted human check (ALTCHA web component), used when the server has no reCAPTCHA keys.
// The CSP-friendly 'altcha/external' build: its stylesheet is a built file and its proof-of-work
// runs in a worker built from 'altcha/workers/pbkdf2' and served from our own origin (no blob:,
// no inline styles injected by script, no eval). Only captcha forms download this module.
import { useEffect, useRef } from 'react';
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/external';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import type { Lang } from '../../engine/definition/definition.ts';
import { authHeaders } from '../api/client.ts';
import { apiUrl } from '../api/runtimeConfig.ts';
import type { CheckWidgetProps } from './checkWidget.ts';
import { CAPTCHA_CHALLENGE_PATH } from './constants.ts';
import { ALTCHA_ALGORITHM } from '../../engine/access/human-check.ts';

globalThis.$altcha.algorithms.set(ALTCHA_ALGORITHM, () => new Pbkdf2Worker());
// The challenge request is an API call like any other: it carries the public key, never cookies.
globalThis.$altcha.defaults.set({
  fetch: (input: RequestInfo | URL, init?: RequestInit) =>
    fetch(input, { ...init, headers: { Accept: 'application/json', ...authHeaders() }, credentials: 'omit' }),
  hideFooter: true,
});

/** The widget's own texts: English is built in, the others are loaded with the page's language. */
const WIDGET_LANGUAGE: Record<Lang, { code: string; load?: () => Promise<unknown> }> = {
  en: { code: 'en' },
  ar: { code: 'ar', load: () => import('altcha/i18n/ar') },
  fr: { code: 'fr-fr', load: () => import('altcha/i18n/fr-fr') },
};

export default function AltchaWidget({ action, lang, onSolved, onExpired, onFailed }: CheckWidgetProps) {
  const element = useRef<AltchaWidgetElement>(null);
  const language = WIDGET_LANGUAGE[lang] ?? WIDGET_LANGUAGE.en;
  // The widget follows its strings store, so texts registered after it rendered still replace English.
  useEffect(() => void language.load?.(), [language]);

  // Latest callbacks for the element's events, which are attached once.
  const handlers = useRef({ onSolved, onExpired, onFailed });
  useEffect(() => {
    handlers.current = { onSolved, onExpired, onFailed };
  });

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    const verified = (event: Event) => {
      const { payload } = (event as CustomEvent<{ payload: string }>).detail;
      void handlers.current.onSolved(Promise.resolve(payload)).then((accepted) => {
        // Refused (e.g. solved too late): the box is unticked for another try beside the message.
        if (!accepted) widget.reset();
      });
    };
    const expired = () => {
      handlers.current.onExpired();
      widget.reset();
    };
    // The widget words its own errors (e.g. the challenge could not be fetched) next to its box.
    const changed = (event: Event) => {
      if ((event as CustomEvent<{ state: string }>).detail.state === 'error') handlers.current.onFailed(null);
    };
    widget.addEventListener('verified', verified);
    widget.addEventListener('expired', expired);
    widget.addEventListener('statechange', changed);
    return () => {
      widget.removeEventListener('verified', verified);
      widget.removeEventListener('expired', expired);
      widget.removeEventListener('statechange', changed);
    };
  }, []);

  return <altcha-widget ref={element} challenge={apiUrl(`${CAPTCHA_CHALLENGE_PATH}?action=${encodeURIComponent(action)}`)} language={language.code} />;
}
