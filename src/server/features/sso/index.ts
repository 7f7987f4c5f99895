// The sso feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { ssoConfig } from './config.ts';
import { ssoPlugin } from './plugin.ts';
export type { OidcConfig } from './config.ts';

export const ssoFeature: ServerFeature = { name: 'sso', plugins: [ssoPlugin], config: ssoConfig };
