// Who may read and change a submission's follow-up, and who may be given one: exactly who may read
// the submission. The one place to switch when the role-and-venue check of core/access lands.
import type { Caller } from '../../core/access/caller.ts';
import { toStaffUser, type UserRow } from '../../core/access/staff-users.ts';
import { canRead, type DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';

/** `row` is the submission concerned (null: any submission of the collection), for a check per venue. */
export function canFollowUp(caller: Caller, collection: Collection, row: Pick<DocumentRow, 'id' | 'data'> | null): boolean {
  void row;
  return collection.kind === 'submissions' && canRead(caller, collection);
}

/** An account as the caller it would be once signed in: disabled accounts are nobody. */
export function asCaller(user: UserRow): Caller | null {
  return user.disabled_at ? null : { kind: 'staff', user: toStaffUser(user), token: '', exp: 0 };
}
