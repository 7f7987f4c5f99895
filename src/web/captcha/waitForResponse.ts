// Reads the widget's response token, waiting for it if the widget has not produced it yet.
import { CAPTCHA_RESPONSE_POLL_MS, CAPTCHA_RESPONSE_TIMEOUT_MS } from './constants.ts';

/** Why no token could be read; each maps to one message of the catalogue. */
export class CaptchaResponseError extends Error {
  constructor(readonly reason: 'captchaNoResponse' | 'captchaFailedResponse' | 'captchaTimeout') {
    super(reason);
  }
}

/** getResponse returns null when there is no widget at all, '' while the guest has not finished. */
export function waitForResponse(getResponse: () => string | null, timeoutMs = CAPTCHA_RESPONSE_TIMEOUT_MS, pollMs = CAPTCHA_RESPONSE_POLL_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      let token: string | null;
      try {
        token = getResponse();
      } catch {
        return reject(new CaptchaResponseError('captchaFailedResponse'));
      }
      if (token === null) return reject(new CaptchaResponseError('captchaNoResponse'));
      if (token) return resolve(token);
      if (Date.now() - started >= timeoutMs) return reject(new CaptchaResponseError('captchaTimeout'));
      setTimeout(poll, pollMs);
    };
    poll();
  });
}
