import pg from 'pg';
import type { Db, Queryable, QueryResult, Row } from './db.ts';

export async function openPostgresDb(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  await pool.query('SELECT 1');
  const run = async <T extends Row>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []): Promise<QueryResult<T>> => {
    const result = await client.query(sql, params);
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = { query: (sql, params) => run(client, sql, params) };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
