// The audit log for admins (permission 'read-audit'): newest first, paged like Payload lists.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { can } from '../../core/access/roles.ts';
import { listPage, pageParams } from '../../core/http/list-page.ts';
import { forbidden } from '../../core/errors.ts';
import { AuditLogPage } from '../../../engine/contract/audit.ts';
import { listAudit } from './audit-log.ts';

export const auditPlugin = ownPlugin('audit', async (app: FastifyInstance, ctx: ServerContext) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get('/api/audit-log', { schema: { response: { 200: AuditLogPage } } }, async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>) => {
      if (!can(request.caller, 'read-audit')) throw forbidden();
      const paging = pageParams(request.query);
      const { docs, totalDocs } = await listAudit(ctx.db, paging.page, paging.limit);
      return listPage(docs, totalDocs, paging);
    });
});
