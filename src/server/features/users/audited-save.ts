// create-user (the script, directly or through the running server's local admin call): saves the
// account like core's saveStaffUser and writes the roles and venues it granted or removed to the
// audit log, like a change on the users page (no signed-in user: the entry says it came from the script).
import type { Queryable } from '../../core/db/db.ts';
import type { Role } from '../../core/access/roles.ts';
import { findUserByEmail, saveStaffUser, toStaffUser, type StaffUser } from '../../core/access/staff-users.ts';
import { recordAudit } from '../audit/index.ts';
import { rolesDifference } from './user-admin.ts';

export async function saveStaffUserAudited(
  db: Queryable,
  email: string,
  password: string,
  roles?: readonly Role[],
  venues: readonly string[] = [],
): Promise<StaffUser> {
  const found = await findUserByEmail(db, email);
  const before = found ? toStaffUser(found) : { roles: [], venues: [] };
  const user = await saveStaffUser(db, email, password, roles, venues);
  const difference = rolesDifference(before, user);
  if (difference)
    await recordAudit(
      db,
      { kind: 'anonymous' },
      { action: 'change-roles', target: 'users', documentId: user.id, detail: { ...difference, via: 'create-user' } },
    );
  return user;
}
