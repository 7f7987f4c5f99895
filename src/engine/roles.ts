// What each kind of signed-in user may do, shared by the server (which enforces it) and the pages
// (which show only what the role can use). Staff roles come from the issue: admin (everything,
// user management), editor (content), viewer (read submissions). Employees sign in only to redeem
// perks and get no staff rights.
export const ROLES = ['admin', 'editor', 'viewer', 'manager', 'hr', 'compliance', 'desk', 'employee'] as const;
export type Role = (typeof ROLES)[number];

export type Permission = 'read-submissions' | 'edit-content' | 'manage-users' | 'read-audit' | 'redeem-perks' | 'manage-alerts';

const GRANTS: Record<Role, readonly Permission[]> = {
  // manage-alerts: the alert rules (content only admins see), the delivery log and resending.
  admin: ['read-submissions', 'edit-content', 'manage-users', 'read-audit', 'redeem-perks', 'manage-alerts'],
  editor: ['edit-content', 'redeem-perks'],
  viewer: ['read-submissions', 'redeem-perks'],
  // Which forms each of these reads is said by the form's definition (`access`), a manager's also by its venues.
  manager: ['read-submissions', 'redeem-perks'],
  hr: ['read-submissions', 'redeem-perks'],
  compliance: ['read-submissions', 'redeem-perks'],
  desk: ['redeem-perks'],
  employee: ['redeem-perks'],
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export function roleCan(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/** A staff member (any role but employee): may open the staff console at all. */
export const isStaffRole = (role: Role) => role !== 'employee';
