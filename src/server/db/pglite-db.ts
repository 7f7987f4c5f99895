import { PGlite } from '@electric-sql/pglite';
import type { Db, QueryResult, Row } from './db.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

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
  const wrap = async <T extends Row>(result: Promise<{ rows: unknown[]; affectedRows?: number }>): Promise<QueryResult<T>> => {
    const { rows, affectedRows } = await result;
    return { rows: rows as T[], rowCount: affectedRows ?? rows.length };
  };
  return {
    kind: 'pglite',
    query: (sql, params = []) => wrap(pglite.query(sql, params)),
    transaction: (fn) => pglite.transaction((tx) => fn({ query: (sql, params = []) => wrap(tx.query(sql, params)) })),
    async close() {
      try {
        await pglite.close();
      } finally {
        lock.release();
      }
    },
  };
}
