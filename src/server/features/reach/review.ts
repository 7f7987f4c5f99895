// The review ask, for every guest: a form whose definition says success.reviewAsk offers, on its
// thank-you panel, each review site its submission's venue names (google_review_url,
// tripadvisor_url on the venue's content), whatever the guest answered (no gating: Google forbids
// asking only the happy ones). The panel links to GET /r/{venue}/{site}, which counts the click in
// the funnel and answers 302 to the stored address only; an unknown venue or site, or one the venue
// has no address for: a 404 page in the guest's language.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { SubmissionAnswer } from '../../core/submission-hooks.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { t } from '../../../engine/text/messages.ts';
import { DIRECT_SOURCE, DISTRIBUTION_POINTS, REVIEW_SITES, SOURCE_TAG, type ReviewAsk, type ReviewSite } from '../../../engine/contract/reach.ts';
import { countStep, isBot } from './counts.ts';
import { goneHtml } from '../../core/http/gone-page.ts';

/** What a venue's review field must hold (the content forms check it at save; a value stored otherwise is never followed). */
const REVIEW_URL = /^https:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/;
const isSite = (site: string): site is ReviewSite => Object.hasOwn(REVIEW_SITES, site);
const REVIEW_TEXT = { google: 'reachReviewAskGoogle', tripadvisor: 'reachReviewAskTripadvisor' } as const;

/** The review addresses of a venue (its slug) in one content collection: each site it names a valid https address for. */
async function reviewUrls(db: Queryable, collection: string, venue: string): Promise<Partial<Record<ReviewSite, string>>> {
  const { rows } = await db.query<{ data: Record<string, unknown> }>(
    `SELECT data FROM documents WHERE collection = $1 AND data->>'slug' = $2 ORDER BY id LIMIT 1`,
    [collection, venue],
  );
  const data = rows[0]?.data ?? {};
  const urls: Partial<Record<ReviewSite, string>> = {};
  for (const [site, field] of Object.entries(REVIEW_SITES) as [ReviewSite, string][]) {
    const url = data[field];
    if (typeof url === 'string' && REVIEW_URL.test(url)) urls[site] = url;
  }
  return urls;
}

/** The 201's `reviewAsk` of a form with success.reviewAsk: the counted address of each site its venue has. */
export const reviewAskAnswer: SubmissionAnswer = async ({ collection, row, lang }, _secret, db) => {
  const compiled = collection.form?.compiled;
  if (!compiled?.form.success?.reviewAsk || !compiled.venue || !row.venue) return undefined;
  const urls = await reviewUrls(db, compiled.venue.collection, row.venue);
  const query = new URLSearchParams({ form: compiled.id, source: row.source ?? DIRECT_SOURCE });
  const links = (Object.keys(urls) as ReviewSite[]).map((site) => ({
    site,
    href: `/r/${encodeURIComponent(row.venue!)}/${site}?${query}`,
    text: t(REVIEW_TEXT[site], lang),
  }));
  const ask: ReviewAsk = { title: t('reachReviewAskTitle', lang), links };
  return links.length ? { reviewAsk: ask } : undefined;
};

type ReviewRequest = FastifyRequest<{ Params: { venue: string; site: string }; Querystring: { form?: string; source?: string } }>;

export const reviewPlugin = ownPlugin('review-ask', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db } = ctx;
  const asking = ctx.registry.forms.filter((form) => form.compiled.form.success?.reviewAsk && form.compiled.venue);
  const venueCollections = [...new Set(asking.map((form) => form.compiled.venue!.collection))];

  /** A source of the click only when it is `direct` or one a distribution point of this form and venue hands out: no free text in reports. */
  async function clickSource(form: string, venue: string, source: unknown): Promise<string> {
    if (typeof source !== 'string' || !SOURCE_TAG.test(source) || source === DIRECT_SOURCE) return DIRECT_SOURCE;
    const { rows } = await db.query(
      `SELECT 1 FROM documents WHERE collection = $1 AND data->>'form' = $2 AND data->>'venue' = $3 AND data->>'source' = $4 LIMIT 1`,
      [DISTRIBUTION_POINTS, form, venue, source],
    );
    return rows.length ? source : DIRECT_SOURCE;
  }

  app.get('/r/:venue/:site', async (request: ReviewRequest, reply) => {
    const { venue, site } = request.params;
    const form = asking.find((candidate) => candidate.compiled.id === request.query.form);
    let url: string | undefined;
    if (isSite(site)) {
      for (const collection of form ? [form.compiled.venue!.collection] : venueCollections) {
        url = (await reviewUrls(db, collection, venue))[site];
        if (url) break;
      }
    }
    if (!url)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(goneHtml(resolveLanguage(request.headers['accept-language']), 'reachReviewGoneTitle', 'reachReviewGoneHint'));
    // A click from a thank-you panel names its form: counted in that form's funnel (a crawler's never).
    if (form && !isBot(request.headers['user-agent']))
      await countStep(db, site === 'google' ? 'review-google' : 'review-tripadvisor', {
        form: form.compiled.id,
        venue,
        source: await clickSource(form.compiled.id, venue, request.query.source),
        point: null,
      });
    return reply.code(302).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('location', url).send();
  });
});
