// A request's path as the client sent it (no query string, still percent-encoded): what routes,
// error answers, cookies and page addresses are matched against; and its query string as sent.
import type { FastifyRequest } from 'fastify';

export const pathnameOf = (request: FastifyRequest): string => request.raw.url?.split('?')[0] ?? request.url;

/** The query string after the first '?', without it ('' when there is none). */
export const queryOf = (request: FastifyRequest): string => request.raw.url?.slice(pathnameOf(request).length + 1) ?? '';
