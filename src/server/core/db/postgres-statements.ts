// Named prepared statements on PostgreSQL, bounded. A named statement is parsed once on a
// connection, then only bound and executed; but the connection's backend keeps it until it is
// deallocated, and `where` filters write SQL texts without end (a list of every length, and/or of
// lists, each LIMIT and OFFSET). So each pooled connection keeps its most recently used statements
// (lru-cache) and deallocates those it drops; a text too long to be worth keeping runs as the
// unnamed statement, which the next one replaces. Like PgliteStatements for the embedded database.
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import type { StatementStats } from './db.ts';

/** Statements kept per connection: the server's fixed statements are under 100. */
export const MAX_STATEMENTS = 200;
/** Their SQL text in all, per connection: a backend holds some 50 bytes of parse tree and plan per character. */
const MAX_TEXT = 100_000;
/** A longer text (a list filter of hundreds of values) runs unnamed: parsed at each run, kept nowhere. */
export const MAX_NAMED_TEXT = 5_000;

/** A name is never given twice, so a name node-postgres would still remember can never meet another text. */
let named = 0;

/** node-postgres' record of the statement names it has parsed on a connection (not a public API). */
interface DriverRecord {
  parsedStatements?: Record<string, string>;
  submittedNamedStatements?: Record<string, string>;
}
const driverRecord = (client: pg.ClientBase) => (client as unknown as { connection?: DriverRecord }).connection;

class ConnectionStatements {
  /** Names dropped from the cache, deallocated before the connection's next statement outside a transaction. */
  readonly dropped: string[] = [];
  /** SQL text to statement name, least recently used first out. */
  readonly names = new LRUCache<string, string>({
    max: MAX_STATEMENTS,
    maxSize: MAX_TEXT,
    sizeCalculation: (_name, sql) => Math.max(1, sql.length),
    dispose: (name) => this.dropped.push(name),
  });

  nameFor(sql: string): string | undefined {
    const name = this.names.get(sql);
    if (name !== undefined || sql.length > MAX_NAMED_TEXT) return name;
    const fresh = `vf_${++named}`;
    this.names.set(sql, fresh);
    return fresh;
  }
}

export class PostgresStatements {
  private readonly connections = new WeakMap<pg.ClientBase, ConnectionStatements>();

  private of(client: pg.ClientBase): ConnectionStatements {
    let connection = this.connections.get(client);
    if (!connection) this.connections.set(client, (connection = new ConnectionStatements()));
    return connection;
  }

  /**
   * Runs sql on the client, named when its text is kept. Outside a transaction the statements the
   * connection dropped are deallocated first; in one, call deallocateDropped once it has ended.
   */
  async run(client: pg.ClientBase, sql: string, params: unknown[], inTransaction: boolean): Promise<pg.QueryResult> {
    const name = this.of(client).nameFor(sql);
    if (!inTransaction) await this.deallocateDropped(client);
    return client.query({ name, text: sql, values: params });
  }

  /**
   * Deallocates the statements the connection dropped; only outside a transaction, where a
   * DEALLOCATE that fails (a statement whose parse failed was never made) harms nothing.
   */
  async deallocateDropped(client: pg.ClientBase): Promise<void> {
    const dropped = this.connections.get(client)?.dropped.splice(0) ?? [];
    for (const name of dropped) {
      // node-postgres remembers the names it parsed, to skip the parse next time, and has no way
      // to forget one (brianc/node-postgres#1889): delete it from that record, as others do. Names
      // are never given twice, so if that record moves nothing breaks; only its names would stay.
      const record = driverRecord(client);
      delete record?.parsedStatements?.[name];
      delete record?.submittedNamedStatements?.[name];
      await client.query(`DEALLOCATE ${name}`).catch(() => undefined);
    }
  }

  /** For tests: the connection's statements, on the server and on our side. */
  async stats(client: pg.ClientBase): Promise<StatementStats> {
    const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_prepared_statements');
    return {
      prepared: rows[0].count,
      named: this.connections.get(client)?.names.size ?? 0,
      driver: Object.keys(driverRecord(client)?.parsedStatements ?? {}).length,
    };
  }
}
