// `npm run backup` while the server runs: one process owns the embedded database, so the script
// asks the running server over loopback with the local admin secret (features/auth, local-admin.ts)
// and the server streams the backup (backup-archive.ts). Not there with DATABASE_URL (pg_dump is).
import { sharedPlugin } from '../../core/context.ts';
import { checkLocalAdminCall, localAdminSecret, LOCAL_ADMIN_SECRET_HEADER } from '../auth/index.ts';
import { ApiError } from '../../core/errors.ts';
import { backupStream } from './backup-archive.ts';

export const LOCAL_BACKUP_PATH = '/api/local-admin/backup';

export const backupPlugin = sharedPlugin(async (app, ctx) => {
  if (ctx.db.kind !== 'pglite') return;
  const headers = { type: 'object', properties: { [LOCAL_ADMIN_SECRET_HEADER]: { type: 'string', maxLength: 200 } } };
  app.post(LOCAL_BACKUP_PATH, { schema: { headers } }, async (request, reply) => {
    const secret = localAdminSecret(ctx.config.dataDir);
    if (!secret) throw new ApiError(503, { errors: [{ message: 'The server is starting; try again in a moment.' }] });
    checkLocalAdminCall(request, secret);
    const archive = await backupStream(ctx.db, ctx.config.dataDir, ctx.uploads.kind === 'disk');
    return reply.header('content-type', 'application/gzip').header('cache-control', 'no-store').send(archive);
  });
}, 'ops-backup');
