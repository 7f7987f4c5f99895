// The alerts' API and their kind of outbox message. A staff member reads the alerts about what they
// may read (GET /api/alerts, the unread count for the console's home) and marks them read; admins
// read the delivery log and resend (audited). The core outbox sends them (delivery.ts builds each).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { can, isStaff } from '../../core/access/roles.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { pageParams } from '../../core/http/list-page.ts';
import { AlertDeliveryLog, AlertInbox, UnreadAlerts } from '../../../engine/contract/alerts.ts';
import { recordAudit } from '../audit/index.ts';
import { notifyOutbox } from '../../core/outbox/outbox.ts';
import { alertKind } from './delivery.ts';
import { deliveryLog, inbox, markRead, resend, unreadCount } from './inbox.ts';
import { idParams } from '../../core/http/route-schemas.ts';
import { idParam } from '../../core/http/row-id.ts';

type Query = Record<string, unknown>;
type IdRequest = FastifyRequest<{ Params: { id: string } }>;

export const alertsPlugin = ownPlugin('alerts', async (app: FastifyInstance, ctx: ServerContext) => {
  ctx.outbox.register(alertKind(ctx));

  function staff(request: FastifyRequest): void {
    if (!isStaff(request.caller)) throw forbidden();
  }

  app.get('/api/alerts', { schema: { response: { 200: AlertInbox } } }, async (request: FastifyRequest<{ Querystring: Query }>) => {
    staff(request);
    return inbox(ctx.db, request.caller, ctx.registry, pageParams({ limit: '50', ...request.query }).limit);
  });

  app.get('/api/alerts/unread', { schema: { response: { 200: UnreadAlerts } } }, async (request) => {
    staff(request);
    return { unread: await unreadCount(ctx.db, request.caller, ctx.registry) };
  });

  app.post('/api/alerts/:id/read', { schema: { params: idParams } }, async (request: IdRequest) => {
    staff(request);
    if (!(await markRead(ctx.db, request.caller, ctx.registry, idParam(request.params.id)))) throw notFound();
    return { message: 'Updated successfully.' };
  });

  app.get('/api/alert-deliveries', { schema: { response: { 200: AlertDeliveryLog } } }, async (request: FastifyRequest<{ Querystring: Query }>) => {
    if (!can(request.caller, 'manage-alerts')) throw forbidden();
    const log = await deliveryLog(ctx.db, request.caller, ctx.registry, pageParams({ limit: '100', ...request.query }).limit);
    return { ...log, mailConfigured: ctx.config.alerts.smtpUrl !== null };
  });

  app.post('/api/alert-deliveries/:id/resend', { schema: { params: idParams } }, async (request: IdRequest) => {
    if (!can(request.caller, 'manage-alerts')) throw forbidden();
    const id = idParam(request.params.id);
    const found = await ctx.db.transaction(async (tx) => {
      if (!(await resend(tx, request.caller, ctx.registry, id))) return false;
      await recordAudit(tx, request.caller, { action: 'resend-alert', target: 'alert-deliveries', documentId: id });
      await notifyOutbox(tx);
      return true;
    });
    if (!found) throw notFound();
    return { message: 'Queued again.' };
  });
});
