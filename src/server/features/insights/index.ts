// The insights feature's public face: a form's aggregates (GET /api/insights/{formId}) and comments.
import type { ServerFeature } from '../../core/feature.ts';
import { insightsPlugin } from './plugin.ts';
import { INSIGHTS_MIGRATIONS } from './migrations.ts';

export const insightsFeature: ServerFeature = { name: 'insights', plugins: [insightsPlugin], migrations: INSIGHTS_MIGRATIONS };
