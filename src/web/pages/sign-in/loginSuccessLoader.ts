// The loader of /login-success: who is signed in (signed out: to /login), and which page this
// account was refused (?denied=, from requireStaff, src/web/staff/requireStaff.ts).
import type { PageOf } from '../../../engine/contract/routes.ts';
import { redirect } from 'react-router-dom';
import { safeNextPath } from '../../../engine/access/next-path.ts';
import { isDeskOnly } from '../../../engine/access/roles.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { type StaffMe } from '../../staff/requireStaff.ts';
import { staffLink } from '../../staff/staffLink.ts';
import { staffMeOf } from '../../staff/staffPage.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type LoginSuccessRef = PageOf<'login-success'>;

export interface LoginSuccessData extends PageData {
  me: StaffMe;
  denied: string | null;
}

export const loadPage: LoadPage<LoginSuccessRef, LoginSuccessData> = async ({ page, url, ...guard }) => {
  // The router ran the guard of its PAGE_KINDS entry (src/web/shell/routeObjects.tsx).
  const me = staffMeOf(guard);
  const denied = safeNextPath(url.searchParams.get('denied'));
  // A desk account's console is the waiver desk: signing in lands there.
  if (isDeskOnly(me.roles) && !denied) throw redirect(staffLink('/staff/waivers', url.search));
  return { languages: page.languages, me, denied };
};
