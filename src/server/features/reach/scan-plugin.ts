// GET /q/{code}: the short address of a distribution point (its QR code): counts the scan and
// answers 302 to the form's page with the point's venue chosen and its source carried (?source=
// for the eye, ?point= the code the page's view is counted by). Never an answer in the address.
// An unknown or deleted code: a 404 page in the guest's language.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { POINT_QUERY } from '../../../engine/contract/reach.ts';
import { pointByCode } from './points.ts';
import { countStep, isBot } from './counts.ts';
import { FormPages } from './form-page.ts';
import { goneHtml } from '../../core/http/gone-page.ts';

export const scanPlugin = ownPlugin('distribution-scans', async (app: FastifyInstance, ctx: ServerContext) => {
  const pages = new FormPages(ctx.registry.forms);
  app.get('/q/:code', async (request: FastifyRequest<{ Params: { code: string } }>, reply) => {
    const point = await pointByCode(ctx.db, request.params.code);
    const form = point && pages.form(point.data.form);
    const value = form && (await pages.venueValue(ctx.db, form, point.data.venue));
    const path = form && value !== null && value !== undefined ? pages.pathFor(form, value) : null;
    if (!point || !path)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(goneHtml(resolveLanguage(request.headers['accept-language']), 'pointGoneTitle', 'pointGoneHint'));
    if (!isBot(request.headers['user-agent']))
      await countStep(ctx.db, 'scan', { form: point.data.form, venue: point.data.venue, source: point.data.source, point: point.id });
    const query = new URLSearchParams({ source: point.data.source, [POINT_QUERY]: point.data.code });
    // Each scan is counted: no cache may answer the next one.
    return reply
      .code(302)
      .header('cache-control', 'no-store')
      .header('location', `${path}${path.includes('?') ? '&' : '?'}${query}`)
      .send();
  });
});
