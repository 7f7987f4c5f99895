// The chat feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { chatConfig } from './config.ts';
import { chatPlugin } from './plugin.ts';
export type { AssistantConfig } from './config.ts';

export const chatFeature: ServerFeature = { name: 'chat', plugins: [chatPlugin], config: chatConfig };
