// The sso feature's public face: what app.ts and other features may use.
export { ssoPlugin } from './plugin.ts';
