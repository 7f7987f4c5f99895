// The retention job's own table (ids 270-299 are this feature's and privacy's): one row saying when
// the job last finished and whether an instance is running it now (the claim), so several instances
// on one PostgreSQL run it once a day between them, and a restart does not run it again.
import type { Migration } from '../../core/db/migrations.ts';

export const RETENTION_MIGRATIONS: Migration[] = [
  {
    id: 270,
    name: 'when the retention job last ran, and which run holds it now',
    statements: [
      `CREATE TABLE retention_runs (
        id integer PRIMARY KEY CHECK (id = 1),
        last_run_at timestamptz,
        -- set by the instance running the job; a claim older than the lease is a crashed run's
        started_at timestamptz
      )`,
      `INSERT INTO retention_runs (id) VALUES (1)`,
    ],
  },
];
