// Who may do what, for a request's caller. The role table itself is shared with the pages
// (src/engine/roles.ts). The role is read from the users row on every request, so a change takes
// effect at once (no token carries it).
import type { Caller } from './caller.ts';
import { isStaffRole, roleCan, type Permission } from '../../../engine/roles.ts';

export { ROLES, isRole, roleCan, type Permission, type Role } from '../../../engine/roles.ts';

/** True when the caller is a signed-in user whose role grants the permission. */
export function can(caller: Caller, permission: Permission): boolean {
  return caller.kind === 'staff' && roleCan(caller.user.role, permission);
}

/** A staff member (any role but employee): may open the staff console at all. */
export const isStaff = (caller: Caller) => caller.kind === 'staff' && isStaffRole(caller.user.role);
