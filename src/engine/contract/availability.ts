// Whether a form takes answers now (its definition's opens, closes, maxResponses and
// maxResponsesPerVenue): GET /api/forms/{id}/availability answers it for the form page, and a
// refused create (403) names the same reason in its error's data.
import { Type, type Static } from '@sinclair/typebox';

export const AVAILABILITY_STATES = ['open', 'notYet', 'closed', 'full'] as const;
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number];

export const FormAvailability = Type.Object({
  state: Type.Union(AVAILABILITY_STATES.map((state) => Type.Literal(state))),
  /** notYet: the instant it opens (ISO 8601, UTC). */
  opens: Type.Optional(Type.String()),
  /** Whether the form has dates or limits at all (the server's definition says): only then may its state change, and its page ask again once hydrated. */
  limited: Type.Optional(Type.Boolean()),
});
export type FormAvailability = Static<typeof FormAvailability>;
