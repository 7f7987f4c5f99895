// The users feature's public face: what app.ts and other features may use.
export { usersPlugin } from './plugin.ts';
