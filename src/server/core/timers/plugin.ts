// The timers' worker runs with the server: started when every feature has registered its kinds
// (onReady), stopped when it closes (Fastify runs onClose hooks last registered first: after the
// features' own, before the database's).
import type { FastifyInstance } from 'fastify';
import { ownPlugin, type ServerContext } from '../context.ts';

export const timersPlugin = ownPlugin('timers', async (app: FastifyInstance, ctx: ServerContext) => {
  app.addHook('onReady', async () => ctx.timers.start());
  app.addHook('onClose', async () => ctx.timers.stop());
});
