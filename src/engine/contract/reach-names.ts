// The names and formats of distribution points and views the page, the console and the server
// share, without TypeBox (the guest's form page carries these, not the schemas: page weight).
/** The content collection of distribution points. */
export const DISTRIBUTION_POINTS = 'distribution-points';

/** A source tag (table, receipt, kiosk, ...): letters, digits, '-' and '_', at most 40. */
export const SOURCE_TAG = /^[A-Za-z0-9_-]{1,40}$/;
export const SOURCE_TAG_MAX = 40;
/** The source of a submission or a view that came from no distribution point. */
export const DIRECT_SOURCE = 'direct';
/** A short code: what the short address /q/{code} carries (made by the server when not given). */
export const POINT_CODE = /^[A-Za-z0-9]{4,16}$/;
/** The query parameter the short address adds to the form page: the point's code, which the page sends back. */
export const POINT_QUERY = 'point';
/** The header the form page sends its view token back in (with a create and with the "started" beacon). */
export const VIEW_HEADER = 'x-form-view';
/** The Server-Timing entry of a served form page whose description is the view token (read by the page). */
export const VIEW_TIMING = 'form-view';
/** The review sites a venue may name (its content field for each): the thank-you panel's review ask and /r/{venue}/{site}. */
export const REVIEW_SITES = { google: 'google_review_url', tripadvisor: 'tripadvisor_url' } as const;
export type ReviewSite = keyof typeof REVIEW_SITES;
/**
 * The create's answer of a form with success.reviewAsk: each site the submission's venue has, its counted address and
 * its words in the guest's language (written by the server, so no guest page carries them).
 */
export interface ReviewAsk {
  title: string;
  links: { site: ReviewSite; href: string; text: string }[];
}
/** The "started" beacon's address (POST, the view token as its text body). */
export const FUNNEL_START_PATH = '/api/funnel/start';
