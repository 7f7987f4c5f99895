// The guard of the private pages (staff console, user management, perk redemption), for loaders:
//
//   requireSignIn(requestUrl: string, permission?: string): Promise<StaffMe>
//
// - requestUrl: the loader's `request.url` (the page being opened, with its query).
// - permission: optional, one of 'read-submissions' | 'edit-content' | 'manage-users' |
//   'read-audit' | 'redeem-perks' (src/engine/roles.ts).
// - Resolves with the signed-in user ({ id, email, name, roles, venues }) from GET /api/users/me (the
//   HttpOnly session cookie, sent by the browser; the page never sees the token).
// - Signed out: throws react-router's redirect('/login?next=<path and query>&lang=<lang>'); the
//   sign-in page comes back to that path afterwards.
// - Signed in without the permission: throws redirect('/login-success?denied=<path>'), which says
//   who is signed in and that this account cannot open the page.
//
// Example: `loader: ({ request }) => requireSignIn(request.url, 'read-submissions')`.
import { redirect } from 'react-router-dom';
import { isRole, rolesCan, type Permission } from '../../engine/roles.ts';
import type { SessionAnswer, StaffSessionUser } from '../../engine/contract/session.ts';
import { apiUrl } from '../api/runtimeConfig.ts';

/** The signed-in account as the pages keep it (the shape is the server's answer: engine/contract/session.ts). */
export type StaffMe = Pick<StaffSessionUser, 'id' | 'email' | 'name' | 'roles' | 'venues'>;

/**
 * A call with the session cookie and no public API key (the key would stand for the pages, not
 * the user). The server honours the cookie only from this site (CSRF).
 */
export async function sessionRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  json?: unknown,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T | null; headers: Headers }> {
  const response = await fetch(apiUrl(path), {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(json === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: json === undefined ? undefined : JSON.stringify(json),
    signal,
  });
  const text = await response.text();
  let body: T | null;
  try {
    body = text ? (JSON.parse(text) as T) : null;
  } catch {
    body = null; // not JSON (a proxy's error page): the status says what happened
  }
  return { status: response.status, body, headers: response.headers };
}

/** The signed-in user, or null (signed out, session revoked or expired). */
export async function fetchStaffMe(signal?: AbortSignal): Promise<StaffMe | null> {
  const answer = await sessionRequest<SessionAnswer>('GET', '/api/users/me', undefined, signal);
  const user = answer.status === 200 ? answer.body?.user : null;
  if (!user || !Array.isArray(user.roles)) return null;
  return { id: user.id, email: user.email, name: user.name ?? null, roles: user.roles.filter(isRole), venues: user.venues ?? [] };
}

/** Where a page at `url` sends a signed-out visitor: the sign-in page, in the page's language, coming back here afterwards. */
export function signInPath(url: URL): string {
  const query = new URLSearchParams({ next: `${url.pathname}${url.search}` });
  const lang = url.searchParams.get('lang');
  if (lang) query.set('lang', lang);
  return `/login?${query}`;
}

export async function requireSignIn(requestUrl: string, permission?: string): Promise<StaffMe> {
  const url = new URL(requestUrl);
  const me = await fetchStaffMe();
  if (!me) throw redirect(signInPath(url));
  if (permission !== undefined && !rolesCan(me.roles, permission as Permission)) throw deniedRedirect(url);
  return me;
}

/** To the page that says who is signed in and that this account cannot open `url` (thrown by loaders). */
export function deniedRedirect(url: URL): Response {
  const query = new URLSearchParams({ denied: url.pathname });
  const lang = url.searchParams.get('lang');
  if (lang) query.set('lang', lang);
  return redirect(`/login-success?${query}`);
}

/** Whether one of the signed-in user's roles grants a permission: to show or hide a page's actions (the server checks every call again). */
export const staffCan = (me: StaffMe, permission: Permission) => rolesCan(me.roles, permission);
