// Probes for load balancers and orchestrators, without credentials and without details an attacker
// could use (no versions, no error text): /healthz = the process answers; /readyz = the database
// answers with every migration applied and the upload storage takes a file. The answer is plain
// {"status":"ok"} (200) or {"status":"unavailable"} (503); a stopping server answers 503 itself.
import { sharedPlugin, type ServerContext } from '../../core/context.ts';

const OK = { status: 'ok' } as const;
const UNAVAILABLE = { status: 'unavailable' } as const;
/** A probe never waits longer than this on the database or the storage. */
const CHECK_TIMEOUT_MS = 2_000;
const PROBE_COLLECTION = 'readyz';
const PROBE_FILE = 'probe.txt';

const statusSchema = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok', 'unavailable'] } },
  required: ['status'],
  additionalProperties: false,
} as const;
const probeSchema = { response: { 200: statusSchema, 503: statusSchema } };

function withinTimeout(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.catch(() => false), late]).finally(() => clearTimeout(timer));
}

async function migrationsApplied(ctx: ServerContext): Promise<boolean> {
  const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM schema_migrations');
  const applied = new Set(rows.map((row) => Number(row.id)));
  return ctx.migrations.every((migration) => applied.has(migration.id));
}

async function storageWritable(ctx: ServerContext): Promise<boolean> {
  await ctx.uploads.put(PROBE_COLLECTION, PROBE_FILE, Buffer.from('ready'), 'text/plain');
  await ctx.uploads.delete(PROBE_COLLECTION, PROBE_FILE);
  return true;
}

export const healthPlugin = sharedPlugin(async (app, ctx) => {
  // Probes arriving while a check runs share its answer: a flood of probes costs one check at a time.
  let running: Promise<boolean> | null = null;
  const ready = () =>
    (running ??= Promise.all([withinTimeout(migrationsApplied(ctx)), withinTimeout(storageWritable(ctx))])
      .then((results) => results.every(Boolean))
      .finally(() => {
        running = null;
      }));

  app.get('/healthz', { schema: probeSchema }, async (_request, reply) => reply.header('cache-control', 'no-store').send(OK));
  app.get('/readyz', { schema: probeSchema }, async (_request, reply) => {
    const isReady = await ready();
    return reply
      .code(isReady ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(isReady ? OK : UNAVAILABLE);
  });
}, 'ops-health');
