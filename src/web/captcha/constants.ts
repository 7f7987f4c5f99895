// Every captcha constant of the product, in one place.
export const CAPTCHA_SIZE = 'normal' as const;
/** After the widget reports an error, it is reset for another try after this delay. */
export const CAPTCHA_RETRY_INTERVAL_MS = 8000;
/** How long to wait for the widget's response token, and how often to ask for it. */
export const CAPTCHA_RESPONSE_TIMEOUT_MS = 30000;
export const CAPTCHA_RESPONSE_POLL_MS = 100;
/** reCAPTCHA's script API: it calls window[onload] when ready and renders only when asked. */
export const CAPTCHA_GLOBAL_NAME = 'grecaptcha';
export const CAPTCHA_ONLOAD_CALLBACK = 'onloadcallback';
export const CAPTCHA_VERIFY_PATH = '/api/verify-captcha';
/** The self-hosted check (ALTCHA): where a challenge for a form's action is fetched. */
export const CAPTCHA_CHALLENGE_PATH = '/api/captcha-challenge';
