import type { Queryable } from '../db/db.ts';
import { hashPassword } from './passwords.ts';

export interface StaffUser {
  id: number;
  email: string;
  createdAt: string;
  updatedAt: string;
}

interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  created_at: Date;
  updated_at: Date;
  [key: string]: unknown;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function toStaffUser(row: UserRow): StaffUser {
  return { id: row.id, email: row.email, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [normalizeEmail(email)]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** Creates the staff user, or sets a new password when the email exists. */
export async function saveStaffUser(db: Queryable, email: string, password: string): Promise<StaffUser> {
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) throw new Error(`"${email}" is not an email address.`);
  if (password.length < 8) throw new Error('The password must have at least 8 characters.');
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, password_hash) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()
     RETURNING *`,
    [normalizeEmail(email), await hashPassword(password)],
  );
  return toStaffUser(rows[0]);
}
