// User management for admins: the list, a new account with its roles (and venues), and a change of
// roles, venues, name or disabled. The last admin cannot lose the role: nobody could manage users any more.
import type { Db, Queryable } from '../../core/db/db.ts';
import { UNIQUE_VIOLATION, isDatabaseError } from '../../core/db/db.ts';
import { validationError, type FieldError } from '../../core/errors.ts';
import { hashPassword, PASSWORD_MIN_LENGTH, passwordProblem } from '../../core/access/passwords.ts';
import { t } from '../../../engine/text/messages.ts';
import type { Lang } from '../../../engine/definition/definition.ts';
import type { Role } from '../../core/access/roles.ts';
import { normalizeEmail, rolesProblem, toStaffUser, type UserRow } from '../../core/access/staff-users.ts';
import type { ManagedUser } from '../../../engine/contract/users.ts';
import { LAST_ADMIN } from '../../../engine/contract/errors.ts';

/** A user as admins see it (src/engine/contract/users.ts). */
export type { ManagedUser };

const managed = (row: UserRow): ManagedUser => ({
  ...toStaffUser(row),
  collection: 'users',
  password: row.password_hash !== null,
  sso: row.sso_subject !== null && row.sso_subject !== undefined,
  disabled: Boolean(row.disabled_at),
});

/** Any constant: serialises role changes, so two admins demoting each other at once keep one admin. */
const ADMINS_LOCK = 7_262_010;
const NAME_MAX = 200;

export async function listUsers(db: Queryable, page: number, limit: number): Promise<{ docs: ManagedUser[]; totalDocs: number }> {
  const { rows: count } = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM users');
  const { rows } = await db.query<UserRow>('SELECT * FROM users ORDER BY email LIMIT $1 OFFSET $2', [limit, (page - 1) * limit]);
  return { docs: rows.map(managed), totalDocs: count[0].total };
}

type Body = Record<string, unknown>;

/** Roles and venues as sent (`roles` and `venues` lists; a single `role` as earlier clients send it); undefined when not sent. */
export interface RolesChange {
  roles: Role[];
  venues: string[];
}

const LIST_MAX = 100;
const FIELD_LABEL = { roles: 'Roles', venues: 'Venues' } as const;

function readRoles(body: Body, errors: FieldError[], knownVenues: ReadonlySet<string>): RolesChange | undefined {
  if (body.roles === undefined && body.role === undefined && body.venues === undefined) return undefined;
  const roles = body.roles ?? (body.role === undefined ? undefined : [body.role]);
  const venues = body.venues ?? [];
  const isList = (value: unknown): value is string[] => Array.isArray(value) && value.length <= LIST_MAX && value.every((item) => typeof item === 'string');
  if (!isList(roles) || roles.length === 0) errors.push({ path: 'roles', label: 'Roles', message: 'Choose at least one role.' });
  else if (!isList(venues)) errors.push({ path: 'venues', label: 'Venues', message: 'Send the venues as a list of venue slugs.' });
  else {
    const problem = rolesProblem(roles, venues);
    const unknown = venues.find((venue) => !knownVenues.has(venue));
    if (problem) errors.push({ path: problem.field, label: FIELD_LABEL[problem.field], message: problem.message });
    else if (unknown !== undefined) errors.push({ path: 'venues', label: 'Venues', message: `"${unknown}" is no venue: choose among the venues listed.` });
    else return { roles: [...new Set(roles)] as Role[], venues: [...new Set(venues)].sort() };
  }
  return undefined;
}

/** What a change of roles and venues granted and removed, for the audit log (null when nothing changed). */
export function rolesDifference(
  before: { roles: readonly string[]; venues: readonly string[] },
  after: { roles: readonly string[]; venues: readonly string[] },
) {
  const minus = (a: readonly string[], b: readonly string[]) => a.filter((item) => !b.includes(item));
  const difference = {
    granted: minus(after.roles, before.roles),
    removed: minus(before.roles, after.roles),
    venuesAdded: minus(after.venues, before.venues),
    venuesRemoved: minus(before.venues, after.venues),
  };
  return Object.values(difference).some((list) => list.length > 0) ? difference : null;
}

function readName(body: Body, errors: FieldError[]): string | null | undefined {
  if (body.name === undefined) return undefined;
  if (body.name === null || (typeof body.name === 'string' && body.name.trim() === '')) return null;
  if (typeof body.name === 'string' && body.name.length <= NAME_MAX) return body.name.trim();
  errors.push({ path: 'name', label: 'Name', message: `Enter a name of at most ${NAME_MAX} characters.` });
  return undefined;
}

