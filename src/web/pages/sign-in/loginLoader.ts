// The loader of /login: whether single sign-on is offered, and where to go afterwards (?next=, a
// path on this site only). A visitor already signed in goes straight there.
import type { PageOf } from '../../../engine/contract/routes.ts';
import { redirect } from 'react-router-dom';
import { safeNextPath } from '../../../engine/access/next-path.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { fetchStaffMe } from '../../staff/requireStaff.ts';
import { staffRequest } from '../../staff/staffRequest.ts';
import { staffLink } from '../../staff/staffLink.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type LoginRef = PageOf<'login'>;

export interface LoginData extends PageData {
  sso: boolean;
  next: string | null;
  /** A reason from the single sign-on callback (?error=). */
  error: string | null;
  signedOut: boolean;
}

export const loadPage: LoadPage<LoginRef, LoginData> = async ({ page, url, signal }) => {
  const next = safeNextPath(url.searchParams.get('next'));
  const error = url.searchParams.get('error');
  const [options, me] = await Promise.all([
    staffRequest<{ sso?: unknown }>('GET', '/api/users/sign-in-options', undefined, signal).catch(() => null),
    fetchStaffMe(signal).catch(() => null),
  ]);
  if (me && !error) throw redirect(next ?? staffLink('/login-success', url.search));
  return { languages: page.languages, sso: options?.body?.sso === true, next, error, signedOut: url.searchParams.has('signed-out') };
};
