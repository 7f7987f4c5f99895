// The outcome of a form's post without JavaScript, which the server renders into the page
// (src/web/ssr/renderPage.tsx sets it for one render; src/server/features/native-post posts it).
// In the browser there is none: the script sends the answers itself.
import type { NativePostOutcome } from '../../engine/contract/native-post.ts';

let current: NativePostOutcome | null = null;

/** Renders run one at a time (renderPage.tsx): set before one, cleared after it. */
export function setNativePostOutcome(outcome: NativePostOutcome | null): void {
  current = outcome;
}

export function nativePostOutcome(): NativePostOutcome | null {
  return current;
}
