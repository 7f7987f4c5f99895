// The auth feature's public face: what app.ts and other features may use.
export { localAdminPlugin } from './local-admin-plugin.ts';
export { authPlugin } from './plugin.ts';
export { cookieOptions, startSession } from './session.ts';
