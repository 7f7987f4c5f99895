// The sso feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { ssoPlugin } from './plugin.ts';

export const ssoFeature: ServerFeature = { name: 'sso', plugins: [ssoPlugin] };
