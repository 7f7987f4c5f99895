import type { Queryable } from '../db/db.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { t } from '../../../engine/messages.ts';
import { isRole, type Role } from './roles.ts';

export interface StaffUser {
  id: number;
  email: string;
  role: Role;
  name: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  role: string;
  name: string | null;
  /** Set when an admin disabled the account: no sign-in, no token works. */
  disabled_at?: Date | null;
  created_at: Date;
  updated_at: Date;
  [key: string]: unknown;
}

/** The old app's words for a disabled account (research/previous-system.md 2.9). */
export const USER_DISABLED = 'User has been disabled. Please contact IT.';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function toStaffUser(row: UserRow): StaffUser {
  // An unknown role (impossible by the table's CHECK) grants the least.
  return { id: row.id, email: row.email, role: isRole(row.role) ? row.role : 'employee', name: row.name, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
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
 * Creates the user (an admin unless a role is given), or sets a new password (and the role, when
 * given) when the email exists.
 */
export async function saveStaffUser(db: Queryable, email: string, password: string, role?: Role): Promise<StaffUser> {
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) throw new Error(`"${email}" is not an email address.`);
  const problem = await passwordProblem(password);
  if (problem) throw new Error(t(problem.key, 'en', problem.vars));
  if (role !== undefined && !isRole(role)) throw new Error(`"${String(role)}" is not a role: use admin, editor, viewer or employee.`);
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, password_hash, role) VALUES ($1, $2, COALESCE($3, 'admin'))
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = COALESCE($3, users.role), updated_at = now()
     RETURNING *`,
    [normalizeEmail(email), await hashPassword(password), role ?? null],
  );
  return toStaffUser(rows[0]);
}
