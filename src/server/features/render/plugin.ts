// Serves the built pages (WEB_DIST_DIR) with the SPA fallback, noindex, a Content-Security-Policy
// (the other security headers come from core/http/security-headers.ts) and long caching for hashed assets. Unknown /api routes get Payload's route-not-found answer.
import type { RuntimeSettings } from '../../../engine/contract/runtime-settings.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sharedPlugin } from '../../core/context.ts';
import { pagePolicy } from './content-security-policy.ts';
import { framedPage, pageScripts, scriptsFrame } from './page-scripts.ts';
import { PAGE_SCRIPTS_PATH } from '../../../engine/contract/page-scripts.ts';
import { formRoutes, pageAddress } from './form-routes.ts';
import { createPrerenderer } from './prerender.ts';
import { answerAsset, HASHED_FILE, loadHashedAssets, pickEncoding } from './asset-memory.ts';
import { humanCheckKind } from '../../core/config.ts';
import { routeNotFound } from '../../core/errors.ts';
import type { NativePostOutcome } from '../../../engine/contract/native-post.ts';
import { pathnameOf } from '../../core/http/pathname.ts';

function cacheHeaders(response: { setHeader(name: string, value: string): unknown }, file: string) {
  // A precompressed copy (.br, .gz) is the same hashed file.
  const name = path.basename(file).replace(/\.(br|gz)$/, '');
  // The service worker (dist/sw.js, src/web/sw/sw.ts) is checked on every visit: a new build replaces the old one at once.
  if (name === 'index.html' || name === 'sw.js') response.setHeader('cache-control', 'no-cache');
  else if (file.includes(`${path.sep}assets${path.sep}`) && HASHED_FILE.test(name)) response.setHeader('cache-control', 'public, max-age=31536000, immutable');
  else response.setHeader('cache-control', 'public, max-age=3600');
}

export const pagesPlugin = sharedPlugin(async (app, ctx) => {
  const dist = ctx.config.webDistDir;
  const built = fs.existsSync(path.join(dist, 'index.html'));
  const humanCheck = humanCheckKind(ctx.config);
  const routes = formRoutes(ctx.registry.forms);
  const policy = ctx.config.contentSecurityPolicy ?? pagePolicy(humanCheck === 'recaptcha' ? ctx.config.recaptchaScriptUrl : null);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-robots-tag', 'noindex');
    // An answer that set its own, stricter policy (a data-subject export) keeps it.
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html') && !reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', policy);
    // API answers may hold personal data: no shared or browser cache keeps them.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  // Per-deployment settings for the pages, so one build runs anywhere (src/web/api/runtimeConfig.ts reads them).
  const settings: RuntimeSettings = {
    publicApiKey: ctx.config.publicApiKey,
    humanCheck,
    recaptchaSiteKey: ctx.config.recaptchaSiteKey ?? '',
    recaptchaScriptUrl: ctx.config.recaptchaScriptUrl,
    apiBaseUrl: '',
  };
  app.get('/runtime-config.js', async (_request, reply) => {
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(`window.__RUNTIME_CONFIG__ = ${JSON.stringify(settings)};\n`);
  });

  // The frame a form page holds for its document's scripts (page-scripts.ts): read at each load, so an edit applies at once.
  app.get(`${PAGE_SCRIPTS_PATH}/*`, async (request, reply) => {
    const frame = scriptsFrame(await pageScripts(ctx.db, routes, framedPage(pathnameOf(request))), `${request.protocol}://${request.host}`);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', frame.policy).send(frame.html);
  });

  // Hashed built files from memory (features/render/asset-memory.ts); the others from disk, as the .br or .gz
  // file the build wrote beside each when the browser accepts it.
  const hashed = built ? loadHashedAssets(path.join(dist, 'assets')) : new Map();
  if (built) {
    app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
      // A name is one file of assets/: an encoded slash or dot-dot (..%2Fserver%2Frender-page.js) would reach the server's own build.
      if (/[/\\]|\.\./.test(request.params.name)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      const asset = hashed.get(request.params.name);
      // A file of public/ (a logo, the demo restaurant tag) may be loaded by a page's sandboxed scripts frame, whose origin is opaque.
      if (!asset) return reply.header('cross-origin-resource-policy', 'cross-origin').sendFile(`assets/${request.params.name}`);
      const answer = answerAsset(asset, request.headers['accept-encoding'], request.headers['if-none-match']);
      reply.headers(answer.headers);
      return answer.body ? reply.send(answer.body) : reply.code(304).send();
    });
  }
  if (built)
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      cacheControl: false,
      setHeaders: cacheHeaders,
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith('/server/') && !pathName.startsWith('/.vite/'),
    });
  // Form pages, hubs and documents are sent rendered (src/server/features/render/prerender.ts); an address whose page names nothing (an unknown document) is
  // a 404; the others, and any page whose render fails, are index.html.
  const prerender = built ? await createPrerenderer(app, dist, settings, (url) => pageAddress(routes, url)) : null;
  // For the post of a form without JavaScript (features/native-post): the form page showing its outcome.
  app.decorate('postedFormPage', (url: string, outcome: NativePostOutcome) => (prerender ? prerender.posted(url, outcome) : Promise.resolve(null)));
  // The routes of the built pages (written by the build from routes.json) answer 200 with the page;
  // any other address gets the page too, which shows Not Found, with the status 404.
  const routeTable = path.join(dist, 'route-table.json');
  const pagePaths = built && fs.existsSync(routeTable) ? (JSON.parse(fs.readFileSync(routeTable, 'utf8')) as string[]) : [];
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = prerender ? await prerender.page(request.url) : null;
    if (page === 'not-found') return reply.code(404).type('text/html; charset=utf-8').sendFile('index.html');
    if (page) {
      const { body, headers } = pickEncoding(page, request.headers['accept-encoding']);
      return (
        reply
          .code(page.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', page.personal ? 'no-store' : 'no-cache')
          // Read by the service worker (src/web/sw/sw.ts): a kept form page is shown at once on a repeat visit.
          .header('x-page-kind', page.kind)
          .headers(headers)
          .send(body)
      );
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  };
  for (const pagePath of pagePaths) {
    app.get(pagePath, sendPage);
    if (pagePath !== '/') app.get(`${pagePath}/`, sendPage);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathnameOf(request);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      const answer = routeNotFound(pathname);
      return reply.code(answer.statusCode).send(answer.body);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ message: `Route not found "${pathname}"` });
    // A missing script or style must not be answered with the page: the browser would run HTML as code.
    if (pathname.startsWith('/assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send('Pages are not built: run npm run build');
    // The page itself shows Not Found for routes it does not know; browsers and crawlers get the status.
    return reply
      .code(pagePaths.length ? 404 : 200)
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  });
});
