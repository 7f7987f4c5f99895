// Who may open a console page: a signed-in staff member (any role but employee), with the
// permission the page needs. The server checks every call again; this only picks the page.
import type { PageOf } from '../../../engine/contract/routes.ts';
import { redirect } from 'react-router-dom';
import type { Lang } from '../../../engine/languages.ts';
import { requireSignIn, staffCan, type StaffMe } from '../../shell/requireSignIn.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type ConsoleRef = PageOf<'staff-home' | 'staff-submissions' | 'staff-submission' | 'staff-content' | 'staff-content-edit'>;

export async function requireStaff(url: URL, permission?: string): Promise<StaffMe> {
  const me = await requireSignIn(url.href, permission);
  if (me.role === 'employee') throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  return me;
}

export { staffCan, type StaffMe };

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
