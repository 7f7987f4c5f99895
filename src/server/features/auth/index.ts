// The auth feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { authPlugin } from './plugin.ts';
import { localAdminPlugin } from './local-admin-plugin.ts';
export { cookieOptions, secureCookie, startSession } from './session.ts';
export { callThroughServer, checkLocalAdminCall, localAdminSecret, runningServer, LOCAL_ADMIN_SECRET_HEADER } from './local-admin.ts';

export const authFeature: ServerFeature = { name: 'auth', plugins: [authPlugin, localAdminPlugin] };
