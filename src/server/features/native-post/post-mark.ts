// A double tap on Submit without JavaScript, on a slow network, makes the browser post the form
// twice (it abandons the first navigation, the server still gets both). Each form page a browser
// loads carries a mark: a random cookie to the page's own path (HttpOnly, SameSite=Strict, a
// session cookie). A post keys its submission by that mark and its answers, so the same answers
// posted again from the same page load get the first post's thanks, not a second record; other
// answers (the guest went Back and changed one), another page load or another guest's device
// make new keys. A browser that keeps no cookie posts as before, without the key.
import { createHash, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { sharedPlugin, type ServerContext } from '../../core/context.ts';
import { readCookie } from '../../core/access/caller.ts';
import { secureCookie } from '../auth/index.ts';
import { formRoutes } from '../render/index.ts';
import { pathnameOf } from '../../core/http/pathname.ts';

const MARK_COOKIE = 'form-post';
const MARK_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The Idempotency-Key of a post: its page load's mark and a hash of what it sent; null without a mark. */
export function postKey(request: FastifyRequest, sent: unknown): string | null {
  const mark = readCookie(request.headers.cookie, MARK_COOKIE);
  if (!mark || !MARK_PATTERN.test(mark)) return null;
  return `page:${mark}:${createHash('sha256').update(JSON.stringify(sent)).digest('base64url')}`;
}

/** Marks each form page sent (200, HTML) by a form route of routes.json. */
export const postMarkPlugin = sharedPlugin(async (app, ctx: ServerContext) => {
  const formPages = new Set(formRoutes(ctx.registry.forms).map((route) => `/${route.segments.join('/')}`));
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url?.replace(/(.)\/$/, '$1');
    if (request.method !== 'GET' || reply.statusCode !== 200 || !route || !formPages.has(route)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const path = pathnameOf(request).replace(/(.)\/$/, '$1');
    // A path a cookie cannot name (a ';' in it) gets no mark: its posts go without a key.
    if (!/^\/[\x21-\x3a\x3c-\x7e]*$/.test(path)) return payload;
    const mark = randomBytes(16).toString('base64url');
    reply.header('set-cookie', fastifyCookie.serialize(MARK_COOKIE, mark, { path, httpOnly: true, sameSite: 'strict', secure: secureCookie(request, ctx) }));
    return payload;
  });
});
