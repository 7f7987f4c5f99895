// The one guard of the staff pages, for loaders:
//
//   requireStaff(url, permission?, { console? }): Promise<StaffMe>
//
// - url: the loader's URL (the page being opened, with its query), as a URL or its href.
// - permission: one of engine/access/roles.ts's Permission; none: any signed-in account (chat, the
//   "signed in" page).
// - console: a console page (submissions, content, alerts, home): only a staff account (a role other
//   than employee), and a desk-only account goes to its desk (/staff/waivers).
// - Resolves with the signed-in user ({ id, email, name, roles, venues }) from GET /api/users/me (the
//   HttpOnly session cookie; the page never sees the token).
// - Signed out: throws react-router's redirect('/login?next=<path and query>&lang=<lang>'); the
//   sign-in page comes back to that path afterwards.
// - Signed in without the permission: throws redirect('/login-success?denied=<path>'), which says
//   who is signed in and that this account cannot open the page.
// The server checks every call again; this only picks the page.
//
// Example: `loader: ({ request }) => requireStaff(request.url, 'read-submissions')`.
import { redirect } from 'react-router-dom';
import { isDeskOnly, isRole, isStaffAccount, rolesCan, type Permission } from '../../engine/access/roles.ts';
import type { SessionAnswer, StaffSessionUser } from '../../engine/contract/session.ts';
import { staffRequest } from './staffRequest.ts';
import { staffLink } from './staffLink.ts';

/** The signed-in account as the pages keep it (the shape is the server's answer: engine/contract/session.ts). */
export type StaffMe = Pick<StaffSessionUser, 'id' | 'email' | 'name' | 'roles' | 'venues'>;

/** The signed-in user, or null (signed out, session revoked or expired). */
export async function fetchStaffMe(signal?: AbortSignal): Promise<StaffMe | null> {
  const answer = await staffRequest<SessionAnswer | null>('GET', '/api/users/me', undefined, signal);
  const user = answer.status === 200 ? answer.body?.user : null;
  if (!user || !Array.isArray(user.roles)) return null;
  return { id: user.id, email: user.email, name: user.name ?? null, roles: user.roles.filter(isRole), venues: user.venues ?? [] };
}

/** Where a page at `url` sends a signed-out visitor: the sign-in page, in the page's language, coming back here afterwards. */
export function signInPath(url: URL): string {
  return staffLink(`/login?${new URLSearchParams({ next: `${url.pathname}${url.search}` })}`, url.search);
}

export async function requireStaff(requestUrl: URL | string, permission?: Permission, options: { console?: boolean } = {}): Promise<StaffMe> {
  const url = new URL(requestUrl);
  const me = await fetchStaffMe();
  if (!me || (options.console && !isStaffAccount(me.roles))) throw redirect(signInPath(url));
  // The waiver desk sees the desk page and nothing else of the console.
  if (options.console && isDeskOnly(me.roles)) throw redirect(staffLink('/staff/waivers', url.search));
  if (permission !== undefined && !rolesCan(me.roles, permission)) throw deniedRedirect(url);
  return me;
}

/** To the page that says who is signed in and that this account cannot open `url` (thrown by loaders). */
export function deniedRedirect(url: URL): Response {
  return redirect(staffLink(`/login-success?${new URLSearchParams({ denied: url.pathname })}`, url.search));
}

/** Whether one of the signed-in user's roles grants a permission: to show or hide a page's actions (the server checks every call again). */
export const staffCan = (me: StaffMe, permission: Permission) => rolesCan(me.roles, permission);
