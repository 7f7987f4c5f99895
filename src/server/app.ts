// The server as a function: tests start it on a random port, main.ts on PORT. Each concern is a
// plugin; buildApp only loads what they share (forms, content configuration, database).
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './core/config.ts';
import type { ServerContext } from './core/context.ts';
import { loadCompiledForms } from './core/forms/compiled-forms.ts';
import { loadContentConfig } from './core/content-config.ts';
import { buildRegistry } from './core/registry.ts';
import { resolveJwtSecret } from './core/access/jwt.ts';
import { registerLimits } from './core/rate-limits.ts';
import { OrphanUploadBudget } from './core/storage/orphan-budget.ts';
import { openUploadStorage } from './core/storage/open-storage.ts';
import { databasePlugin, prepareDatabase } from './core/db/database-plugin.ts';
import { CHANNELS, FEATURES, MIGRATIONS } from './features/index.ts';
import { Outbox } from './core/outbox/worker.ts';
import { outboxPlugin } from './core/outbox/plugin.ts';
import { Timers } from './core/timers/worker.ts';
import { timersPlugin } from './core/timers/plugin.ts';
import { errorsPlugin, JSON_BODY_LIMIT } from './core/http/errors-plugin.ts';
import { securityHeadersPlugin } from './core/http/security-headers.ts';
import { answerUnroutable, unstorableInputPlugin } from './core/http/unstorable-input.ts';
import { routeSchemasPlugin } from './core/http/route-schemas-plugin.ts';
import { sharedSchemaCompilers } from './core/http/compiled-schemas.ts';
import { parseQueryString } from './core/http/query-string.ts';
import { batchedStdout } from './core/log-lines.ts';
import { pathnameOf } from './core/http/pathname.ts';
import { openSealer } from './features/sealed/index.ts';

/** The app and what its plugins were given (tests reach the database and registry through ctx). */
export interface BuiltApp {
  app: FastifyInstance;
  ctx: ServerContext;
}

export async function buildApp(config: ServerConfig): Promise<BuiltApp> {
  const forms = await loadCompiledForms(config.formsBuildDir);
  const content = loadContentConfig(config.contentDir);
  const registry = buildRegistry(forms, content);
  const { db, uniqueRules } = await prepareDatabase(
    config,
    forms,
    content,
    MIGRATIONS,
    CHANNELS.map((channel) => channel.name),
  );
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  // Before anything is served or written: a master key that does not open the stored data keys stops the start (features/sealed).
  const sealed = await openSealer(config.sealed, config.dataDir, db).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });

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
    // An address that cannot be decoded never reaches a route (core/http/unstorable-input.ts).
    frameworkErrors: answerUnroutable,
    // Route validators and serializers compiled once per process (core/http/compiled-schemas.ts).
    schemaController: sharedSchemaCompilers,
  });
  app.addHook('onClose', async () => logLines.flush());
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(`${request.method} ${pathnameOf(request)} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)}ms`);
  });

  // The rate-limit plugin comes first: the limits (in ctx) are made from it, and every later route can use them.
  const ctx: ServerContext = {
    config,
    db,
    registry,
    uniqueRules,
    jwtSecret,
    limits: await registerLimits(app, config, db),
    orphanUploads: new OrphanUploadBudget(config.uploadOrphansPerClient, config.uploadOrphanMinutes, jwtSecret),
    uploads: await openUploadStorage(config),
    sealed,
    submissionHooks: FEATURES.flatMap((feature) => feature.submissionHooks ?? []),
    submissionAnswers: FEATURES.flatMap((feature) => feature.submissionAnswers ?? []),
    thanksAnswers: FEATURES.flatMap((feature) => feature.thanksAnswers ?? []),
    migrations: MIGRATIONS,
    outbox: new Outbox(db, CHANNELS, config, app.log),
    timers: new Timers(db, app.log),
  };
  await app.register(databasePlugin, { db });
  await app.register(errorsPlugin, ctx);
  await app.register(routeSchemasPlugin, ctx);
  await app.register(securityHeadersPlugin, ctx);
  await app.register(unstorableInputPlugin, ctx);
  await app.register(outboxPlugin, ctx);
  await app.register(timersPlugin, ctx);
  for (const feature of FEATURES) for (const plugin of feature.plugins) await app.register(plugin, ctx);
  return { app, ctx };
}
