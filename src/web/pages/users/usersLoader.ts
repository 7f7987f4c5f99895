// The loader of /staff/users (admins): every user with their roles and venues, and the venues a
// venue manager may be given.
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { ManagedUser, UsersAnswer } from '../../../engine/contract/users.ts';
import type { VenueOption, VenuesAnswer } from '../../../engine/contract/venues.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { type StaffMe } from '../../staff/requireStaff.ts';
import { staffRequest } from '../../staff/staffRequest.ts';
import { staffMeOf } from '../../staff/staffPage.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type UsersRef = PageOf<'staff-users'>;

export type { ManagedUser };

export interface UsersData extends PageData {
  me: StaffMe;
  users: ManagedUser[];
  venues: VenueOption[];
}

export const loadPage: LoadPage<UsersRef, UsersData> = async ({ page, signal, ...guard }) => {
  // The router ran the guard of its PAGE_KINDS entry (src/web/shell/routeObjects.tsx).
  const me = staffMeOf(guard);
  const [answer, venues] = await Promise.all([
    staffRequest<UsersAnswer>('GET', '/api/users?limit=100', undefined, signal),
    staffRequest<VenuesAnswer>('GET', '/api/users/venues', undefined, signal),
  ]);
  if (answer.status !== 200 || !answer.body) throw new Error(`Could not load the users: HTTP ${answer.status}`);
  if (venues.status !== 200 || !venues.body) throw new Error(`Could not load the venues: HTTP ${venues.status}`);
  return { languages: page.languages, me, users: answer.body.docs, venues: venues.body.docs };
};
