import pg from 'pg';
import { PostgresStatements } from './postgres-statements.ts';
import type { Db, Queryable, QueryResult, Row } from './db.ts';

export async function openPostgresDb(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  await pool.query('SELECT 1');
  // Each SQL text runs as a named prepared statement, a bounded number per connection (core/db/postgres-statements.ts).
  const statements = new PostgresStatements();
  const listeners = new Set<pg.Client>();
  const run = async <T extends Row>(client: pg.PoolClient, sql: string, params: unknown[] = [], inTransaction = false): Promise<QueryResult<T>> => {
    const result = await statements.run(client, sql, params, inTransaction);
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    async query(sql, params) {
      // A connection of our own (not pool.query): its statements are known by connection.
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await run(client, sql, params);
      } catch (error) {
        // PostgreSQL refusing a statement leaves the connection fine; anything else, it is closed.
        if (!(error instanceof pg.DatabaseError)) broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = { query: (sql, params) => run(client, sql, params, true) };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await statements.deallocateDropped(client);
        client.release();
      }
    },
    async listen(channel, onNotify) {
      // A connection of its own, outside the pool: LISTEN holds its session for as long as it listens.
      // Lost (the server restarted), nothing is heard any more: the listener's own timer still looks (core/outbox/worker.ts).
      const client = new pg.Client({ connectionString });
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    async statementStats() {
      const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
      try {
        return await Promise.all(clients.map((client) => statements.stats(client)));
      } finally {
        for (const client of clients) client.release();
      }
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
