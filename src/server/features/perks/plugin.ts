// Employee perk redemption (/employee/perks): a signed-in employee (permission 'redeem-perks',
// session cookie from this site only, or a JWT header) redeems a perk once a week when the
// restaurant's staff type the partner's confirmation code on the employee's phone.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { can, type Permission } from '../../core/access/roles.ts';
import type { Caller } from '../../core/access/caller.ts';
import { readScope } from '../../core/access/submission-access.ts';
import { DEFAULT_READERS } from '../../../engine/access/roles.ts';
import { recordAudit } from '../audit/index.ts';
import { listPage, pageParams } from '../../core/http/list-page.ts';
import { ApiError, forbidden, notFound, validationError, type FieldError } from '../../core/errors.ts';
import { confirmationCodeMatches, ensureConfirmationCodes, listConfirmationCodes, renewConfirmationCode } from './confirmation-codes.ts';
import { listRedemptions, myRedemptions, perkOffered, recordRedemption, redeemedThisWeek } from './redemptions.ts';
import { dohaWeekKey } from './week-key.ts';

/** Wrong codes one employee may type before waiting (all perks together). */
export const WRONG_CODES_ALLOWED = 5;
const WRONG_CODE_WINDOW_MS = 10 * 60_000;

const message = (status: number, text: string, headers: Record<string, string> = {}) => new ApiError(status, { errors: [{ message: text }] }, headers);

function allow(caller: Caller, permission: Permission): asserts caller is Extract<Caller, { kind: 'staff' }> {
  if (!can(caller, permission)) throw forbidden();
}

function readRedemption(body: unknown): { perk: string; code: string } {
  const given = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  if (typeof given.perk !== 'string' || given.perk.trim() === '' || given.perk.length > 200)
    errors.push({ path: 'perk', label: 'Perk', message: 'Choose a perk from the list.' });
  if (typeof given.code !== 'string' || given.code.trim() === '' || given.code.length > 50)
    errors.push({ path: 'code', label: 'Code', message: 'This field is required.' });
  if (errors.length) throw validationError('perk-redemptions', errors);
  return { perk: given.perk as string, code: given.code as string };
}

export const perksPlugin = ownPlugin('perks', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db } = ctx;
  await ensureConfirmationCodes(db);
  const wrongCodes = app.createRateLimit({
    max: WRONG_CODES_ALLOWED,
    timeWindow: WRONG_CODE_WINDOW_MS,
    keyGenerator: (request) => `perk-code:${(request.caller as Extract<Caller, { kind: 'staff' }>).user.id}`,
  });

  app.post('/api/perk-redemptions', async (request, reply) => {
    const caller = request.caller;
    allow(caller, 'redeem-perks');
    const { perk, code } = readRedemption(request.body);
    const now = new Date();
    const peek = await wrongCodes(request, { increment: false });
    if (!peek.isAllowed && peek.remaining <= 0) {
      throw message(429, 'Too many wrong codes. Please wait a few minutes and try again.', { 'retry-after': String(Math.max(1, peek.ttlInSeconds)) });
    }
    if (!(await perkOffered(db, perk)))
      throw validationError('perk-redemptions', [{ path: 'perk', label: 'Perk', message: 'This perk is not offered any more.' }]);
    if (await redeemedThisWeek(db, caller.user.id, perk, now)) throw message(409, 'Already redeemed this week');
    if (!(await confirmationCodeMatches(db, perk, code))) {
      await wrongCodes(request);
      throw validationError('perk-redemptions', [{ path: 'code', label: 'Code', message: 'Invalid code. Please try again.' }]);
    }
    const redemption = await recordRedemption(db, caller.user.id, perk, now);
    if (!redemption) throw message(409, 'Already redeemed this week');
    return reply.code(201).send({ doc: redemption, message: 'Successfully redeemed!' });
  });

  /** The signed-in employee's own redemptions this week, for the perks page's statuses. */
  app.get('/api/perk-redemptions/mine', async (request) => {
    const caller = request.caller;
    allow(caller, 'redeem-perks');
    const now = new Date();
    return { user: { email: caller.user.email }, weekKey: dohaWeekKey(now), docs: await myRedemptions(db, caller.user.id, now) };
  });

  app.get('/api/perk-redemptions', async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>) => {
    // Who read redemptions before roles were per form (admin, viewer): not every role that reads some form's submissions.
    if (readScope(request.caller, { access: [...DEFAULT_READERS], venue: null }).kind !== 'all') throw forbidden();
    const paging = pageParams(request.query);
    const week = request.query.week;
    if (week !== undefined && (typeof week !== 'string' || !/^\d{4}-W\d{2}$/.test(week)))
      throw validationError(null, [{ path: 'week', message: "Give a week as YYYY-Www, e.g. '2026-W48'." }]);
    const { docs, totalDocs } = await listRedemptions(db, paging.page, paging.limit, (week as string | undefined) ?? null);
    await recordAudit(db, request.caller, { action: 'read-submission', target: 'perk-redemptions', detail: { page: paging.page, ...(week ? { week } : {}) } });
    return listPage(docs, totalDocs, paging);
  });

  /** Editors give each restaurant its code (and a new one when it leaked). */
  app.get('/api/perk-codes', async (request) => {
    allow(request.caller, 'edit-content');
    return { docs: await listConfirmationCodes(db) };
  });

  app.post('/api/perk-codes/:perk/renew', async (request: FastifyRequest<{ Params: { perk: string } }>) => {
    allow(request.caller, 'edit-content');
    const code = await renewConfirmationCode(db, request.params.perk);
    if (!code) throw notFound();
    await recordAudit(db, request.caller, { action: 'update-content', target: 'perk-codes', documentId: request.params.perk, detail: { renewed: true } });
    return { doc: { perk: request.params.perk, code }, message: 'Updated successfully.' };
  });
});
