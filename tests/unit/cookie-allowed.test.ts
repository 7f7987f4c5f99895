// The same-site rule of the cookie and of pages posted without JavaScript (core/access/caller.ts):
// a post from another site is refused, whatever it claims; a page that keeps its address to itself
// (referrer policy no-referrer, the reporter's case page) posts with the origin "null" and counts
// only with the browser's own word that it is the same origin.
import { describe, expect, it } from 'vitest';
import { cookieAllowed } from '../../src/server/core/access/caller.ts';

const host = 'forms.example.com';

describe('cookieAllowed', () => {
  it('takes an origin of the same host, and refuses another or a broken one', () => {
    expect(cookieAllowed({ host, origin: 'https://forms.example.com' })).toBe(true);
    expect(cookieAllowed({ host, origin: 'https://attacker.example' })).toBe(false);
    expect(cookieAllowed({ host, origin: 'not a url' })).toBe(false);
  });

  it('with the origin "null", takes only a same-origin request', () => {
    expect(cookieAllowed({ host, origin: 'null', 'sec-fetch-site': 'same-origin' })).toBe(true);
    // A sandboxed frame or a data: page on another site also says "null": the browser says where it came from.
    expect(cookieAllowed({ host, origin: 'null', 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(cookieAllowed({ host, origin: 'null', 'sec-fetch-site': 'same-site' })).toBe(false);
    expect(cookieAllowed({ host, origin: 'null' })).toBe(false);
  });

  it('without an origin, follows Sec-Fetch-Site (a browser without it: a navigation, allowed)', () => {
    expect(cookieAllowed({ host, 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(cookieAllowed({ host, 'sec-fetch-site': 'none' })).toBe(true);
    expect(cookieAllowed({ host, 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(cookieAllowed({ host })).toBe(true);
  });
});
