// The view token: what a served form page carries back (in the Server-Timing header of the page,
// read by the page and sent with the "started" beacon and with the create). Signed by the server,
// so a beacon or a source for a page it never served counts nothing: guests cannot write a source
// into reports, only bring back the one the server gave their page (from a distribution point's code).
// It names no person: the form, the venue and source of the view, a random id and the time.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface View {
  form: string;
  /** The venue's slug, '' when the page chose none. */
  venue: string;
  source: string;
  /** The distribution point's document id, null for a direct view. */
  point: number | null;
  /** Random, one per page served: a page load's beacon is counted once. */
  id: string;
  /** Seconds since the epoch. */
  issued: number;
}

/** A token older than this counts no start and gives no source (a page left open for two days). */
export const VIEW_TOKEN_HOURS = 48;

const keyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('venue-forms view token v1').digest();
const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function signView(jwtSecret: string, view: Omit<View, 'id' | 'issued'>, now = Date.now()): string {
  const full: View = { ...view, id: randomBytes(12).toString('base64url'), issued: Math.floor(now / 1000) };
  const body = Buffer.from(JSON.stringify([full.form, full.venue, full.source, full.point, full.id, full.issued])).toString('base64url');
  return `${body}.${mac(keyOf(jwtSecret), body)}`;
}

/** The view a token names, or null when it is altered, expired or no token at all. */
export function readView(jwtSecret: string, token: unknown, now = Date.now()): View | null {
  if (typeof token !== 'string' || token.length > 600) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(keyOf(jwtSecret), body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [form, venue, source, point, id, issued] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    if (typeof form !== 'string' || typeof venue !== 'string' || typeof source !== 'string' || typeof id !== 'string' || typeof issued !== 'number')
      return null;
    if (point !== null && typeof point !== 'number') return null;
    if (now / 1000 - issued > VIEW_TOKEN_HOURS * 3600 || issued - now / 1000 > 300) return null;
    return { form, venue, source, point, id, issued };
  } catch {
    return null;
  }
}
