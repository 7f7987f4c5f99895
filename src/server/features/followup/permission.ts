// Who may read and change a submission's follow-up, and who may be given one: exactly who may read
// the submission (core/access/submission-access.ts: role, form and venue).
import type { Caller } from '../../core/access/caller.ts';
import { toStaffUser, type UserRow } from '../../core/access/staff-users.ts';
import { readScope, readsRow } from '../../core/access/submission-access.ts';
import type { Collection } from '../../core/registry.ts';

/** `row` is the submission concerned (null: may the caller follow up some submission of the collection). */
export function canFollowUp(caller: Caller, collection: Collection, row: { venue?: unknown } | null): boolean {
  if (collection.kind !== 'submissions') return false;
  const scope = readScope(caller, collection.form!.compiled);
  return row ? readsRow(scope, row) : scope.kind !== 'none';
}

/** An account as the caller it would be once signed in: disabled accounts are nobody. */
export function asCaller(user: UserRow): Caller | null {
  return user.disabled_at ? null : { kind: 'staff', user: toStaffUser(user), token: '', exp: 0 };
}
