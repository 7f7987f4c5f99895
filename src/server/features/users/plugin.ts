// User management for admins (permission 'manage-users'), Payload-shaped: lists with docs and paging, {doc, message} after a change.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { can, type Permission } from '../../core/access/roles.ts';
import type { Caller } from '../../core/access/caller.ts';
import { createUser, listUsers, updateUser } from './user-admin.ts';
import { recordAudit } from '../audit/index.ts';
import { listPage, pageParams } from '../../core/http/list-page.ts';
import { forbidden, notFound, validationError } from '../../core/errors.ts';

type Query = Record<string, unknown>;

function allow(caller: Caller, permission: Permission): void {
  if (!can(caller, permission)) throw forbidden();
}

function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw validationError('users', [{ path: 'body', message: 'Send a JSON object.' }]);
  return body as Record<string, unknown>;
}

function userId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

export const usersPlugin = ownPlugin('users', async (app: FastifyInstance, ctx: ServerContext) => {
  app.get('/api/users', async (request: FastifyRequest<{ Querystring: Query }>) => {
    allow(request.caller, 'manage-users');
    const paging = pageParams(request.query);
    const { docs, totalDocs } = await listUsers(ctx.db, paging.page, paging.limit);
    return listPage(docs, totalDocs, paging);
  });

  app.post('/api/users', async (request, reply) => {
    allow(request.caller, 'manage-users');
    const user = await createUser(ctx.db, bodyObject(request));
    await recordAudit(ctx.db, request.caller, { action: 'save-user', target: 'users', documentId: user.id, detail: { created: true, role: user.role } });
    return reply.code(201).send({ doc: user, message: 'User successfully created.' });
  });

  app.patch('/api/users/:id', async (request: FastifyRequest<{ Params: { id: string } }>) => {
    allow(request.caller, 'manage-users');
    const result = await updateUser(ctx.db, userId(request.params.id), bodyObject(request));
    if (!result) throw notFound();
    if (result.changed.length) {
      await recordAudit(ctx.db, request.caller, { action: 'save-user', target: 'users', documentId: result.user.id, detail: { changed: result.changed, role: result.user.role, disabled: result.user.disabled } });
    }
    return { doc: result.user, message: 'Updated successfully.' };
  });
});
