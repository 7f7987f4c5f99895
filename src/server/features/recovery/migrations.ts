// The recovery feature's table (ids 170-179 are this feature's): one row per case whose recovery
// survey was sent (written in the transaction of its due step, so a case is asked once), with the
// language it was sent in and, once the guest answered, the answer and the recovery survey's own
// submission. It goes with the case (ON DELETE CASCADE: retention and erasure take it); the
// survey's submission is its own row of the recovery-surveys collection (kept by its own retention).
import type { Migration } from '../../core/db/migrations.ts';

export const RECOVERY_MIGRATIONS: Migration[] = [
  {
    id: 170,
    name: 'recovery surveys: a resolved case\'s "Did we make it right?" sent once, and the guest\'s answer',
    statements: [
      `CREATE TABLE recovery_surveys (
        document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        lang text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        answer text CHECK (answer IN ('yes', 'no')),
        answer_id integer REFERENCES documents(id) ON DELETE SET NULL,
        answered_at timestamptz
      )`,
      // The measure (measure.ts) reads answers by time.
      `CREATE INDEX recovery_surveys_answered ON recovery_surveys (answered_at) WHERE answered_at IS NOT NULL`,
    ],
  },
];
