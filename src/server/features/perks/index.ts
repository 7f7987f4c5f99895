// The perks feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { perksPlugin } from './plugin.ts';

export const perksFeature: ServerFeature = { name: 'perks', plugins: [perksPlugin] };
