// What the privacy page (/staff/privacy, admins) and the server share: the answers of
// GET /api/privacy/search, GET /api/privacy/export (JSON) and POST /api/privacy/erase, declared once
// in TypeBox: the routes' schema.response on the server, the page's types in the console.
import { Type, type Static } from '@sinclair/typebox';

/** How a person is looked for: one email (compared without case) or one phone (E.164, as stored). */
export const PERSON_KEYS = ['email', 'phone'] as const;
export type PersonKey = (typeof PERSON_KEYS)[number];

/** The longest erasure reason kept in the audit log. */
export const ERASE_REASON_MAX = 500;

const HeldUntil = Type.Union([Type.String(), Type.Null()], {
  description: "ISO time the legal hold ends (the form's retention); null when not held, or held until lifted.",
});

/** The longest reason of a legal hold placed on one submission. */
export const HOLD_REASON_MAX = 500;

export const PrivacyMatch = Type.Object({
  id: Type.Integer(),
  /** The form's id (the console's /staff/forms/:form/:id). */
  form: Type.String(),
  collection: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  /** Under legal hold (a waiver within its retention, or a hold an admin placed): reported, never erased. */
  held: Type.Boolean(),
  heldUntil: HeldUntil,
  /** An admin placed a hold on this one submission: held until lifted (PUT/DELETE /api/privacy/holds/{id}). */
  holdPlaced: Type.Boolean(),
});
export type PrivacyMatch = Static<typeof PrivacyMatch>;

/** A party (one waiver link for a group) the person organised: its row holds their name, phone and email. */
export const PrivacyParty = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  /** The party's waiver (a form id). */
  form: Type.String(),
  visitDate: Type.String({ description: 'YYYY-MM-DD' }),
  createdAt: Type.String(),
});
export type PrivacyParty = Static<typeof PrivacyParty>;

export const PrivacySearchAnswer = Type.Object({
  by: Type.Union(PERSON_KEYS.map((key) => Type.Literal(key))),
  /** The email or phone as it was looked for (lower-case email, E.164 phone). */
  value: Type.String(),
  docs: Type.Array(PrivacyMatch),
  /** The parties they organised (of the forms the caller reads). */
  parties: Type.Array(PrivacyParty),
});
export type PrivacySearchAnswer = Static<typeof PrivacySearchAnswer>;

export const PrivacyExportSubmission = Type.Object({
  ...PrivacyMatch.properties,
  answers: Type.Record(Type.String(), Type.Unknown()),
  evidence: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  notes: Type.Array(Type.Object({ at: Type.String(), text: Type.String() })),
  /** The case's messages to and from the guest (service recovery), oldest first. */
  messages: Type.Array(Type.Object({ at: Type.String(), direction: Type.Union([Type.Literal('to-guest'), Type.Literal('from-guest')]), text: Type.String() })),
  files: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
});
export type PrivacyExportSubmission = Static<typeof PrivacyExportSubmission>;

export const PrivacyExport = Type.Object({
  by: PrivacySearchAnswer.properties.by,
  value: Type.String(),
  exportedAt: Type.String(),
  submissions: Type.Array(PrivacyExportSubmission),
  /** The parties they organised, with what each holds about them (the people who signed through it are in their own waivers, not here). */
  parties: Type.Array(
    Type.Object({
      ...PrivacyParty.properties,
      organiser: Type.Object({ name: Type.String(), phone: Type.String(), email: Type.String() }),
      expected: Type.Integer(),
      /** The organiser's language (their mail and roster page's). */
      lang: Type.String(),
    }),
  ),
});
export type PrivacyExport = Static<typeof PrivacyExport>;

export const PrivacyEraseAnswer = Type.Object({
  erased: Type.Integer(),
  files: Type.Integer(),
  /** Found but kept: waivers under legal hold, with when the hold ends. */
  held: Type.Array(Type.Object({ form: Type.String(), reference: Type.Union([Type.String(), Type.Null()]), heldUntil: HeldUntil })),
  /** Parties they organised whose organiser's name, phone and email were erased (the parties and their signers' waivers stay). */
  parties: Type.Integer(),
});
export type PrivacyEraseAnswer = Static<typeof PrivacyEraseAnswer>;

/** PUT /api/privacy/holds/{id}: the submission's hold as it now stands. */
export const LegalHoldAnswer = Type.Object({ id: Type.Integer(), holdPlaced: Type.Boolean() });
export type LegalHoldAnswer = Static<typeof LegalHoldAnswer>;
