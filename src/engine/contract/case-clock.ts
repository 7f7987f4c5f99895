// A case's clocks, as the staff console and the server share them: the escalation chain a case
// policy names (content, checked at save), and the due times and timeline the follow-up carries.
import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../access/roles.ts';

/** The two clocks a policy may set: the first reply to the guest, and resolving. */
export const CASE_CLOCKS = ['first-response', 'resolve'] as const;
export type CaseClockName = (typeof CASE_CLOCKS)[number];

/** Whom a step tells: the assignee (the venue's managers when nobody is), the venue's managers, the venue's manager_email, addresses, or a role's accounts. */
export const EscalationNotify = Type.Union([
  Type.Literal('assignee'),
  Type.Literal('managers'),
  Type.Literal('manager_email'),
  Type.Object({ emails: Type.Array(Type.String({ minLength: 3, maxLength: 320 }), { minItems: 1, maxItems: 20 }) }, { additionalProperties: false }),
  Type.Object({ role: Type.Union(ROLES.map((role) => Type.Literal(role))) }, { additionalProperties: false }),
]);
export type EscalationNotify = Static<typeof EscalationNotify>;

/** One step of a chain: at a share of the time (0.75: three quarters), or at the due time. */
export const EscalationStep = Type.Object(
  { at: Type.Union([Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }), Type.Literal('due')]), notify: EscalationNotify },
  { additionalProperties: false },
);
export type EscalationStep = Static<typeof EscalationStep>;

export const EscalationChain = Type.Array(EscalationStep, { maxItems: 10 });
export type EscalationChain = Static<typeof EscalationChain>;

/** One clock of a case: when it is due, when it was met (null: not yet), and whether it is past due unmet. */
export const ClockPart = Type.Object({ dueAt: Type.String(), metAt: Type.Union([Type.String(), Type.Null()]), overdue: Type.Boolean() });
export type ClockPart = Static<typeof ClockPart>;

/** A step of the chain that ran: the case's timeline. */
export const ClockEvent = Type.Object({
  id: Type.Integer(),
  clock: Type.Union(CASE_CLOCKS.map((clock) => Type.Literal(clock))),
  at: Type.Union([Type.Number(), Type.Literal('due')]),
  /** 'assignee', 'managers', 'manager_email', 'emails' or 'role:<role>'. */
  notify: Type.String(),
  /** How many were told (0: nobody could be found; the step still counts as run). */
  recipients: Type.Integer(),
  createdAt: Type.String(),
});
export type ClockEvent = Static<typeof ClockEvent>;

/** The clocks of a submission a policy matched (null on the follow-up: none did). */
export const CaseClock = Type.Object({
  policy: Type.String(),
  /** Set while the case waits for the guest: the clocks stand still, their due times move on by the pause. */
  pausedAt: Type.Union([Type.String(), Type.Null()]),
  firstResponse: Type.Union([ClockPart, Type.Null()]),
  resolve: Type.Union([ClockPart, Type.Null()]),
  events: Type.Array(ClockEvent),
});
export type CaseClock = Static<typeof CaseClock>;
