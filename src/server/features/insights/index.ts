// The insights feature's public face: a form's aggregates (GET /api/insights/{formId}) and comments.
import type { ServerFeature } from '../../core/feature.ts';
import { insightsPlugin } from './plugin.ts';

export const insightsFeature: ServerFeature = { name: 'insights', plugins: [insightsPlugin] };
