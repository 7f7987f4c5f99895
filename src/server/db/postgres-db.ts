import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable, QueryResult, Row } from './db.ts';

/**
 * Each SQL text runs as a named prepared statement: a connection parses it once, then only binds
 * and executes it. The name is the text's hash, so the same text always has the same name.
 */
const statementName = (sql: string) => `vf_${createHash('sha1').update(sql).digest('base64url')}`;

export async function openPostgresDb(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  await pool.query('SELECT 1');
  const names = new Map<string, string>();
  const nameOf = (sql: string) => names.get(sql) ?? names.set(sql, statementName(sql)).get(sql)!;
  const run = async <T extends Row>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []): Promise<QueryResult<T>> => {
    const result = await client.query({ name: nameOf(sql), text: sql, values: params });
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
    async statementStats() {
      const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
      try {
        return await Promise.all(
          clients.map(async (client) => {
            const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_prepared_statements');
            const driver = Object.keys((client as unknown as { connection: { parsedStatements: object } }).connection.parsedStatements).length;
            return { prepared: rows[0].count, named: names.size, driver };
          }),
        );
      } finally {
        for (const client of clients) client.release();
      }
    },
    close: () => pool.end(),
  };
}
