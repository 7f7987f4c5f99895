// The content feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { contentWritesPlugin } from './writes-plugin.ts';
import { contentMediaPlugin } from './media-plugin.ts';
export { createContent, deleteContent, updateContent } from './content-writes.ts';

export const contentFeature: ServerFeature = { name: 'content', plugins: [contentWritesPlugin, contentMediaPlugin] };
