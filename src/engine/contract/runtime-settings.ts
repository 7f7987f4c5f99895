// Per-deployment settings the server writes into /runtime-config.js (and hands to its own render of
// the pages), so one build of the pages runs anywhere: declared once here, the server's settings
// and the pages' type (src/web/api/runtimeConfig.ts).
import { Type, type Static } from '@sinclair/typebox';

export const RuntimeSettings = Type.Object({
  publicApiKey: Type.String(),
  /** Which human check the captcha forms show: reCAPTCHA when the server has its keys, else the self-hosted ALTCHA. */
  humanCheck: Type.Union([Type.Literal('recaptcha'), Type.Literal('altcha')]),
  recaptchaSiteKey: Type.String(),
  recaptchaScriptUrl: Type.String(),
  /** '' means the API is on the same origin as the page. */
  apiBaseUrl: Type.String(),
});
export type RuntimeSettings = Static<typeof RuntimeSettings>;
