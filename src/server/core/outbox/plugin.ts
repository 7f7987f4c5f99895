// The outbox's sender runs with the server: started when every feature has registered its kinds
// (onReady), stopped when it closes (features whose kinds need something of theirs, a PDF worker,
// stop it first themselves: stop is idempotent).
import type { FastifyInstance } from 'fastify';
import { ownPlugin, type ServerContext } from '../context.ts';

export const outboxPlugin = ownPlugin('outbox', async (app: FastifyInstance, ctx: ServerContext) => {
  app.addHook('onReady', async () => ctx.outbox.start());
  app.addHook('onClose', async () => ctx.outbox.stop());
});
