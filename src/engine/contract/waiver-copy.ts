// What the waiver-copy API answers the staff verify page (features/waiver-copy): the route's
// schema.response and the page's type, declared once.
import { Type, type Static } from '@sinclair/typebox';

/** POST /api/waiver-copy/verify with {reference} (JSON) or a PDF copy (multipart field `file`). */
export const WaiverVerifyRequest = Type.Object({ reference: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false });
export type WaiverVerifyRequest = Static<typeof WaiverVerifyRequest>;

export const WaiverVerification = Type.Object({
  reference: Type.String(),
  /** The form's id (e.g. ifly-waiver). */
  form: Type.String(),
  /** When the guest signed (the row's time, ISO 8601). */
  signedAt: Type.String(),
  /** The stored answers' canonical SHA-256 equals the one recorded when they were signed. */
  matches: Type.Boolean(),
});
export type WaiverVerification = Static<typeof WaiverVerification>;
