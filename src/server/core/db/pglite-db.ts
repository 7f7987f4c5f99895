import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { PgliteStatements } from './pglite-statements.ts';

export async function openPgliteDb(dataDir: string, dbDir: string): Promise<Db> {
  const lock = acquireDataDirLock(dataDir, dbDir);
  let pglite: PGlite;
  try {
    // relaxedDurability false (the default, stated for the reader): a query resolves only after
    // PGlite has written it, so a 201 is never sent for a row a crash could lose.
    pglite = new PGlite({ dataDir: dbDir, relaxedDurability: false });
    await pglite.waitReady;
  } catch (error) {
    lock.release();
    throw error;
  }
  const statements = new PgliteStatements(pglite);
  return {
    kind: 'pglite',
    // One connection: every query and every transaction holds PGlite's lock while it runs.
    query: (sql, params) => pglite.runExclusive(() => statements.run(sql, params)),
    transaction: (fn) =>
      pglite.runExclusive(async () => {
        // BEGIN travels with the first statement: one call into Postgres fewer.
        let begun = false;
        const tx: Queryable = {
          query: (sql, params) => {
            const before = begun ? undefined : 'BEGIN';
            begun = true;
            return statements.run(sql, params, before);
          },
        };
        let result;
        try {
          result = await fn(tx);
        } catch (error) {
          if (begun) await statements.command('ROLLBACK');
          throw error;
        }
        // A failed statement whose error fn caught leaves the transaction aborted: COMMIT then rolls back.
        if (begun && (await statements.command('COMMIT')) === 'ROLLBACK') throw new Error('The transaction was rolled back after a failed statement.');
        return result;
      }),
    // PGlite reads a notification from the answers of whatever statement ran when it was sent (ours too).
    listen: (channel, onNotify) => pglite.listen(channel, () => onNotify()),
    async dumpDataDir() {
      // A checkpoint first, so the copy's data files hold what the log has (less to replay when opened).
      // Queries wait while the copy is taken: uncompressed it takes a quarter of the time (whoever keeps it compresses it).
      await pglite.runExclusive(() => statements.command('CHECKPOINT'));
      return pglite.dumpDataDir('none');
    },
    async close() {
      try {
        await pglite.close();
      } finally {
        lock.release();
      }
    },
  };
}
