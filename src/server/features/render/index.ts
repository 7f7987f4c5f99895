// The render feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { pagesPlugin } from './plugin.ts';
import type { NativePostOutcome } from '../../../engine/contract/native-post.ts';
export { formRoutes, matchFormRoute, type FormRoute } from './form-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The form page at an address showing a post's outcome, as HTML; null when the pages are not built or cannot be rendered now (render/plugin.ts). */
    postedFormPage?: (url: string, outcome: NativePostOutcome) => Promise<string | null>;
  }
}

export const renderFeature: ServerFeature = { name: 'render', plugins: [pagesPlugin] };
