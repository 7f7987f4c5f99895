// The console home's feature: what needs a staff member's attention (GET /api/console/home) and the
// navigation's forms and counts (GET /api/console/nav), computed over the other features' tables through
// their public faces (followup, alerts).
import type { ServerFeature } from '../../core/feature.ts';
import { homePlugin } from './plugin.ts';

export const homeFeature: ServerFeature = { name: 'home', plugins: [homePlugin] };
