// The insights feature's public face: a form's aggregates (GET /api/insights/{formId}) and comments.
import type { ServerFeature } from '../../core/feature.ts';
import { insightsPlugin } from './plugin.ts';
import { INSIGHTS_MIGRATIONS } from './migrations.ts';

/** The aggregation itself, for other features' reports (the weekly digest): the same numbers as the insights page. */
export { aggregate, type AggregateRow } from './aggregate.ts';
export { foldPending } from './fold.ts';
/** The insights reads' shared parts, for the response funnel (features/reach): the form and read scope, the range, the conditions. */
export { insightForm, insightScope, type VenueScope } from './scope.ts';
export { callerLanguage, insightQuerySchema, readInsightRange, refuse, type InsightQuery } from './insight-request.ts';
export { RANGE_CONDITION, venueCondition, type InsightRange } from './aggregate.ts';
export { DOHA_TIME_ZONE } from './doha.ts';

export const insightsFeature: ServerFeature = { name: 'insights', plugins: [insightsPlugin], migrations: INSIGHTS_MIGRATIONS };
