import type { Queryable } from '../db/db.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { t } from '../../../engine/text/messages.ts';
import { isRole, isVenueRole, ROLES, VENUE_ROLES, VENUE_SLUG, type Role } from './roles.ts';
import type { StaffSessionUser } from '../../../engine/contract/session.ts';

/** The account as the server and the pages know it (engine/contract/session.ts). */
export type StaffUser = StaffSessionUser;

export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  /** Every role the account holds (migration 40; the old single `role` column is kept only as history). */
  roles: string[];
  /** Venue slugs the venue-scoped roles are limited to (a desk's: attraction slugs). */
  venues: string[];
  name: string | null;
  /** Set when an admin disabled the account: no sign-in, no token works. */
  disabled_at?: Date | null;
  created_at: Date;
  updated_at: Date;
  [key: string]: unknown;
}

/** The words staff already know for a disabled account (the previous staff app's, kept on purpose). */
export const USER_DISABLED = 'User has been disabled. Please contact IT.';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function toStaffUser(row: UserRow): StaffUser {
  // A name that is no role (e.g. one written by an older version) grants nothing.
  const roles = (row.roles ?? []).filter(isRole);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles,
    venues: row.venues ?? [],
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What is wrong with a set of roles and venues, in words for the one who typed them (null when right). */
export function rolesProblem(roles: readonly string[], venues: readonly string[]): { field: 'roles' | 'venues'; message: string } | null {
  const unknown = roles.find((role) => !isRole(role));
  if (unknown !== undefined) return { field: 'roles', message: `"${unknown}" is not a role: use ${ROLES.join(', ')}.` };
  const badVenue = venues.find((venue) => !VENUE_SLUG.test(venue) || venue.length > 100);
  if (badVenue !== undefined) return { field: 'venues', message: `"${badVenue}" is not a venue slug (lower-case letters, digits and hyphens, e.g. cova).` };
  if (venues.length > 0 && !roles.some((role) => isRole(role) && isVenueRole(role)))
    return { field: 'venues', message: `Venues are given only with a venue role (${VENUE_ROLES.join(', ')}).` };
  return null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [normalizeEmail(email)]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/**
 * Creates the user (an admin unless one or more roles are given), or sets a new password (and the roles and
 * venues, when roles are given) when the email exists.
 */
export async function saveStaffUser(
  db: Queryable,
  email: string,
  password: string,
  role?: Role | readonly Role[],
  venues: readonly string[] = [],
): Promise<StaffUser> {
  const roles = typeof role === 'string' ? [role] : role;
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) throw new Error(`"${email}" is not an email address.`);
  const passwordRefused = await passwordProblem(password);
  if (passwordRefused) throw new Error(t(passwordRefused.key, 'en', passwordRefused.vars));
  if (roles !== undefined && roles.length === 0) throw new Error('Give at least one role.');
  const problem = rolesProblem(roles ?? ['admin'], venues);
  if (problem) throw new Error(problem.message);
  const given = roles === undefined ? null : [...new Set(roles)];
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, password_hash, roles, venues) VALUES ($1, $2, COALESCE($3::text[], ARRAY['admin']), $4::text[])
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, roles = COALESCE($3::text[], users.roles),
       venues = CASE WHEN $3::text[] IS NULL THEN users.venues ELSE $4::text[] END, updated_at = now()
     RETURNING *`,
    [normalizeEmail(email), await hashPassword(password), given, [...new Set(venues)]],
  );
  return toStaffUser(rows[0]);
}
