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

/**
 * May `caller` be shown `candidate` as someone to give a follow-up of the collection to: the
 * candidate follows up some submission of it that the caller reads too. A venue manager is shown
 * the accounts that read one of its venues (those that read every venue included), never another
 * venue's manager; who reads every submission is shown all who read some.
 */
export function sharesSubmissions(caller: Caller, candidate: Caller, collection: Collection): boolean {
  if (collection.kind !== 'submissions') return false;
  const mine = readScope(caller, collection.form!.compiled);
  const theirs = readScope(candidate, collection.form!.compiled);
  if (mine.kind === 'none' || theirs.kind === 'none') return false;
  if (mine.kind === 'all' || theirs.kind === 'all') return true;
  return theirs.venues.some((venue) => mine.venues.includes(venue));
}

/** An account as the caller it would be once signed in: disabled accounts are nobody. */
export function asCaller(user: UserRow): Caller | null {
  return user.disabled_at ? null : { kind: 'staff', user: toStaffUser(user), token: '', exp: 0 };
}
