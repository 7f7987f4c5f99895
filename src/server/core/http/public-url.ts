// The guests' address of the pages, for links that leave the request (a printed QR card, an email):
// PUBLIC_URL when set, else the address this request came to (as TRUST_PROXY's proxies report it).
import type { FastifyRequest } from 'fastify';
import type { CoreConfig } from '../config.ts';

export const publicBase = (config: Pick<CoreConfig, 'publicUrl'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string =>
  config.publicUrl ?? `${request.protocol}://${request.host}`;
