// A follow-up change as sent (PATCH body) checked field by field, each problem named in the
// caller's language; nothing is stored unless every field is right.
import type { Queryable } from '../../core/db/db.ts';
import type { UserRow } from '../../core/access/staff-users.ts';
import type { Collection } from '../../core/registry.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { validationError, type FieldError } from '../../core/errors.ts';
import { t } from '../../../engine/text/messages.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { FOLLOW_UP_NOTE_MAX_LENGTH, FOLLOW_UP_STATES, type FollowUpState } from '../../../engine/contract/followup.ts';
import type { CheckedChange } from './followups.ts';
import { asCaller, canFollowUp, sharesSubmissions } from './permission.ts';
import type { Caller } from '../../core/access/caller.ts';

const isState = (value: unknown): value is FollowUpState => typeof value === 'string' && (FOLLOW_UP_STATES as readonly string[]).includes(value);

/** Active accounts `caller` may give a follow-up of the collection to: they read submissions of it the caller reads (permission.ts). */
export async function assigneesOf(db: Queryable, collection: Collection, caller: Caller): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE disabled_at IS NULL ORDER BY COALESCE(name, email), id');
  return rows.filter((user) => {
    const candidate = asCaller(user);
    return candidate !== null && sharesSubmissions(caller, candidate, collection);
  });
}

export async function checkFollowUpChange(db: Queryable, collection: Collection, row: DocumentRow, body: unknown, lang: Lang): Promise<CheckedChange> {
  const given = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const errors: FieldError[] = [];
  const change: CheckedChange = {};
  for (const key of Object.keys(given))
    if (!['state', 'assigneeId', 'note'].includes(key)) errors.push({ path: key, message: t('followUpUnknownField', lang) });
  if (given.state !== undefined) {
    if (isState(given.state)) change.state = given.state;
    else errors.push({ path: 'state', message: t('followUpStateInvalid', lang) });
  }
  if (given.assigneeId === null) change.assigneeId = null;
  else if (given.assigneeId !== undefined) {
    const id = given.assigneeId;
    const { rows } =
      Number.isSafeInteger(id) && Number(id) > 0 && Number(id) <= 2_147_483_647
        ? await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id])
        : { rows: [] };
    const caller = rows[0] ? asCaller(rows[0]) : null;
    if (caller && canFollowUp(caller, collection, row)) change.assigneeId = Number(id);
    else errors.push({ path: 'assigneeId', message: t('followUpAssigneeInvalid', lang) });
  }
  if (given.note !== undefined) {
    const note = typeof given.note === 'string' ? given.note.trim() : '';
    if (note === '') errors.push({ path: 'note', message: t('followUpNoteEmpty', lang) });
    else if (note.length > FOLLOW_UP_NOTE_MAX_LENGTH)
      errors.push({ path: 'note', message: t('followUpNoteTooLong', lang, { max: FOLLOW_UP_NOTE_MAX_LENGTH }) });
    else change.note = note;
  }
  if (errors.length === 0 && Object.keys(change).length === 0) errors.push({ path: 'state', message: t('followUpNothingToChange', lang) });
  if (errors.length) throw validationError(collection.slug, errors);
  return change;
}
