// The retention job's own tables (ids 270-299 are this feature's and privacy's): one row saying when
// the job last finished and whether an instance is running it now (the claim), so several instances
// on one PostgreSQL run it once a day between them, and a restart does not run it again; and the
// legal holds on single submissions, which the job and erasure both leave in place.
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
  {
    id: 271,
    name: 'legal holds placed by an admin on single submissions: kept by the retention job and by erasure until lifted',
    statements: [
      `CREATE TABLE legal_holds (
        document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        reason text NOT NULL,
        placed_by integer REFERENCES users(id) ON DELETE SET NULL,
        placed_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    id: 272,
    name: 'indexes for deleting submissions: their files, alerts and upload reservations found by index, not by a scan per row',
    statements: [
      // Deleting a submission looks up what points at it (ON DELETE SET NULL / CASCADE) once per
      // deleted row: without these, each lookup read the whole table (20,000 expired surveys took 110 s).
      `CREATE INDEX documents_attached_to ON documents (attached_to) WHERE attached_to IS NOT NULL`,
      `CREATE INDEX alerts_submission ON alerts (submission_id)`,
      `CREATE INDEX upload_reservations_document ON upload_reservations (document_id) WHERE document_id IS NOT NULL`,
    ],
  },
];
