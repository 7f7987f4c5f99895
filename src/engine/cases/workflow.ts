// A follow-up's workflow (service recovery), declared once for the console, the server and the
// database's CHECK (followup/migrations.ts 152 repeats the names): its states, which change leads
// where, and the outcome resolving names. Pure: the server checks a change with changeProblem and
// stores it; the console offers only the states nextStates gives.
import type { MessageKey } from '../text/messages.ts';

/** The states in their order: taken up, waiting for the guest's answer (the case clock stands still), done. */
export const FOLLOW_UP_STATES = ['new', 'in-progress', 'waiting-for-guest', 'resolved'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

/** What resolving says came of it: the guest won back, not, or nothing was needed. */
export const FOLLOW_UP_OUTCOMES = ['recovered', 'not-recovered', 'no-action'] as const;
export type FollowUpOutcome = (typeof FOLLOW_UP_OUTCOMES)[number];

/** Each state's and outcome's name in forms/messages.json (the console's words, and the server's in its refusals). */
export const FOLLOW_UP_STATE_LABELS: Record<FollowUpState, MessageKey> = {
  new: 'staffStateNew',
  'in-progress': 'staffStateInProgress',
  'waiting-for-guest': 'staffStateWaiting',
  resolved: 'staffStateResolved',
};
export const FOLLOW_UP_OUTCOME_LABELS: Record<FollowUpOutcome, MessageKey> = {
  recovered: 'staffOutcomeRecovered',
  'not-recovered': 'staffOutcomeNotRecovered',
  'no-action': 'staffOutcomeNoAction',
};

/**
 * Where each state may go (staying where it is is always allowed: a new assignee, a corrected
 * outcome). A resolved case is reopened to in progress, which clears its resolution and outcome;
 * the guest's answer reopens any case the same way (followup/reopen.ts).
 */
export const FOLLOW_UP_TRANSITIONS: Record<FollowUpState, readonly FollowUpState[]> = {
  new: ['in-progress', 'waiting-for-guest', 'resolved'],
  'in-progress': ['new', 'waiting-for-guest', 'resolved'],
  'waiting-for-guest': ['in-progress', 'resolved'],
  resolved: ['in-progress'],
};

export const isFollowUpState = (value: unknown): value is FollowUpState => typeof value === 'string' && (FOLLOW_UP_STATES as readonly string[]).includes(value);
export const isFollowUpOutcome = (value: unknown): value is FollowUpOutcome =>
  typeof value === 'string' && (FOLLOW_UP_OUTCOMES as readonly string[]).includes(value);

/** The states a case in `state` may be set to, the current one first among them in the declared order. */
export const nextStates = (state: FollowUpState): FollowUpState[] =>
  FOLLOW_UP_STATES.filter((candidate) => candidate === state || FOLLOW_UP_TRANSITIONS[state].includes(candidate));

/** What is wrong with a change of state and outcome, by field; null when it may be stored. */
export type WorkflowProblem =
  | { path: 'state'; kind: 'not-allowed'; from: FollowUpState; to: FollowUpState }
  | { path: 'outcome'; kind: 'needed' }
  | { path: 'outcome'; kind: 'not-resolving' };

/**
 * A change from `before` to `to` (undefined: the state is kept) giving `outcome` (undefined: none
 * given). Resolving needs an outcome, unless the case is resolved already (its outcome is kept);
 * an outcome is given only to a case resolved by the change or already.
 */
export function changeProblem(before: FollowUpState, to: FollowUpState | undefined, outcome: FollowUpOutcome | undefined): WorkflowProblem | null {
  const after = to ?? before;
  if (after !== before && !FOLLOW_UP_TRANSITIONS[before].includes(after)) return { path: 'state', kind: 'not-allowed', from: before, to: after };
  if (after === 'resolved' && before !== 'resolved' && outcome === undefined) return { path: 'outcome', kind: 'needed' };
  if (after !== 'resolved' && outcome !== undefined) return { path: 'outcome', kind: 'not-resolving' };
  return null;
}
