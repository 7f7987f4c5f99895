// The loader of /staff/users (admins): every user with their role.
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { Role } from '../../../engine/roles.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { requireSignIn, sessionRequest, type StaffMe } from '../../shell/requireSignIn.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type UsersRef = PageOf<'staff-users'>;

export interface ManagedUser {
  id: number;
  email: string;
  name: string | null;
  role: Role;
  password: boolean;
  sso: boolean;
  disabled: boolean;
}

export interface UsersData extends PageData {
  me: StaffMe;
  users: ManagedUser[];
}

export const loadPage: LoadPage<UsersRef, UsersData> = async ({ page, url, signal }) => {
  const me = await requireSignIn(url.href, 'manage-users');
  const answer = await sessionRequest<{ docs: ManagedUser[] }>('GET', '/api/users?limit=100', undefined, signal);
  if (answer.status !== 200 || !answer.body) throw new Error(`Could not load the users: HTTP ${answer.status}`);
  return { languages: page.languages, me, users: answer.body.docs };
};
