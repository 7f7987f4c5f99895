// The collections feature's public face: what app.ts and other features may use.
export { collectionsPlugin } from './plugin.ts';
export { staffDownloadsPlugin } from './staff-downloads.ts';
