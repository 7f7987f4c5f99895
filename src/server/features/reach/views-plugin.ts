// Views: each form page the server sends (200, HTML, opened by a browser or a plain client, not to a
// known crawler, not the service worker's offline copy) counts one view of its
// form, venue and source, and carries its view token in the Server-Timing header (the page reads
// it from its navigation entry; the HTML itself is the same for every guest and stays cached). The
// source is a point's only when the address names that point's code for that form, venue and
// source (?point=, from the short address); any other ?source= is a direct view.
import { sharedPlugin } from '../../core/context.ts';
import { DIRECT_SOURCE, POINT_QUERY, VIEW_TIMING } from '../../../engine/contract/reach.ts';
import { pointByCode } from './points.ts';
import { countStep, isBot } from './counts.ts';
import { FormPages } from './form-page.ts';
import { signView } from './view-token.ts';

export const viewsPlugin = sharedPlugin(async (app, ctx) => {
  const pages = new FormPages(ctx.registry.forms);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || request.url.startsWith('/api/')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html') || isBot(request.headers['user-agent'])) return payload;
    // A page opened, not the copy the page's service worker fetches for offline use (sec-fetch-dest: empty): no second view, no token in the copy.
    const dest = request.headers['sec-fetch-dest'];
    if (dest !== undefined && dest !== 'document') return payload;
    const served = await pages.served(ctx.db, request.url);
    if (!served) return payload;
    const form = served.form.compiled.id;
    const code = served.query.get(POINT_QUERY);
    const point = code ? await pointByCode(ctx.db, code) : null;
    const fromPoint = point && point.data.form === form && point.data.venue === served.venue && point.data.source === served.query.get('source');
    const view = { form, venue: served.venue ?? '', source: fromPoint ? point.data.source : DIRECT_SOURCE, point: fromPoint ? point.id : null };
    await countStep(ctx.db, 'view', view);
    reply.header('server-timing', `${VIEW_TIMING};desc="${signView(ctx.jwtSecret, view)}"`);
    return payload;
  });
}, 'reach-views');
