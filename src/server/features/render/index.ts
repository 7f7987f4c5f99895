// The render feature's public face: what app.ts and other features may use.
export { invalidatePagePolicy } from './content-security-policy.ts';
export { pagesPlugin } from './plugin.ts';
