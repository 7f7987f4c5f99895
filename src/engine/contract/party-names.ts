// The parties' names and limits the guest pages need without the shapes (no TypeBox on a form
// page: the waiver's send reads the party code of its address, submitAnswers.ts). The shapes: parties.ts.
/** A party's page: /p/{code}; its organiser's roster: /p/roster/{token}. */
export const PARTY_PAGE_PREFIX = '/p/';
export const PARTY_ROSTER_PREFIX = '/p/roster/';
/** The header a party page's waiver is sent with: the submission is linked to the party on the server (never an answer in the address). */
export const PARTY_HEADER = 'x-party';
/** The human check's action of the organiser's public page. */
export const PARTY_CAPTCHA_ACTION = 'party_create';
export const PARTY_MIN_PEOPLE = 1;
export const PARTY_MAX_PEOPLE = 200;
/** Codes: 8 of these characters (no 0/O, 1/I/L): read aloud or typed from a phone without doubt. */
export const PARTY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PARTY_CODE_PATTERN = '^[2-9A-HJKMNP-Z]{8}$';
/** The roster page asks again this often, and stops after this many asks (a tab left open asks no more; a reload starts again). */
export const ROSTER_POLL_SECONDS = 5;
export const ROSTER_POLL_LIMIT = 360;

/** The code of a party page's address, or null (the page and the form's submit read it alike). */
export function partyCodeOf(pathname: string): string | null {
  if (!pathname.startsWith(PARTY_PAGE_PREFIX)) return null;
  const code = pathname.slice(PARTY_PAGE_PREFIX.length).replace(/\/$/, '');
  return new RegExp(PARTY_CODE_PATTERN).test(code) ? code : null;
}
