// How service recovery is doing (GET /api/insights/cases): per venue and week, the cases opened, the
// median time to the first response, the shares answered and resolved within their case policy and
// the recovery rate and the recovery survey's answers. The route's schema and the insights page's and the console home's types.
// A case is a submission a case policy matched (features/followup, case_clocks) or one replied to.
import { Type, type Static } from '@sinclair/typebox';

const Count = Type.Integer({ minimum: 0 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A date in Doha time, YYYY-MM-DD.' });
/** A share from 0 to 1 (4 decimals); null when nothing was there to share (no case due yet, none resolved with a reply). */
const Rate = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]);

export const CaseMeasures = Type.Object({
  /** Cases opened (submitted) in the period. */
  opened: Count,
  /** Of them, those given a first response (a reply to the guest; for a form whose guest cannot be replied to, the first follow-up change). */
  responded: Count,
  /** Median milliseconds from the submission to its first response; null when none was given. */
  medianFirstResponseMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** Cases whose first response is decided (given, or overdue): the share's whole; answeredOnTime its part. */
  firstResponseDecided: Count,
  answeredOnTime: Count,
  /** answeredOnTime / firstResponseDecided */
  answeredWithinPolicy: Rate,
  /** Cases whose resolution is decided (resolved, or overdue) and those resolved by their due time. */
  resolveDecided: Count,
  resolvedOnTime: Count,
  /** resolvedOnTime / resolveDecided */
  resolvedWithinPolicy: Rate,
  /** Resolved cases that had a reply to the guest, and those of them named "recovered". */
  resolvedWithReply: Count,
  recovered: Count,
  /** recovered / resolvedWithReply */
  recoveryRate: Rate,
  /** The recovery survey's answers (features/recovery) of these cases: "Did we make it right?" yes and no. */
  surveyYes: Count,
  surveyNo: Count,
});
export type CaseMeasures = Static<typeof CaseMeasures>;

export const CaseMeasuresRow = Type.Composite([
  Type.Object({
    /** The venue's slug; '' for cases with no venue. */
    venue: Type.String(),
    /** First day of the week, Doha time (a week starts on Sunday). */
    start: Day,
  }),
  CaseMeasures,
]);
export type CaseMeasuresRow = Static<typeof CaseMeasuresRow>;

export const CaseMeasuresAnswer = Type.Object({
  /** The form asked for (?form=), or null: every form the caller reads. */
  form: Type.Union([Type.String(), Type.Null()]),
  from: Day,
  to: Day,
  /** Per venue and week, oldest week first. */
  rows: Type.Array(CaseMeasuresRow),
  /** Per venue over the whole range (the chart draws them; a median is of the range, not of the weeks' medians). */
  totals: Type.Array(Type.Composite([Type.Object({ venue: Type.String() }), CaseMeasures])),
  /** Every venue of the caller over the range. */
  overall: CaseMeasures,
});
export type CaseMeasuresAnswer = Static<typeof CaseMeasuresAnswer>;

/** The console home's "Cases" headline: the caller's venues, cases opened in the home's week (console-home.ts HOME_WEEK_DAYS). */
export const CasesHeadline = CaseMeasures;
export type CasesHeadline = CaseMeasures;
