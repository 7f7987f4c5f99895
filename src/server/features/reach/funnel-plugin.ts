// The response funnel's routes. POST /api/funnel/start: the "started" beacon a form page sends on
// its first answer (navigator.sendBeacon, its view token as the text body; no cookie, no person):
// counted once per view token, never for a page the server did not serve, a known crawler or beyond
// the rate; always a silent 204. GET /api/insights/{form}/funnel?by=venue|source&period=day|week
// &from&to: the counts and rates (funnel.ts) in the caller's read scope, a 400 naming a wrong parameter.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import { FUNNEL_BY, FUNNEL_PERIODS, FUNNEL_START_PATH, FunnelAnswer, type FunnelBy, type FunnelPeriod } from '../../../engine/contract/reach.ts';
import { callerLanguage, insightForm, insightQuerySchema, readInsightRange, refuse, type InsightQuery } from '../insights/index.ts';
import { countStep, isBot } from './counts.ts';
import { funnel } from './funnel.ts';
import { readView, VIEW_TOKEN_HOURS } from './view-token.ts';

type FunnelRequest = FastifyRequest<{ Params: { formId: string }; Querystring: InsightQuery }>;

const params = { type: 'object', properties: { formId: { type: 'string', maxLength: 100 } }, required: ['formId'] } as const;
/** How often the view tokens whose start was counted are let go (a token is good for VIEW_TOKEN_HOURS). */
const FORGET_STARTS_EVERY_MS = 3_600_000;

export const funnelPlugin = ownPlugin('funnel', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;
  const forms = new Set(registry.forms.map((form) => form.compiled.id));

  const forgetStarts = () =>
    db.query(`DELETE FROM funnel_starts WHERE created_at < now() - make_interval(hours => $1)`, [VIEW_TOKEN_HOURS]).catch((error: Error) => {
      app.log.warn(`funnel: letting go of old started beacons failed (${error.message})`);
    });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(forgetStarts, FORGET_STARTS_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  app.post(FUNNEL_START_PATH, { bodyLimit: 1024 }, async (request, reply) => {
    const view = readView(ctx.jwtSecret, typeof request.body === 'string' ? request.body.trim() : undefined);
    if (view && forms.has(view.form) && !isBot(request.headers['user-agent']) && (await ctx.limits.funnelBeacon(request))) {
      const { rowCount } = await db.query(`INSERT INTO funnel_starts (view_id) VALUES ($1) ON CONFLICT (view_id) DO NOTHING`, [view.id]);
      if (rowCount) await countStep(db, 'start', view);
    }
    return reply.code(204).header('cache-control', 'no-store').send();
  });

  app.get(
    '/api/insights/:formId/funnel',
    { schema: { params, querystring: insightQuerySchema, headers: credentialHeaders, response: { 200: FunnelAnswer } } },
    async (request: FunnelRequest): Promise<FunnelAnswer> => {
      const lang = callerLanguage(request);
      const { compiled, collection, venues } = insightForm(registry, request.caller, request.params.formId, lang);
      const by = (request.query.by || 'venue') as FunnelBy;
      if (!FUNNEL_BY.includes(by)) throw refuse(lang, 'by', 'insightsFunnelBadBy');
      const period = (request.query.period || 'week') as FunnelPeriod;
      if (!FUNNEL_PERIODS.includes(period)) throw refuse(lang, 'period', 'insightsFunnelBadPeriod');
      const range = readInsightRange(request.query, lang);
      const { rows, totals } = await funnel(db, { form: compiled.id, collection: collection.slug, by, period, range, venues });
      return { form: compiled.id, by, period, from: range.from, to: range.to, rows, totals };
    },
  );
});
