// The digest's plugin: its two kinds (the weekly step on the core timers, its email on the core
// outbox), the next weekly step scheduled at start (the same key on every instance: one row), and the
// console's "Preview my digest" (GET /api/digest/preview): this week's digest of the caller, for its
// own read scope and in its language (?lang= another), never sent.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { forbidden } from '../../core/errors.ts';
import { can } from '../../core/access/roles.ts';
import { findUserById } from '../../core/access/staff-users.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import { DigestPreview } from '../../../engine/contract/digest.ts';
import { isLang } from '../../../engine/text/languages.ts';
import { digestEmailOf, digestMailKind, digestStepKind, readsSubmissions, type DigestDeps } from './send.ts';
import { nextDigestAt, scheduleDigestStep } from './schedule.ts';
import { digestWeek } from './week.ts';

const previewQuery = { type: 'object', properties: { lang: { type: 'string', enum: ['en', 'ar', 'fr'] } }, additionalProperties: false } as const;

export const digestPlugin = ownPlugin('digest', async (app: FastifyInstance, ctx: ServerContext) => {
  const deps: DigestDeps = { db: ctx.db, forms: () => ctx.registry.forms.map((form) => form.compiled), config: ctx.config };
  ctx.timers.register(digestStepKind(deps));
  ctx.outbox.register(digestMailKind(deps));

  app.addHook('onReady', async () => {
    await ctx.db.transaction((tx) => scheduleDigestStep(tx, nextDigestAt(new Date(), ctx.config.digest)));
  });

  app.get(
    '/api/digest/preview',
    { schema: { querystring: previewQuery, headers: credentialHeaders, response: { 200: DigestPreview } } },
    async (request: FastifyRequest<{ Querystring: { lang?: string } }>) => {
      const caller = request.caller;
      if (caller.kind !== 'staff' || !can(caller, 'read-submissions')) throw forbidden();
      const account = await findUserById(ctx.db, caller.user.id);
      if (!account || !readsSubmissions(account, deps.forms())) throw forbidden();
      const lang = isLang(request.query.lang) ? request.query.lang : isLang(account.lang) ? account.lang : 'en';
      const email = await digestEmailOf(deps, account, digestWeek(new Date()), lang);
      return { lang, ...email, sent: account.digest === true };
    },
  );
});
