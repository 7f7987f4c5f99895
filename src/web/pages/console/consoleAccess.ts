// Who may open a console page: a signed-in staff member (a role other than employee), with the
// permission the page needs. The server checks every call again; this only picks the page.
import type { PageOf } from '../../../engine/contract/routes.ts';
import { redirect } from 'react-router-dom';
import type { Lang } from '../../../engine/languages.ts';
import { deniedRedirect, requireSignIn, staffCan, type StaffMe } from '../../shell/requireSignIn.ts';
import { formReadScope, isDeskOnly, isStaffAccount, rolesCan, type Permission } from '../../../engine/roles.ts';
import type { CompiledForm } from '../../../engine/compiled.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type ConsoleRef = PageOf<'staff-home' | 'staff-submissions' | 'staff-submission' | 'staff-content' | 'staff-content-edit'>;

export async function requireStaff(url: URL, permission?: string): Promise<StaffMe> {
  const me = await requireSignIn(url.href);
  if (!isStaffAccount(me.roles)) throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  // The waiver desk sees the desk page and nothing else of the console.
  if (isDeskOnly(me.roles)) throw redirect(withLang('/staff/waivers', url.search));
  if (permission !== undefined && !rolesCan(me.roles, permission as Permission)) throw deniedRedirect(url);
  return me;
}

export { staffCan, type StaffMe };

/** Whether the account reads any of a form's submissions (the server's own rule, engine/roles.ts; it checks every call again). */
export const readsForm = (me: StaffMe, form: Pick<CompiledForm, 'access' | 'venue'>) => formReadScope(me, form).kind !== 'none';

/** The console has pages for this account (submissions or content); a desk-only account has none yet, only a note. */
export const hasConsolePages = (me: StaffMe) => rolesCan(me.roles, 'read-submissions') || rolesCan(me.roles, 'edit-content');

/** Stops a loader of a form's submissions that the account may not read: the 'not allowed' page. */
export function requireReader(me: StaffMe, form: Pick<CompiledForm, 'access' | 'venue'>, url: URL): void {
  if (!readsForm(me, form)) throw deniedRedirect(url);
}

/** Keeps ?lang= on links between console pages. */
export function withLang(path: string, search: string): string {
  const lang = new URLSearchParams(search).get('lang');
  if (!lang) return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
}

export const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' });

/** A date and time in the staff member's language, with Latin digits in every language (references and phone numbers are read aloud in them). */
export function staffDateTime(iso: unknown, lang: Lang): string {
  if (typeof iso !== 'string') return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
