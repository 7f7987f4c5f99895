// What needs a staff member's attention (GET /api/console/home), for what they may read: per form,
// this week's submissions and mean rating beside last week's; the lowest-rated recent submissions;
// unread alerts; follow-ups in progress and cases overdue; the cases' measures of the week. The route's schema and the console home's types.
import { Type, type Static } from '@sinclair/typebox';
import { LocalizedText } from '../fields/parts.ts';
import { CasesHeadline } from './case-measures.ts';

/** A "week" is the last 7 days up to now; "last week" the 7 before (a Sunday morning is not an empty week). */
export const HOME_WEEK_DAYS = 7;
/** How many of the lowest-rated recent submissions the home lists (?lowest= asks for fewer or more, up to the maximum). */
export const HOME_LOWEST_DEFAULT = 5;
export const HOME_LOWEST_MAX = 20;

const Count = Type.Integer({ minimum: 0 });
/** Its ratings' mean, each answer as its option's position on the scale (first = 1); null when none was answered. */
const MeanRating = Type.Union([Type.Number(), Type.Null()]);

export const ConsoleHomeQuery = Type.Object({
  lowest: Type.Optional(
    Type.Integer({ minimum: 1, maximum: HOME_LOWEST_MAX, description: `How many low-rated submissions to list (default ${HOME_LOWEST_DEFAULT}).` }),
  ),
  locale: Type.Optional(Type.String({ maxLength: 35 })),
});
export type ConsoleHomeQuery = Static<typeof ConsoleHomeQuery>;

export const HomeWeek = Type.Object({ submissions: Count, meanRating: MeanRating });
export type HomeWeek = Static<typeof HomeWeek>;

export const HomeForm = Type.Object({
  form: Type.String(),
  collection: Type.String(),
  /** The definition's staffTitle (every language the console speaks). */
  title: LocalizedText,
  /** The highest position of its ratings' scales (5 on quality5); null: the form has no rating (or is confidential). */
  ratingTop: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  thisWeek: HomeWeek,
  lastWeek: HomeWeek,
  /** Its submissions whose follow-up is in progress (taken up, not resolved). */
  followUpsInProgress: Count,
  /** Its cases past a due time of their case policy and not resolved (features/followup, case clocks). */
  overdue: Count,
});
export type HomeForm = Static<typeof HomeForm>;

/** A recent submission with a low mean rating: where it is, never its answers. */
export const LowRatedSubmission = Type.Object({
  form: Type.String(),
  collection: Type.String(),
  id: Type.Integer(),
  reference: Type.Union([Type.String(), Type.Null()]),
  venue: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  meanRating: Type.Number(),
  ratingTop: Type.Integer({ minimum: 1 }),
});
export type LowRatedSubmission = Static<typeof LowRatedSubmission>;

export const ConsoleHome = Type.Object({
  forms: Type.Array(HomeForm),
  /** This week's submissions with the lowest mean rating, lowest first (a confidential form's never). */
  lowest: Type.Array(LowRatedSubmission),
  unreadAlerts: Count,
  followUpsInProgress: Count,
  overdue: Count,
  /** The "Cases" headline: the caller's venues' cases opened in the last HOME_WEEK_DAYS (GET /api/insights/cases's measures). */
  cases: CasesHeadline,
});
export type ConsoleHome = Static<typeof ConsoleHome>;

/** A form in the navigation: its list's link (and its insights' when it has ratings or scales), by its staff name. */
export const NavForm = Type.Object({ form: Type.String(), title: LocalizedText, insights: Type.Boolean() });
export type NavForm = Static<typeof NavForm>;

/** What the navigation shows on every staff page (GET /api/console/nav): the forms the caller reads and cheap counts. */
export const ConsoleNav = Type.Object({ forms: Type.Array(NavForm), unreadAlerts: Count, followUpsInProgress: Count, overdue: Count });
export type ConsoleNav = Static<typeof ConsoleNav>;
