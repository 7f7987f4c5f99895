// The weekly digest as the console previews it (GET /api/digest/preview): the email the caller would
// get this week, for its own read scope and in its language; declared once here, the route's
// response schema and the profile page's type.
import { Type, type Static } from '@sinclair/typebox';

export const DigestPreview = Type.Object({
  lang: Type.Union([Type.Literal('en'), Type.Literal('ar'), Type.Literal('fr')]),
  subject: Type.String(),
  /** The whole HTML document of the email (right to left in Arabic). */
  html: Type.String(),
  text: Type.String(),
  /** Whether the account gets it by email (its profile's setting). */
  sent: Type.Boolean(),
});
export type DigestPreview = Static<typeof DigestPreview>;
