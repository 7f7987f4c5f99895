// Returning guests: the shapes the waiver page and the server share. A guest who signed before asks
// for a one-time code by their phone or email (POST /api/returning/code), then trades the code for
// their details and minors from their last waiver of that attraction (POST /api/returning/prefill).
// The code travels in the body only: never in an address, a log line or an alert.
import { Type, type Static } from '@sinclair/typebox';

/** Digits in a code; minutes it is good for; wrong tries before it is dead (a new code is asked). */
export const RETURNING_CODE_DIGITS = 6;
export const RETURNING_CODE_MINUTES = 10;
export const RETURNING_CODE_TRIES = 5;

export const ReturningCodeAsk = Type.Object(
  {
    // Optional here, so that a missing one is refused at its field in the page's language (the handler's checks),
    // and the credential headers are checked before the body (tests/api/fastify-parts.test.ts).
    /** The waiver's form id (a form with `submit.evidence`). */
    form: Type.Optional(Type.String({ maxLength: 100 })),
    /** The phone number or email address the guest gave on their last waiver. */
    contact: Type.Optional(Type.String({ maxLength: 254 })),
    lang: Type.Optional(Type.String({ maxLength: 5 })),
  },
  { additionalProperties: false },
);
export type ReturningCodeAsk = Static<typeof ReturningCodeAsk>;

/** Always the same answer, whether or not a waiver was found (a phone or email is never confirmed to be known). */
export const ReturningCodeSent = Type.Object({ message: Type.String() });
export type ReturningCodeSent = Static<typeof ReturningCodeSent>;

export const ReturningPrefillAsk = Type.Object(
  {
    form: Type.Optional(Type.String({ maxLength: 100 })),
    contact: Type.Optional(Type.String({ maxLength: 254 })),
    code: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type ReturningPrefillAsk = Static<typeof ReturningPrefillAsk>;

/** The last waiver's answers today's form asks again (never the signature, consents or visit date). */
export const ReturningPrefill = Type.Object({
  answers: Type.Record(Type.String(), Type.Unknown()),
  /** When that waiver was signed (ISO). */
  signedAt: Type.String(),
  message: Type.String(),
});
export type ReturningPrefill = Static<typeof ReturningPrefill>;
