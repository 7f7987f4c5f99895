// The follow-up of a submission, as the staff console and the server share it: the states, the
// limit of a note, the change the console sends (PATCH .../followup) and what the server answers.
// The server's route schemas and the console's types are both taken from these shapes.
import { Type, type Static } from '@sinclair/typebox';
import { CaseClock } from './case-clock.ts';
import { FOLLOW_UP_OUTCOMES, FOLLOW_UP_STATES } from '../cases/workflow.ts';

// The workflow (states, where each leads, the outcome resolving names) is declared in engine/cases/workflow.ts.
export { FOLLOW_UP_OUTCOMES, FOLLOW_UP_STATES, type FollowUpOutcome, type FollowUpState } from '../cases/workflow.ts';

/** A few paragraphs: what was done, not a report (those go in files). */
export const FOLLOW_UP_NOTE_MAX_LENGTH = 2000;

export const StaffMember = Type.Object({ id: Type.Integer(), name: Type.Union([Type.String(), Type.Null()]), email: Type.String() });
export type StaffMember = Static<typeof StaffMember>;

export const FollowUpNote = Type.Object({ id: Type.Integer(), author: Type.Union([StaffMember, Type.Null()]), text: Type.String(), createdAt: Type.String() });
export type FollowUpNote = Static<typeof FollowUpNote>;

const State = Type.Union(FOLLOW_UP_STATES.map((state) => Type.Literal(state)));
const Outcome = Type.Union(FOLLOW_UP_OUTCOMES.map((outcome) => Type.Literal(outcome)));

/**
 * When a case is next due (its first response if not yet given, else its resolution), as the list
 * shows it: `at` null while it waits for the guest (the due time moves on by the pause) or once every
 * clock is met; overdue only while it runs. Null: no case policy matched, or it is resolved.
 */
export const CaseDue = Type.Object({ at: Type.Union([Type.String(), Type.Null()]), overdue: Type.Boolean(), paused: Type.Boolean() });
export type CaseDue = Static<typeof CaseDue>;

/** What a list shows of each submission's follow-up. */
export const FollowUpSummary = Type.Object({
  state: State,
  assignee: Type.Union([StaffMember, Type.Null()]),
  outcome: Type.Union([Outcome, Type.Null()]),
  due: Type.Union([CaseDue, Type.Null()]),
});
export type FollowUpSummary = Static<typeof FollowUpSummary>;

/**
 * A change of a case's state or outcome, from its audit entries: who made it (null with `byGuest`:
 * the guest's answer reopened it; null otherwise: an account since deleted), from which state (null:
 * recorded before it was kept) to which, and the outcome named.
 */
export const FollowUpEvent = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  by: Type.Union([StaffMember, Type.Null()]),
  byGuest: Type.Boolean(),
  from: Type.Union([State, Type.Null()]),
  state: Type.Union([State, Type.Null()]),
  outcome: Type.Union([Outcome, Type.Null()]),
});
export type FollowUpEvent = Static<typeof FollowUpEvent>;

/** A submission's whole follow-up, as staff read it with the submission (never the public key). */
export const FollowUp = Type.Object({
  state: State,
  assignee: Type.Union([StaffMember, Type.Null()]),
  resolvedBy: Type.Union([StaffMember, Type.Null()]),
  resolvedAt: Type.Union([Type.String(), Type.Null()]),
  /** What came of it, named when it was resolved (null while open: reopening clears it), and the note given with it. */
  outcome: Type.Union([Outcome, Type.Null()]),
  outcomeNote: Type.Union([Type.String(), Type.Null()]),
  notes: Type.Array(FollowUpNote),
  /** Its changes of state and outcome, oldest first. */
  history: Type.Array(FollowUpEvent),
  /** Its due times and the steps of its policy's chain that ran; null when no case policy matched it. */
  clock: Type.Union([CaseClock, Type.Null()]),
});
export type FollowUp = Static<typeof FollowUp>;

/**
 * PATCH /api/{collection}/{id}/followup: any of these; assigneeId null unassigns. Resolving names an
 * outcome (and may give a note with it); checked by the server with messages per field.
 */
export const FollowUpChange = Type.Object({
  state: Type.Optional(State),
  outcome: Type.Optional(Outcome),
  outcomeNote: Type.Optional(Type.String({ maxLength: FOLLOW_UP_NOTE_MAX_LENGTH })),
  assigneeId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  note: Type.Optional(Type.String({ maxLength: FOLLOW_UP_NOTE_MAX_LENGTH })),
});
export type FollowUpChange = Static<typeof FollowUpChange>;

/** GET /api/{collection}/followup-assignees: the staff accounts a submission of that form may be given to. */
export const FollowUpAssignees = Type.Object({ docs: Type.Array(StaffMember) });
export type FollowUpAssignees = Static<typeof FollowUpAssignees>;

/**
 * Where a submission is read and followed up in the staff console: what an alert links to (a
 * signed-out reader is asked to sign in first and brought back here).
 */
export const submissionConsolePath = (formId: string, id: number | string) => `/staff/forms/${encodeURIComponent(formId)}/${encodeURIComponent(String(id))}`;
