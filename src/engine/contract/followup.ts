// The follow-up of a submission, as the staff console and the server share it: the states, the
// limit of a note, the change the console sends (PATCH .../followup) and what the server answers.
// The server's route schemas and the console's types are both taken from these shapes.
import { Type, type Static } from '@sinclair/typebox';
import { CaseClock } from './case-clock.ts';

export const FOLLOW_UP_STATES = ['new', 'in-progress', 'resolved'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

/** A few paragraphs: what was done, not a report (those go in files). */
export const FOLLOW_UP_NOTE_MAX_LENGTH = 2000;

export const StaffMember = Type.Object({ id: Type.Integer(), name: Type.Union([Type.String(), Type.Null()]), email: Type.String() });
export type StaffMember = Static<typeof StaffMember>;

export const FollowUpNote = Type.Object({ id: Type.Integer(), author: Type.Union([StaffMember, Type.Null()]), text: Type.String(), createdAt: Type.String() });
export type FollowUpNote = Static<typeof FollowUpNote>;

const State = Type.Union(FOLLOW_UP_STATES.map((state) => Type.Literal(state)));

/** What a list shows of each submission's follow-up. */
export const FollowUpSummary = Type.Object({ state: State, assignee: Type.Union([StaffMember, Type.Null()]) });
export type FollowUpSummary = Static<typeof FollowUpSummary>;

/** A submission's whole follow-up, as staff read it with the submission (never the public key). */
export const FollowUp = Type.Object({
  state: State,
  assignee: Type.Union([StaffMember, Type.Null()]),
  resolvedBy: Type.Union([StaffMember, Type.Null()]),
  resolvedAt: Type.Union([Type.String(), Type.Null()]),
  notes: Type.Array(FollowUpNote),
  /** Its due times and the steps of its policy's chain that ran; null when no case policy matched it. */
  clock: Type.Union([CaseClock, Type.Null()]),
});
export type FollowUp = Static<typeof FollowUp>;

/** PATCH /api/{collection}/{id}/followup: any of the three; assigneeId null unassigns. Checked by the server with messages per field. */
export const FollowUpChange = Type.Object({
  state: Type.Optional(State),
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
