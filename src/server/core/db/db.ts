// One small database interface with two implementations: embedded PGlite (default) and a
// PostgreSQL pool (DATABASE_URL). Both run the same SQL and the same migrations.
import path from 'node:path';
import type { ServerConfig } from '../config.ts';

export type Row = Record<string, unknown>;

export interface QueryResult<T extends Row = Row> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** One pooled PostgreSQL connection's prepared statements (Db.statementStats). */
export interface StatementStats {
  /** Named statements the PostgreSQL backend holds (its pg_prepared_statements). */
  prepared: number;
  /** SQL texts our code keeps a statement name for. */
  named: number;
  /** Statement names node-postgres remembers as parsed on the connection. */
  driver: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL only, for tests: each idle pooled connection's prepared statements. */
  statementStats?(): Promise<StatementStats[]>;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls onNotify for each NOTIFY on the channel (pg_notify in a transaction arrives when it commits,
   * from this instance or any other on the same database); resolves to the way to stop listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Embedded database only: a consistent copy of its data directory (a tar), taken between queries. */
  dumpDataDir?(): Promise<Blob>;
}

/** PostgreSQL error code for a unique violation. */
export const UNIQUE_VIOLATION = '23505';

export function isDatabaseError(error: unknown): error is Error & { code?: string; constraint?: string; detail?: string } {
  return error instanceof Error && 'code' in error;
}

export async function openDb(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) {
    const { openPostgresDb } = await import('./postgres-db.ts');
    return openPostgresDb(config.databaseUrl);
  }
  const { openPgliteDb } = await import('./pglite-db.ts');
  return openPgliteDb(config.dataDir, path.join(config.dataDir, 'db'));
}
