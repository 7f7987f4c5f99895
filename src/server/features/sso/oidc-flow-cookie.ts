// The single sign-on's transient state (PKCE verifier, state, nonce, where to go afterwards) lives
// in a short-lived HttpOnly cookie signed with the JWT secret, not in server memory: the provider
// may send the browser back to any instance behind the load balancer.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const FLOW_COOKIE = 'oidc-flow';
/** Where the cookie is sent: the callback only. */
export const FLOW_COOKIE_PATH = '/api/users/oidc';
/** Time to sign in at the provider (a password, perhaps a second factor). */
export const FLOW_SECONDS = 10 * 60;

export interface OidcFlow {
  verifier: string;
  state: string;
  nonce: string;
  next: string | null;
  /** Unix seconds. */
  exp: number;
}

const mac = (body: string, secret: string) => createHmac('sha256', secret).update(`oidc-flow.${body}`).digest('base64url');

export function sealFlow(flow: OidcFlow, secret: string): string {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${body}.${mac(body, secret)}`;
}

/** The flow, or null when the cookie is missing, altered or expired. */
export function openFlow(sealed: string | null | undefined, secret: string, now = Date.now()): OidcFlow | null {
  const [body, signature, extra] = (sealed ?? '').split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(body, secret));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const flow = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OidcFlow;
    return typeof flow.verifier === 'string' && typeof flow.state === 'string' && typeof flow.nonce === 'string' && flow.exp > now / 1000 ? flow : null;
  } catch {
    return null;
  }
}
