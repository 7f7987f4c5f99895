// A request's path as the client sent it (no query string, still percent-encoded): what routes,
// error answers, cookies and page addresses are matched against.
import type { FastifyRequest } from 'fastify';

export const pathnameOf = (request: FastifyRequest): string => request.raw.url?.split('?')[0] ?? request.url;
