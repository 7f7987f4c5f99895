// A reporter's case (a form with `reporterAccess`, e.g. whistle-blowing) as the reporter's page, its
// JSON API and the staff console share it. The reporter proves the case with its code and secret in
// each request's body (never in an address); compliance's side is read with the submission.
import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from '../text/languages.ts';
import { REPORT_OUTCOMES, REPORT_STATES, REPORTER_MESSAGE_KINDS } from '../cases/reporter-case.ts';

const Lang = Type.Union(LANGUAGES.map((lang) => Type.Literal(lang)));
const State = Type.Union(REPORT_STATES.map((state) => Type.Literal(state)));
const Outcome = Type.Union([...REPORT_OUTCOMES.map((outcome) => Type.Literal(outcome)), Type.Null()]);
const Kind = Type.Union([...REPORTER_MESSAGE_KINDS.map((kind) => Type.Literal(kind)), Type.Null()]);
const When = Type.Union([Type.String(), Type.Null()]);

/** What the create's answer carries for a form with reporterAccess (`reporter` beside `doc`), shown once on the thank-you panel. */
export const ReporterReceipt = Type.Object({
  /** The case code: the submission's reference. */
  code: Type.String(),
  /** XXXX-XXXX-XXXX-XXXX; only its hash is kept. */
  secret: Type.String(),
  /** The reporter's page of the case. */
  page: Type.String(),
});
export type ReporterReceipt = Static<typeof ReporterReceipt>;

/** The body of every reporter request: the case code (the report's reference) and the secret shown once. */
// Bounded but not required: a missing code or secret is the handler's one answer (not recognised), like a wrong one.
export const ReporterProof = Type.Object({ code: Type.Optional(Type.String({ maxLength: 64 })), secret: Type.Optional(Type.String({ maxLength: 64 })) });
export type ReporterProof = Static<typeof ReporterProof>;

/** POST /api/reporter/messages: the proof, the reporter's words and the uploads (ids their upload gave, with the claims in X-Upload-Claim). */
export const ReporterAddition = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 64 })),
  secret: Type.Optional(Type.String({ maxLength: 64 })),
  text: Type.Optional(Type.String()),
  files: Type.Optional(Type.Array(Type.Integer(), { maxItems: 5 })),
});
export type ReporterAddition = Static<typeof ReporterAddition>;

export const ReporterFile = Type.Object({ name: Type.String() });

/** One message as the reporter reads it: from them or from compliance, never a staff name. */
export const ReporterMessage = Type.Object({
  id: Type.Integer(),
  from: Type.Union([Type.Literal('reporter'), Type.Literal('compliance')]),
  /** Compliance's: a question, feedback or the acknowledgement; null for the reporter's own words. */
  kind: Kind,
  text: Type.String(),
  files: Type.Array(ReporterFile),
  createdAt: Type.String(),
});
export type ReporterMessage = Static<typeof ReporterMessage>;

/** POST /api/reporter/open: the case as its reporter may see it. */
export const ReporterCase = Type.Object({
  code: Type.String(),
  /** The language the report was written in. */
  lang: Lang,
  state: State,
  outcome: Outcome,
  receivedAt: Type.String(),
  acknowledgedAt: When,
  feedbackAt: When,
  /** When compliance first opened the report (the audit of staff reads), without a name. */
  openedAt: When,
  /** The report as sent: each answered question and its answer, in the page's language. */
  report: Type.Array(Type.Object({ label: Type.String(), text: Type.String() })),
  messages: Type.Array(ReporterMessage),
});
export type ReporterCase = Static<typeof ReporterCase>;

/** The staff side (GET /api/{collection}/{id}/reporter): the case's state and dates, and whether the reporter can still read it. */
export const ReporterCaseState = Type.Object({
  state: State,
  outcome: Outcome,
  lang: Lang,
  acknowledgedAt: When,
  feedbackAt: When,
  closedAt: When,
  /** When the acknowledgement is due (receipt plus the form's acknowledgeWithin). */
  acknowledgeDueAt: When,
  /** When the feedback is due (acknowledgement plus feedbackWithin); null until acknowledged. */
  feedbackDueAt: When,
  /** The clock that runs past its due time now (the console flags the report), or null. */
  overdue: Type.Union([Type.Literal('acknowledge'), Type.Literal('feedback'), Type.Null()]),
  /** Where each state may go from here (engine/cases/reporter-case.ts REPORT_TRANSITIONS). */
  next: Type.Array(State),
  /** The accounts excluded from this case (conflict of interest). */
  excluded: Type.Array(Type.Object({ id: Type.Integer(), name: Type.Union([Type.String(), Type.Null()]), email: Type.String() })),
});
export type ReporterCaseState = Static<typeof ReporterCaseState>;

/** POST /api/{collection}/{id}/reporter/messages: compliance writes to the reporter (read on their page; nothing is emailed). */
// Not required in the schema: the handler names a missing field in the console's language (as the route schemas' headers go first).
export const ReporterStaffMessage = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('question'), Type.Literal('feedback')])),
  text: Type.Optional(Type.String()),
});
export type ReporterStaffMessage = Static<typeof ReporterStaffMessage>;

/** PATCH /api/{collection}/{id}/reporter: a new state (closing names an outcome). */
export const ReporterStateChange = Type.Object({ state: Type.Optional(State), outcome: Type.Optional(Outcome) });
export type ReporterStateChange = Static<typeof ReporterStateChange>;

/** GET /api/{collection}/{id}/reporter and every change's answer: the state and the thread, compliance's messages with their author. */
export type ReporterStaffCase = ReporterCaseState & { messages: (ReporterMessage & { author: string | null })[] };
