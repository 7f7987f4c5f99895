// The chat feature's public face: what app.ts and other features may use.
export { chatPlugin } from './plugin.ts';
