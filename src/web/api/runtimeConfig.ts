// Per-deployment settings written by the server into /runtime-config.js (never baked into the bundle).
import type { RuntimeSettings } from '../../engine/contract/runtime-settings.ts';

/** The settings' shape is declared once, in src/engine/contract/runtime-settings.ts. */
export type RuntimeConfig = RuntimeSettings;

const GOOGLE_RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';

export function runtimeConfig(): RuntimeConfig {
  // globalThis: the page's window, or the server rendering the page (src/web/ssr/).
  const given = (globalThis as { __RUNTIME_CONFIG__?: Window['__RUNTIME_CONFIG__'] }).__RUNTIME_CONFIG__ ?? {};
  return {
    publicApiKey: given.publicApiKey ?? '',
    humanCheck: given.humanCheck ?? (given.recaptchaSiteKey ? 'recaptcha' : 'altcha'),
    recaptchaSiteKey: given.recaptchaSiteKey ?? '',
    recaptchaScriptUrl: given.recaptchaScriptUrl || GOOGLE_RECAPTCHA_SCRIPT,
    apiBaseUrl: (given.apiBaseUrl ?? '').replace(/\/+$/, ''),
  };
}

/** An absolute URL for an API path or a media URL the backend returned (which may be relative). */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = runtimeConfig().apiBaseUrl;
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}
