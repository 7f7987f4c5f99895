// The pages' Content-Security-Policy. No 'unsafe-eval' (forms are validated by precompiled code)
// and no 'unsafe-inline' scripts: the pages run our own scripts and the human check's, nothing
// content can write (a restaurant's tag runs in a sandboxed frame, page-scripts.ts). Styles need 'unsafe-inline'
// because React style attributes and the reCAPTCHA widget set inline styles. Google's origins are
// allowed only when reCAPTCHA is the human check; the self-hosted ALTCHA check needs nothing more
// than 'self' (its script, stylesheet and proof-of-work worker are built files of our own origin).

/** Google's widget script loads further code from gstatic. */
const RECAPTCHA_EXTRA_SCRIPTS = ['https://www.gstatic.com'];
const RECAPTCHA_FRAMES = ['https://www.google.com', 'https://recaptcha.google.com'];

/** The policy of every page (no content adds to it). recaptchaScriptUrl: null when the human check is the self-hosted ALTCHA. */
export function pagePolicy(recaptchaScriptUrl: string | null): string {
  const recaptchaScripts = recaptchaScriptUrl ? [new URL(recaptchaScriptUrl).origin, ...RECAPTCHA_EXTRA_SCRIPTS] : [];
  const scripts = ["'self'", ...recaptchaScripts];
  const frames = ["'self'", ...(recaptchaScriptUrl ? RECAPTCHA_FRAMES : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // 'self': the documents viewer shows a PDF document inline; a form page holds its document's scripts' frame.
    `frame-src ${frames.join(' ')}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
