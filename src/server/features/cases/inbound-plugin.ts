// Runs the SMTP receiver for guests' replies (inbound/receiver.ts) when INBOUND_SMTP_PORT is set:
// opened on ready (a port that cannot be had stops the start), closed before requests drain.
import type { FastifyInstance } from 'fastify';
import type { SMTPServer } from 'smtp-server';
import { sharedPlugin, type ServerContext } from '../../core/context.ts';
import { inboundReceiver, listen } from './inbound/receiver.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The port the receiver of guests' replies listens on, or null when INBOUND_SMTP_PORT is unset. */
    inboundSmtpPort: () => number | null;
  }
}

export const caseInboundPlugin = sharedPlugin(async (app: FastifyInstance, ctx: ServerContext) => {
  let server: SMTPServer | null = null;
  let port: number | null = null;
  app.decorate('inboundSmtpPort', () => port);
  const inbound = ctx.config.cases.inbound;
  if (!inbound) return;
  app.addHook('onReady', async () => {
    server = inboundReceiver(ctx, inbound.domain, app.log);
    port = await listen(server, inbound.port, ctx.config.host).catch((error: Error) => {
      throw new Error(`The inbound mail port could not be opened (INBOUND_SMTP_PORT=${inbound.port}): ${error.message}`, { cause: error });
    });
  });
  app.addHook('preClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
}, 'case-inbound');
