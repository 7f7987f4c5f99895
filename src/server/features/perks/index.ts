// The perks feature's public face: what app.ts and other features may use.
export { perksPlugin } from './plugin.ts';
