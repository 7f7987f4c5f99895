// The content feature's public face: what app.ts and other features may use.
export { createContent } from './content-writes.ts';
export { contentMediaPlugin } from './media-plugin.ts';
export { contentWritesPlugin } from './writes-plugin.ts';
