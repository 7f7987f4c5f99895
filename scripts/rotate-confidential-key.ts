// npm run rotate-confidential-key: every confidential report's data key rewrapped under the current
// master key (src/server/features/sealed/rotate.ts), without stopping anything. With the embedded
// database and the server running, the running server does it with its own keys (asked over
// loopback like npm run backup); with the server stopped, or with DATABASE_URL beside running
// servers, this script does it. With the generated key (CONFIDENTIAL_KEY unset) the new key is made
// here too; with CONFIDENTIAL_KEY, give the new key as CONFIDENTIAL_KEY and the old one as
// CONFIDENTIAL_KEY_PREVIOUS (README, Operations: rotating the confidential key).
import { loadConfig, MIGRATIONS } from '../src/server/features/index.ts';
import { openDb } from '../src/server/core/db/db.ts';
import { migrate } from '../src/server/core/db/migrations.ts';
import { callThroughServer, runningServer } from '../src/server/features/auth/index.ts';
import { LOCAL_ROTATE_PATH, openSealer, rotateConfidentialKey, type RotationSummary } from '../src/server/features/sealed/index.ts';

const config = loadConfig();

async function throughServer(pid: number): Promise<RotationSummary> {
  const response = await callThroughServer(config.dataDir, pid, LOCAL_ROTATE_PATH, { method: 'POST' });
  const body = (await response.json().catch(() => ({}))) as RotationSummary & { errors?: { message: string }[] };
  if (!response.ok) throw new Error(body.errors?.map((error) => error.message).join(' ') || `The server answered ${response.status}.`);
  return body;
}

async function here(): Promise<RotationSummary> {
  if (config.databaseUrl && !config.sealed.key)
    throw new Error('With DATABASE_URL every instance shares one key: set CONFIDENTIAL_KEY to the new key and CONFIDENTIAL_KEY_PREVIOUS to the old one.');
  const db = await openDb(config);
  try {
    await migrate(db, MIGRATIONS);
    return await rotateConfidentialKey(db, await openSealer(config.sealed, config.dataDir, db), config.sealed, config.dataDir);
  } finally {
    await db.close();
  }
}

try {
  const server = config.databaseUrl ? null : runningServer(config.dataDir);
  const summary = server ? await throughServer(server) : await here();
  const by = server ? `the running server (process ${server})` : 'this script';
  console.log(
    `Rewrapped ${summary.rewrapped} data key(s) under the master key ${summary.keyId}${summary.fromKeyIds.length ? ` (from ${summary.fromKeyIds.join(', ')})` : ''}, by ${by}.`,
  );
  if (summary.remaining > 0) {
    console.log(`${summary.remaining} data key(s) are still under another key (sealed meanwhile by an instance without the new key): run it again.`);
    process.exit(1);
  }
  if (summary.generated) console.log('Every data key is under the new generated key; the previous key file was removed.');
  else if (summary.fromKeyIds.length || config.sealed.previous)
    console.log('Every data key is under CONFIDENTIAL_KEY: remove CONFIDENTIAL_KEY_PREVIOUS from every instance (and restart them) to finish.');
  else console.log('Nothing was under another key. To rotate, set the new key as CONFIDENTIAL_KEY and the old one as CONFIDENTIAL_KEY_PREVIOUS first.');
} catch (error) {
  console.error(`Could not rotate the confidential key: ${(error as Error).message}`);
  process.exit(1);
}
