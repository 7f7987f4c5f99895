// The waiver-copy feature's table (ids 330-349 are this feature's): the guest emails of signed
// copies, queued in the submission's transaction (an outbox: none is lost to a crash), sent with
// the PDF drawn at send time from the stored row (no file kept), deleted with their submission.
import type { Migration } from '../../core/db/migrations.ts';

export const WAIVER_COPY_MIGRATIONS: Migration[] = [
  {
    id: 330,
    name: "the outbox of guests' signed waiver copies by email",
    statements: [
      `CREATE TABLE waiver_copy_emails (
        id serial PRIMARY KEY,
        submission_id integer NOT NULL UNIQUE REFERENCES documents(id) ON DELETE CASCADE,
        recipient text NOT NULL,
        lang text NOT NULL,
        message_id text NOT NULL UNIQUE,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'retrying', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        -- also the lease of a claimed email: claiming pushes it past the longest send
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        queued_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        sent_at timestamptz
      )`,
      `CREATE INDEX waiver_copy_emails_due ON waiver_copy_emails (next_attempt_at) WHERE state IN ('queued', 'retrying')`,
    ],
  },
];
