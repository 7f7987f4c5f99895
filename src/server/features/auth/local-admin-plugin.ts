// The local admin call of features/auth/local-admin.ts: only with the embedded database (with DATABASE_URL
// the script connects itself), only from this machine, only with the secret of DATA_DIR/local-admin.json.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { sharedPlugin } from '../../core/context.ts';
import { saveStaffUser } from '../../core/access/staff-users.ts';
import type { Role } from '../../core/access/roles.ts';
import { checkLocalAdminCall, LOCAL_ADMIN_PATH, LOCAL_ADMIN_SECRET_HEADER, removeLocalAdminFile, writeLocalAdminFile } from './local-admin.ts';
import { validationError } from '../../core/errors.ts';

export const localAdminPlugin = sharedPlugin(async (app, ctx) => {
  if (ctx.db.kind !== 'pglite') return;
  const secret = randomBytes(32).toString('base64url');

  app.post(LOCAL_ADMIN_PATH, { schema: { headers: { type: 'object', properties: { [LOCAL_ADMIN_SECRET_HEADER]: { type: 'string', maxLength: 200 } } } } }, async (request: FastifyRequest, reply) => {
    checkLocalAdminCall(request, secret);
    const body = (request.body ?? {}) as { email?: unknown; password?: unknown; role?: unknown };
    if (typeof body.email !== 'string' || typeof body.password !== 'string') {
      throw validationError('users', [{ path: typeof body.email !== 'string' ? 'email' : 'password', message: 'This field is required.' }]);
    }
    try {
      const doc = await saveStaffUser(ctx.db, body.email, body.password, body.role === undefined ? undefined : (body.role as Role));
      return reply.code(201).send({ doc, message: 'User successfully created.' });
    } catch (error) {
      const message = (error as Error).message;
      const path = /password/i.test(message) ? 'password' : /role/i.test(message) ? 'role' : 'email';
      throw validationError('users', [{ path, message }]);
    }
  });

  app.addHook('onListen', async () => {
    const { port } = app.server.address() as AddressInfo;
    writeLocalAdminFile(ctx.config.dataDir, { pid: process.pid, port, secret });
  });
  app.addHook('onClose', async () => removeLocalAdminFile(ctx.config.dataDir));
}, 'local-admin');
