// GET /api/users/venues: the venues an admin may give a venue-scoped role (manager), from every
// collection a form names its venue from (e.g. the restaurants of the dining survey).
import { Type, type Static } from '@sinclair/typebox';

export const VenueOption = Type.Object({
  /** What accounts carry in their venues list and submissions in their venue. */
  slug: Type.String(),
  /** The venue's name as the content says it. */
  name: Type.String(),
  /** The content collection it comes from (e.g. restaurants). */
  collection: Type.String(),
});
export type VenueOption = Static<typeof VenueOption>;

export const VenuesAnswer = Type.Object({ docs: Type.Array(VenueOption) });
export type VenuesAnswer = Static<typeof VenuesAnswer>;
