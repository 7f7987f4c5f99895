// The backend checks the token with the captcha provider and gives back a proof that the form's
// create call must carry (X-Captcha-Proof): the check is enforced by the server, not the page.
import { apiRequest } from '../api/client.ts';
import { CAPTCHA_VERIFY_PATH } from './constants.ts';

export type Verification = { ok: true; proof: string } | { ok: false };

/** Throws when the request itself fails; the caller shows that error's message. */
export async function verifyCaptcha(token: string, action: string): Promise<Verification> {
  const answer = await apiRequest<{ success?: boolean; proof?: string } | null>('POST', CAPTCHA_VERIFY_PATH, { json: { token, action } });
  if (answer.status === 200 && answer.body?.success !== false && typeof answer.body?.proof === 'string') return { ok: true, proof: answer.body.proof };
  return { ok: false };
}