export async function createUser(db: Queryable, body: Body, knownVenues: ReadonlySet<string>, lang: Lang = 'en'): Promise<ManagedUser> {
  const errors: FieldError[] = [];
  const email = typeof body.email === 'string' ? normalizeEmail(body.email) : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    errors.push({ path: 'email', label: 'Email', message: 'Enter a valid email address, e.g. name@example.com.' });
  const problem =
    typeof body.password === 'string' ? await passwordProblem(body.password) : ({ key: 'passwordTooShort', vars: { min: PASSWORD_MIN_LENGTH } } as const);
  if (problem) errors.push({ path: 'password', label: t('signInPassword', lang), message: t(problem.key, lang, problem.vars) });
  const { roles, venues } = readRoles(body, errors, knownVenues) ?? { roles: ['employee'], venues: [] };
  const name = readName(body, errors) ?? null;
  if (errors.length) throw validationError('users', errors);
  try {
    const { rows } = await db.query<UserRow>(
      'INSERT INTO users (email, password_hash, roles, venues, name) VALUES ($1, $2, $3::text[], $4::text[], $5) RETURNING *',
      [email, await hashPassword(body.password as string), roles, venues, name],
    );
    return managed(rows[0]);
  } catch (error) {
    if (isDatabaseError(error) && error.code === UNIQUE_VIOLATION)
      throw validationError('users', [{ path: 'email', label: 'Email', message: 'A user with the given email is already registered.' }]);
    throw error;
  }
}

function readDisabled(body: Body, errors: FieldError[]): boolean | undefined {
  if (body.disabled === undefined || typeof body.disabled === 'boolean') return body.disabled;
  errors.push({ path: 'disabled', label: 'Disabled', message: 'Send true or false.' });
  return undefined;
}

/** Changes roles and venues, name and/or disabled; null when there is no such user. Disabling ends every session of the account at once. */
export async function updateUser(
  db: Db,
  id: number,
  body: Body,
  knownVenues: ReadonlySet<string>,
): Promise<{ user: ManagedUser; changed: string[]; roles: ReturnType<typeof rolesDifference> } | null> {
  const errors: FieldError[] = [];
  const change = readRoles(body, errors, knownVenues);
  const name = readName(body, errors);
  const disabled = readDisabled(body, errors);
  if (errors.length) throw validationError('users', errors);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${ADMINS_LOCK})`);
    const { rows: found } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    if (!found[0]) return null;
    // Demoting or disabling an admin: another working admin must remain.
    const before = toStaffUser(found[0]);
    const dropsAdmin = change !== undefined && !change.roles.includes('admin');
    const losesAdmin = before.roles.includes('admin') && !found[0].disabled_at && (dropsAdmin || disabled === true);
    if (losesAdmin) {
      const { rows } = await tx.query<{ others: number }>(
        "SELECT count(*)::int AS others FROM users WHERE 'admin' = ANY(roles) AND disabled_at IS NULL AND id <> $1",
        [id],
      );
      const path = dropsAdmin ? 'roles' : 'disabled';
      if (rows[0].others === 0)
        throw validationError('users', [
          {
            path,
            label: dropsAdmin ? 'Roles' : 'Disabled',
            message: 'This is the last admin: make another user admin first, so someone can still manage users.',
            code: LAST_ADMIN,
          },
        ]);
    }
    const roles = change ? rolesDifference(before, change) : null;
    const changed = [
      ...(roles && (roles.granted.length || roles.removed.length) ? ['roles'] : []),
      ...(roles && (roles.venuesAdded.length || roles.venuesRemoved.length) ? ['venues'] : []),
      ...(name !== undefined && name !== found[0].name ? ['name'] : []),
      ...(disabled !== undefined && disabled !== Boolean(found[0].disabled_at) ? ['disabled'] : []),
    ];
    const { rows } = await tx.query<UserRow>(
      `UPDATE users SET roles = COALESCE($2::text[], roles), venues = COALESCE($6::text[], venues), name = CASE WHEN $3::boolean THEN $4::text ELSE name END,
         disabled_at = CASE WHEN $5::boolean IS NULL THEN disabled_at WHEN $5::boolean THEN COALESCE(disabled_at, now()) ELSE NULL END, updated_at = now()
       WHERE id = $1 RETURNING *`,
      [id, change?.roles ?? null, name !== undefined, name ?? null, disabled ?? null, change?.venues ?? null],
    );
    return { user: managed(rows[0]), changed, roles };
  });
}
