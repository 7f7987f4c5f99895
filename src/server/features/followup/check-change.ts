// A follow-up change as sent (PATCH body) checked field by field, each problem named in the
// caller's language; nothing is stored unless every field is right. Then, in the change's own
// transaction (the state as it is, locked), the workflow's rule (engine/cases/workflow.ts): where
// the state may go, and that resolving names its outcome.
import type { Queryable } from '../../core/db/db.ts';
import type { UserRow } from '../../core/access/staff-users.ts';
import type { Collection } from '../../core/registry.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { validationError, type FieldError } from '../../core/errors.ts';
import { t } from '../../../engine/text/messages.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { FOLLOW_UP_NOTE_MAX_LENGTH } from '../../../engine/contract/followup.ts';
import {
  changeProblem,
  FOLLOW_UP_STATE_LABELS,
  FOLLOW_UP_TRANSITIONS,
  isFollowUpOutcome,
  isFollowUpState,
  type FollowUpState,
} from '../../../engine/cases/workflow.ts';
import type { CheckedChange } from './followups.ts';
import { asCaller, canFollowUp, sharesSubmissions } from './permission.ts';
import type { Caller } from '../../core/access/caller.ts';

const CHANGEABLE = ['state', 'outcome', 'outcomeNote', 'assigneeId', 'note'];

/** A note's words (the follow-up's or the outcome's): trimmed, not empty, within the limit. */
function noteText(given: unknown, lang: Lang): { text: string } | { problem: string } {
  const note = typeof given === 'string' ? given.trim() : '';
  if (note === '') return { problem: t('followUpNoteEmpty', lang) };
  if (note.length > FOLLOW_UP_NOTE_MAX_LENGTH) return { problem: t('followUpNoteTooLong', lang, { max: FOLLOW_UP_NOTE_MAX_LENGTH }) };
  return { text: note };
}

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
  for (const key of Object.keys(given)) if (!CHANGEABLE.includes(key)) errors.push({ path: key, message: t('followUpUnknownField', lang) });
  if (given.state !== undefined) {
    if (isFollowUpState(given.state)) change.state = given.state;
    else errors.push({ path: 'state', message: t('followUpStateInvalid', lang) });
  }
  if (given.outcome !== undefined) {
    if (isFollowUpOutcome(given.outcome)) change.outcome = given.outcome;
    else errors.push({ path: 'outcome', message: t('followUpOutcomeNeeded', lang) });
  }
  // An empty note beside an outcome is no note (the box left blank), not a mistake.
  if (given.outcomeNote !== undefined && !(typeof given.outcomeNote === 'string' && given.outcomeNote.trim() === '')) {
    const checked = noteText(given.outcomeNote, lang);
    if ('text' in checked) change.outcomeNote = checked.text;
    else errors.push({ path: 'outcomeNote', message: checked.problem });
    if (given.outcome === undefined) errors.push({ path: 'outcome', message: t('followUpOutcomeNeeded', lang) });
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
    const checked = noteText(given.note, lang);
    if ('text' in checked) change.note = checked.text;
    else errors.push({ path: 'note', message: checked.problem });
  }
  if (errors.length === 0 && Object.keys(change).length === 0) errors.push({ path: 'state', message: t('followUpNothingToChange', lang) });
  if (errors.length) throw validationError(collection.slug, errors);
  return change;
}

/** The change's state and outcome against the state the case is in (read locked in the change's transaction): a 400 naming the field. */
export function checkWorkflow(collection: Collection, before: FollowUpState, change: CheckedChange, lang: Lang): void {
  const problem = changeProblem(before, change.state, change.outcome);
  if (!problem) return;
  const name = (state: FollowUpState) => t(FOLLOW_UP_STATE_LABELS[state], lang);
  const message =
    problem.kind === 'not-allowed'
      ? t('followUpStateNotAllowed', lang, {
          from: name(problem.from),
          to: name(problem.to),
          allowed: FOLLOW_UP_TRANSITIONS[problem.from].map(name).join(', '),
        })
      : t(problem.kind === 'needed' ? 'followUpOutcomeNeeded' : 'followUpOutcomeNotResolving', lang);
  throw validationError(collection.slug, [{ path: problem.path, message }]);
}
