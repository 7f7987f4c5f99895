// The reach feature's public face: distribution points (QR table cards) and their short addresses,
// each submission's source, and the response funnel (scans, views, starts, submissions).
import type { ServerFeature } from '../../core/feature.ts';
import { REACH_MIGRATIONS } from './migrations.ts';
import { pointsPlugin } from './points-plugin.ts';
import { scanPlugin } from './scan-plugin.ts';
import { viewsPlugin } from './views-plugin.ts';
import { cardPlugin } from './card-plugin.ts';
import { recordSource } from './source-hook.ts';

export const reachFeature: ServerFeature = {
  name: 'reach',
  plugins: [pointsPlugin, cardPlugin, scanPlugin, viewsPlugin],
  migrations: REACH_MIGRATIONS,
  submissionHooks: [recordSource],
};
