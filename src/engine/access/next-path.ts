// Where to go after signing in (?next=): only a path on this site, so a link such as
// /login?next=//evil.com or ?next=https://evil.com cannot send a signed-in user elsewhere (an open
// redirect). Shared by the sign-in page and the single sign-on callback on the server.

/** The same-origin path (with its query and hash) `next` names, or null when it is anything else. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return null;
  // One leading slash, not two, and no backslash (browsers read /\evil.com as //evil.com), no control characters.
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\') || [...next].some((char) => char <= ' ' || char === '\u007f')) return null;
  const base = 'http://same.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
