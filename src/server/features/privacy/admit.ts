// Who may make a data-subject request or place a legal hold: admins (permission
// 'privacy-requests'); 401 signed out (or with the public key), 403 any other role; then a share of
// the per-address budget (RATE_LIMIT_PER_MINUTE), like the creates.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../core/context.ts';
import { can } from '../../core/access/roles.ts';
import { ApiError, forbidden } from '../../core/errors.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import type { Lang } from '../../../engine/text/languages.ts';

export async function admitPrivacyRequest(ctx: Pick<ServerContext, 'limits'>, request: FastifyRequest): Promise<void> {
  if (request.caller.kind !== 'staff') throw new ApiError(401, { errors: [{ message: 'You must be signed in to do this.' }] });
  if (!can(request.caller, 'privacy-requests')) throw forbidden();
  await ctx.limits.create(request, 'privacy-requests');
}

/** ?locale= (the console sends its language), else Accept-Language. */
export const requestLanguage = (request: FastifyRequest): Lang =>
  resolveLanguage((request.query as { locale?: string } | undefined)?.locale ?? request.headers['accept-language']);
