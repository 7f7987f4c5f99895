// What each kind of signed-in user may do. Staff roles come from the issue: admin (everything,
// user management), editor (content), viewer (read submissions). Employees sign in only to redeem
// perks and get no staff rights. The role is read from the users row on every request, so a
// change takes effect at once (no token carries it).
import type { Caller } from './caller.ts';

export const ROLES = ['admin', 'editor', 'viewer', 'employee'] as const;
export type Role = (typeof ROLES)[number];

export type Permission = 'read-submissions' | 'edit-content' | 'manage-users' | 'read-audit' | 'redeem-perks';

const GRANTS: Record<Role, readonly Permission[]> = {
  admin: ['read-submissions', 'edit-content', 'manage-users', 'read-audit', 'redeem-perks'],
  editor: ['edit-content', 'redeem-perks'],
  viewer: ['read-submissions', 'redeem-perks'],
  employee: ['redeem-perks'],
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export function roleCan(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/** True when the caller is a signed-in user whose role grants the permission. */
export function can(caller: Caller, permission: Permission): boolean {
  return caller.kind === 'staff' && roleCan(caller.user.role, permission);
}

/** A staff member (any role but employee): may open the staff console at all. */
export const isStaff = (caller: Caller) => caller.kind === 'staff' && caller.user.role !== 'employee';
