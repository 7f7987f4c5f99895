// The render feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { pagesPlugin } from './plugin.ts';
export { invalidatePagePolicy } from './content-security-policy.ts';

export const renderFeature: ServerFeature = { name: 'render', plugins: [pagesPlugin] };
