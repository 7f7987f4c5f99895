// Who may do what, for a request's caller. The role table itself is shared with the pages
// (src/engine/access/roles.ts). The roles are read from the users row on every request, so a change takes
// effect at once (no token carries it).
import type { Caller } from './caller.ts';
import { isDeskOnly, isStaffAccount, rolesCan, type Permission } from '../../../engine/access/roles.ts';

export { ROLES, VENUE_ROLES, VENUE_SLUG, isRole, isVenueRole, roleCan, rolesCan, type Permission, type Role } from '../../../engine/access/roles.ts';

/** True when the caller is a signed-in user one of whose roles grants the permission. Which submissions: core/access/submission-access.ts. */
export function can(caller: Caller, permission: Permission): boolean {
  return caller.kind === 'staff' && rolesCan(caller.user.roles, permission);
}

/**
 * A staff member (a role other than employee): may open the staff console at all. A desk-only
 * account is not: it uses the waiver desk's own API (permission 'check-in-waivers') and nothing else.
 */
export const isStaff = (caller: Caller) => caller.kind === 'staff' && isStaffAccount(caller.user.roles) && !isDeskOnly(caller.user.roles);
