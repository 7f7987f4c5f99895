// Distribution points (QR table cards), their short addresses and the response funnel: the shapes
// the staff pages and the API share (GET/POST /api/distribution-points, GET /api/insights/{form}/funnel).
import { Type, type Static } from '@sinclair/typebox';

export * from './reach-names.ts';

export const DistributionPoint = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The form's id (e.g. dining-survey). */
  form: Type.String(),
  /** The venue's slug (e.g. cova). */
  venue: Type.String(),
  source: Type.String(),
  code: Type.String(),
  /** The short address printed under the code: PUBLIC_URL (or the request's address) + /q/{code}. */
  shortUrl: Type.String(),
  /** Scans counted so far. */
  scans: Type.Integer({ minimum: 0 }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type DistributionPoint = Static<typeof DistributionPoint>;

export const DistributionPointsAnswer = Type.Object({ docs: Type.Array(DistributionPoint) });
export type DistributionPointsAnswer = Static<typeof DistributionPointsAnswer>;

/** GET /api/distribution-points/choices: the forms a point may hand out and, for each, the venues the caller manages. */
export const DistributionPointChoices = Type.Object({
  forms: Type.Array(
    Type.Object({
      form: Type.String(),
      /** The form's staff name in every language the console speaks. */
      title: Type.Record(Type.String(), Type.String()),
      venues: Type.Array(Type.Object({ slug: Type.String(), name: Type.String() })),
    }),
  ),
});
export type DistributionPointChoices = Static<typeof DistributionPointChoices>;

export const FUNNEL_BY = ['venue', 'source'] as const;
export type FunnelBy = (typeof FUNNEL_BY)[number];
export const FUNNEL_PERIODS = ['day', 'week'] as const;
export type FunnelPeriod = (typeof FUNNEL_PERIODS)[number];

const Count = Type.Integer({ minimum: 0 });
const Rate = Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'A share from 0 to 1; null when nothing was viewed.' });

export const FunnelCounts = Type.Object({
  scans: Count,
  views: Count,
  started: Count,
  submitted: Count,
  reviewClicks: Count,
  /** started / views */
  startRate: Rate,
  /** submitted / views */
  completionRate: Rate,
});
export type FunnelCounts = Static<typeof FunnelCounts>;

export const FunnelRow = Type.Composite([
  Type.Object({
    /** The venue's slug or the source tag; '' for views and submissions with no venue. */
    key: Type.String(),
    /** First day of the period, Doha time (a week starts on Sunday). */
    start: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  }),
  FunnelCounts,
]);
export type FunnelRow = Static<typeof FunnelRow>;

export const FunnelAnswer = Type.Object({
  form: Type.String(),
  by: Type.Union(FUNNEL_BY.map((by) => Type.Literal(by))),
  period: Type.Union(FUNNEL_PERIODS.map((period) => Type.Literal(period))),
  from: Type.String(),
  to: Type.String(),
  rows: Type.Array(FunnelRow),
  /** Every row summed, per key (what the page's chart draws). */
  totals: Type.Array(Type.Composite([Type.Object({ key: Type.String() }), FunnelCounts])),
});
export type FunnelAnswer = Static<typeof FunnelAnswer>;
