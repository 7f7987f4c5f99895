// The reach feature's public face: distribution points (QR table cards) and their short addresses,
// each submission's source, the response funnel (scans, views, starts, submissions, review clicks)
// and the review ask every guest of a form with success.reviewAsk is offered.
import type { ServerFeature } from '../../core/feature.ts';
import { REACH_MIGRATIONS } from './migrations.ts';
import { pointsPlugin } from './points-plugin.ts';
import { scanPlugin } from './scan-plugin.ts';
import { viewsPlugin } from './views-plugin.ts';
import { cardPlugin } from './card-plugin.ts';
import { recordSource } from './source-hook.ts';
import { funnelPlugin } from './funnel-plugin.ts';
import { reviewAskAnswer, reviewPlugin } from './review.ts';

/** The response funnel's counts of one form (the insights page's and the weekly digest's). */
export { funnel, type FunnelRequest } from './funnel.ts';

export const reachFeature: ServerFeature = {
  name: 'reach',
  plugins: [pointsPlugin, cardPlugin, scanPlugin, viewsPlugin, funnelPlugin, reviewPlugin],
  migrations: REACH_MIGRATIONS,
  submissionHooks: [recordSource],
  submissionAnswers: [reviewAskAnswer],
  thanksAnswers: [reviewAskAnswer],
};
