// The local admin call of features/auth/local-admin.ts: only with the embedded database (with DATABASE_URL
// the script connects itself), only from this machine, only with the secret of DATA_DIR/local-admin.json.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { sharedPlugin } from '../../core/context.ts';
import { saveStaffUserAudited } from '../users/index.ts';
import type { Role } from '../../core/access/roles.ts';
import { checkLocalAdminCall, LOCAL_ADMIN_PATH, LOCAL_ADMIN_SECRET_HEADER, removeLocalAdminFile, writeLocalAdminFile } from './local-admin.ts';
import { validationError } from '../../core/errors.ts';

export const localAdminPlugin = sharedPlugin(async (app, ctx) => {
  if (ctx.db.kind !== 'pglite') return;
  const secret = randomBytes(32).toString('base64url');

  app.post(
    LOCAL_ADMIN_PATH,
    { schema: { headers: { type: 'object', properties: { [LOCAL_ADMIN_SECRET_HEADER]: { type: 'string', maxLength: 200 } } } } },
    async (request: FastifyRequest, reply) => {
      checkLocalAdminCall(request, secret);
      const body = (request.body ?? {}) as { email?: unknown; password?: unknown; roles?: unknown; venues?: unknown };
      const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
      if (typeof body.email !== 'string' || typeof body.password !== 'string') {
        throw validationError('users', [{ path: typeof body.email !== 'string' ? 'email' : 'password', message: 'This field is required.' }]);
      }
      try {
        // saveStaffUser refuses any name that is no role, and venues without a venue role.
        const doc = await saveStaffUserAudited(
          ctx.db,
          body.email,
          body.password,
          body.roles === undefined ? undefined : (strings(body.roles) as Role[]),
          strings(body.venues),
        );
        return reply.code(201).send({ doc, message: 'User successfully created.' });
      } catch (error) {
        const message = (error as Error).message;
        const path = /password/i.test(message) ? 'password' : /role/i.test(message) ? 'roles' : /venue/i.test(message) ? 'venues' : 'email';
        throw validationError('users', [{ path, message }]);
      }
    },
  );

  app.addHook('onListen', async () => {
    const { port } = app.server.address() as AddressInfo;
    writeLocalAdminFile(ctx.config.dataDir, { pid: process.pid, port, secret });
  });
  app.addHook('onClose', async () => removeLocalAdminFile(ctx.config.dataDir));
}, 'local-admin');
