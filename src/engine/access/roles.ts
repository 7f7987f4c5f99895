// What each kind of signed-in user may do, shared by the server (which enforces it) and the pages
// (which show only what the role can use). Staff roles come from the issue: admin (everything,
// user management), editor (content), viewer (read submissions). Employees sign in only to redeem
// perks and get no staff rights.
export const ROLES = ['admin', 'editor', 'viewer', 'manager', 'hr', 'compliance', 'desk', 'employee'] as const;
export type Role = (typeof ROLES)[number];

export type Permission =
  | 'read-submissions'
  | 'edit-content'
  | 'manage-users'
  | 'read-audit'
  | 'redeem-perks'
  | 'manage-alerts'
  | 'privacy-requests'
  | 'check-in-waivers'
  | 'manage-distribution-points';

const GRANTS: Record<Role, readonly Permission[]> = {
  // manage-alerts: the alert rules (content only admins see), the delivery log and resending.
  // privacy-requests: find, export and erase what is held about a person, across every form (/staff/privacy).
  // manage-distribution-points: QR cards and their short addresses (/staff/distribution-points), a manager's of its venues (features/reach).
  admin: [
    'read-submissions',
    'edit-content',
    'manage-users',
    'read-audit',
    'redeem-perks',
    'manage-alerts',
    'privacy-requests',
    'check-in-waivers',
    'manage-distribution-points',
  ],
  editor: ['edit-content', 'redeem-perks'],
  viewer: ['read-submissions', 'redeem-perks'],
  // Which forms each of these reads is said by the form's definition (`access`), a manager's also by its venues.
  manager: ['read-submissions', 'redeem-perks', 'manage-distribution-points'],
  hr: ['read-submissions', 'redeem-perks'],
  compliance: ['read-submissions', 'redeem-perks'],
  // The waiver desk (/staff/waivers): finds signed waivers and checks guests in, through its own API only.
  desk: ['redeem-perks', 'check-in-waivers'],
  employee: ['redeem-perks'],
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export function roleCan(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/** A staff member (any role but employee): may open the staff console at all. */
export const isStaffRole = (role: Role) => role !== 'employee';

/** Who reads a form's submissions when its definition does not say (CompiledForm.access), and perk redemptions. */
export const DEFAULT_READERS = ['admin', 'viewer'] as const;

/**
 * Roles limited to the venues the account carries: a restaurant's manager reads that restaurant's
 * surveys; a desk finds the waivers of its attractions (a waiver definition's `attraction` slug).
 */
export const VENUE_ROLES: readonly Role[] = ['manager', 'desk'];
export const isVenueRole = (role: Role) => VENUE_ROLES.includes(role);

/** An account may hold several roles: it may do what any of them grants. */
export const rolesCan = (roles: readonly Role[], permission: Permission) => roles.some((role) => roleCan(role, permission));

/** A staff account (holds a role other than employee): may open the staff console at all. */
export const isStaffAccount = (roles: readonly Role[]) => roles.some(isStaffRole);

/** An account whose only staff role is the waiver desk: the console shows it the desk page (/staff/waivers) and nothing else. */
export const isDeskOnly = (roles: readonly Role[]) => roles.includes('desk') && roles.every((role) => role === 'desk' || role === 'employee');

/** A venue's slug as accounts carry it (lower-case words joined by hyphens, like content slugs). */
export const VENUE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What an account reads of one form's submissions: all of them, those of some venues, or none. */
export type ReadScope = { kind: 'all' } | { kind: 'venues'; venues: readonly string[] } | { kind: 'none' };

/**
 * The rule (enforced by the server's core/access/submission-access.ts, shown by the console): a
 * role reads a form when the form's `access` lists it (admin and viewer when the definition says
 * nothing) and the role grants 'read-submissions'; a venue role only the submissions of the
 * account's venues, and nothing of a form without a venue question. Several roles: the widest wins.
 */
export function formReadScope(account: { roles: readonly Role[]; venues: readonly string[] }, form: { access: readonly Role[]; venue: unknown }): ReadScope {
  const readers = account.roles.filter((role) => form.access.includes(role) && roleCan(role, 'read-submissions'));
  if (readers.some((role) => !isVenueRole(role))) return { kind: 'all' };
  if (readers.length === 0 || !form.venue || account.venues.length === 0) return { kind: 'none' };
  return { kind: 'venues', venues: [...account.venues] };
}

/**
 * Which waivers of a form the waiver desk finds for an account: every one (a role with
 * 'check-in-waivers' that is no venue role: admin), those of a desk's attractions (the form's
 * `attraction` among the account's venues), or none. Enforced by core/access/submission-access.ts.
 */
export function formDeskScope(account: { roles: readonly Role[]; venues: readonly string[] }, form: { attraction?: string }): 'all' | 'none' {
  const desks = account.roles.filter((role) => roleCan(role, 'check-in-waivers'));
  if (desks.some((role) => !isVenueRole(role))) return 'all';
  return desks.length > 0 && form.attraction !== undefined && account.venues.includes(form.attraction) ? 'all' : 'none';
}
