// The timers' table (core: ids 70-79). One row per step due at a time (a case's reminder, a week's
// digest, a waiver's expiry notice), written in the transaction of what caused it. A key names the
// step once and for all: scheduling it again moves it while it waits and does nothing once it ran,
// so each step runs at most once whoever schedules it and however often.
import type { Migration } from '../db/migrations.ts';

export const TIMER_MIGRATIONS: Migration[] = [
  {
    id: 70,
    name: 'due steps: one row per step a feature runs at a time, claimed once by every instance',
    statements: [
      `CREATE TABLE timer_steps (
        id serial PRIMARY KEY,
        -- the feature's kind that runs it ('case-clock', ...)
        kind text NOT NULL,
        -- the step's name, chosen by the feature (e.g. 'case-clock:42:first-response:remind')
        key text NOT NULL UNIQUE,
        -- what the step is about, as the kind reads it (a submission's id, a venue's slug)
        subject text NOT NULL,
        -- the submission it is about: the step goes with it (retention, erasure)
        document_id integer REFERENCES documents(id) ON DELETE CASCADE,
        due_at timestamptz NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        -- the due time, then also the lease of a claimed step and the retry of a failed one
        next_at timestamptz NOT NULL,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        done_at timestamptz
      )`,
      `CREATE INDEX timer_steps_due ON timer_steps (kind, next_at) WHERE state = 'pending'`,
      `CREATE INDEX timer_steps_subject ON timer_steps (kind, subject)`,
      `CREATE INDEX timer_steps_document ON timer_steps (document_id) WHERE document_id IS NOT NULL`,
    ],
  },
];
