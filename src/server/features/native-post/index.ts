// The native-post feature's public face: guest forms that post without JavaScript (plugin.ts).
import type { ServerFeature } from '../../core/feature.ts';
import { nativePostPlugin } from './plugin.ts';
import { postMarkPlugin } from './post-mark.ts';

export const nativePostFeature: ServerFeature = { name: 'native-post', plugins: [nativePostPlugin, postMarkPlugin] };
// A page of another feature posted without JavaScript with a form's files (features/reporter): read as a form's post is.
export { readMultipart, readParts, urlencodedPairs, MAX_TEXT_BYTES } from './read-post.ts';
