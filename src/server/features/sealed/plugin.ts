// `npm run rotate-confidential-key` while the server runs on the embedded database: one process owns
// DATA_DIR, so the script asks the running server over loopback with the local admin secret (as
// npm run backup does), and the server rewraps with its own keys while it goes on serving.
// With DATABASE_URL the script rewraps itself, beside the running servers.
import { sharedPlugin } from '../../core/context.ts';
import { checkLocalAdminCall, localAdminSecret, LOCAL_ADMIN_SECRET_HEADER } from '../auth/index.ts';
import { ApiError } from '../../core/errors.ts';
import { rotateConfidentialKey } from './rotate.ts';

export const LOCAL_ROTATE_PATH = '/api/local-admin/rotate-confidential-key';

export const sealedPlugin = sharedPlugin(async (app, ctx) => {
  if (ctx.db.kind !== 'pglite') return;
  const headers = { type: 'object', properties: { [LOCAL_ADMIN_SECRET_HEADER]: { type: 'string', maxLength: 200 } } };
  app.post(LOCAL_ROTATE_PATH, { schema: { headers } }, async (request) => {
    const secret = localAdminSecret(ctx.config.dataDir);
    if (!secret) throw new ApiError(503, { errors: [{ message: 'The server is starting; try again in a moment.' }] });
    checkLocalAdminCall(request, secret);
    return rotateConfidentialKey(ctx.db, ctx.sealed, ctx.config.sealed, ctx.config.dataDir);
  });
}, 'sealed');
