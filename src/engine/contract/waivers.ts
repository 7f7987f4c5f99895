// What the waiver desk page (/staff/waivers), the staff submission page and the server share: the
// answers of GET /api/waivers/search, POST /api/waivers/{id}/check-ins and
// GET /api/waivers/{id}/terms, declared once in TypeBox (the route's schema.response, the page's type).
import { Type, type Static } from '@sinclair/typebox';

/** A name is searched by whole words, one of at least this many letters (fewer find too many people). */
export const WAIVER_SEARCH_MIN_LENGTH = 3;
export const WAIVER_SEARCH_MAX_LENGTH = 100;
/** The most waivers one search returns (newest first). */
export const WAIVER_SEARCH_LIMIT = 20;

/** Who in a waiver is checked in: the signer, or a dependent by position (0 = the first). */
export const CheckInPerson = Type.Union([Type.Literal('signer'), Type.Integer({ minimum: 0, maximum: 99 })]);
export type CheckInPerson = Static<typeof CheckInPerson>;

export const WaiverCheckIn = Type.Object({
  person: CheckInPerson,
  at: Type.String({ description: 'ISO 8601 time.' }),
  /** The staff member who checked them in. */
  by: Type.String(),
});
export type WaiverCheckIn = Static<typeof WaiverCheckIn>;

export const WaiverPerson = Type.Object({
  name: Type.String(),
  document: Type.Union([Type.String(), Type.Null()]),
  /** YYYY-MM-DD; null on a waiver signed before its definition asked for it. */
  birthDate: Type.Union([Type.String(), Type.Null()]),
});

export const WaiverResult = Type.Object({
  id: Type.Integer(),
  reference: Type.String(),
  /** The form's id and its title per language (the attraction). */
  form: Type.String(),
  title: Type.Record(Type.String(), Type.String()),
  signer: Type.Intersect([WaiverPerson, Type.Object({ phone: Type.Union([Type.String(), Type.Null()]) })]),
  /** The minors the signer signed for as parent or guardian, each a person of their own (found by their name, checked in by position). */
  dependents: Type.Array(WaiverPerson),
  signedAt: Type.String(),
  visitDate: Type.Union([Type.String(), Type.Null()]),
  /** The last day (Doha time, YYYY-MM-DD) the waiver covers. */
  validUntil: Type.String(),
  expired: Type.Boolean(),
  /** The terms changed since the guest signed: they must sign again. */
  newTermsSince: Type.Boolean(),
  /** The terms changed and the definition says earlier signatures no longer cover (resignOnNewTerms): check-in is refused until they sign again. */
  mustSignNewTerms: Type.Boolean(),
  checkIns: Type.Array(WaiverCheckIn),
  /** True in search results: each `document` and `phone` shows its last 4 characters only (•••••••9013); GET /api/waivers/{id} answers them in full. */
  masked: Type.Boolean(),
});
export type WaiverResult = Static<typeof WaiverResult>;

/** GET /api/waivers/{id}: the desk opened one waiver (audited): its document numbers and phone in full. */
export const WaiverOpenAnswer = Type.Object({ doc: WaiverResult });
export type WaiverOpenAnswer = Static<typeof WaiverOpenAnswer>;

export const WaiverSearchAnswer = Type.Object({ docs: Type.Array(WaiverResult), limit: Type.Integer() });
export type WaiverSearchAnswer = Static<typeof WaiverSearchAnswer>;

export const CheckInsAnswer = Type.Object({ checkIns: Type.Array(WaiverCheckIn) });
export type CheckInsAnswer = Static<typeof CheckInsAnswer>;

const TermsBlock = Type.Object({
  name: Type.String(),
  style: Type.Union(['heading', 'paragraph', 'note', 'list', 'terms'].map((style) => Type.Literal(style))),
  text: Type.String(),
  items: Type.Array(Type.String()),
});

/** The terms a guest saw when signing (from the form version of the submission's hash). */
export const SignedTermsAnswer = Type.Object({
  formHash: Type.String(),
  formVersion: Type.Integer(),
  language: Type.String(),
  blocks: Type.Array(TermsBlock),
  consent: Type.String(),
  /** Today's definition words them otherwise (or is another version). */
  changedSince: Type.Boolean(),
});
export type SignedTermsAnswer = Static<typeof SignedTermsAnswer>;
