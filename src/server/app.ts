// The server as a function: tests start it on a random port, main.ts on PORT. Each concern is a
// plugin; buildApp only loads what they share (forms, content configuration, database).
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import { loadCompiledForms } from './forms/compiled-forms.ts';
import { loadContentConfig } from './content/content-config.ts';
import { buildRegistry } from './collections/registry.ts';
import { resolveJwtSecret } from './auth/jwt.ts';
import { registerLimits, type Limits } from './rate-limits.ts';
import { OrphanUploadBudget } from './uploads/orphan-budget.ts';
import { openUploadStorage } from './uploads/storage.ts';
import { databasePlugin, prepareDatabase } from './plugins/database.ts';
import { errorsPlugin, JSON_BODY_LIMIT } from './plugins/errors.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { routeSchemasPlugin } from './plugins/route-schemas.ts';
import { authPlugin } from './plugins/auth.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { captchaPlugin } from './plugins/captcha.ts';
import { collectionsPlugin } from './plugins/collections.ts';
import { staffDownloadsPlugin } from './plugins/staff-downloads.ts';
import { pagesPlugin } from './plugins/pages.ts';
import { contentWritesPlugin } from './plugins/content-writes.ts';
import { contentMediaPlugin } from './plugins/content-media.ts';
import { localAdminPlugin } from './plugins/local-admin.ts';
import { parseQueryString } from './collections/query-string.ts';
import { ssoPlugin } from './plugins/sso.ts';
import { usersPlugin } from './plugins/users.ts';
import { perksPlugin } from './plugins/perks.ts';
import { chatPlugin } from './plugins/chat.ts';
import { batchedStdout } from './log-lines.ts';

declare module 'fastify' {
  interface FastifyInstance {
    serverContext: ServerContext;
  }
}

export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const forms = await loadCompiledForms(config.formsBuildDir);
  const content = loadContentConfig(config.contentDir);
  const registry = buildRegistry(forms, content);
  const { db, uniqueRules } = await prepareDatabase(config, forms, content);
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const ctx: ServerContext = {
    config,
    db,
    registry,
    uniqueRules,
    jwtSecret,
    limits: null as unknown as Limits, // set below, once the app exists
    orphanUploads: new OrphanUploadBudget(config.uploadOrphansPerClient, config.uploadOrphanMinutes, jwtSecret),
    uploads: await openUploadStorage(config),
  };

  // Request logs carry method, path and status only: no IP address, user agent or body.
  const logLines = batchedStdout();
  const app = Fastify({
    logger: config.logRequests ? { level: 'info', stream: logLines } : false,
    logController: new LogController({ disableRequestLogging: true }),
    // The socket's peer and the next trustProxy - 1 addresses of X-Forwarded-For are our proxies; the one before them is the client.
    trustProxy: config.trustProxy === false ? false : (_address: string, hop: number) => hop < (config.trustProxy as number),
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: 120_000,
    // Payload reads bracket queries (where[slug][equals]=x) with qs; so do we.
    routerOptions: { querystringParser: parseQueryString },
  });
  app.decorate('serverContext', ctx);
  app.addHook('onClose', async () => logLines.flush());
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(`${request.method} ${request.raw.url?.split('?')[0]} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)}ms`);
  });

  ctx.limits = await registerLimits(app, config, db);
  await app.register(databasePlugin, { db });
  await app.register(errorsPlugin, ctx);
  await app.register(routeSchemasPlugin, ctx);
  await app.register(securityHeadersPlugin, ctx);
  await app.register(authPlugin, ctx);
  await app.register(uploadsPlugin, ctx);
  await app.register(captchaPlugin, ctx);
  await app.register(collectionsPlugin, ctx);
  await app.register(staffDownloadsPlugin, ctx);
  await app.register(contentWritesPlugin, ctx);
  await app.register(contentMediaPlugin, ctx);
  await app.register(localAdminPlugin, ctx);
  await app.register(ssoPlugin, ctx);
  await app.register(usersPlugin, ctx);
  await app.register(perksPlugin, ctx);
  await app.register(chatPlugin, ctx);
  await app.register(pagesPlugin, ctx);
  return app;
}
