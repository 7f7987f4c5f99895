// The reporter feature's tables (ids 400-409 are this feature's). reporter_cases: one per
// submission of a form with `reporterAccess`, written in the submission's transaction: the scrypt
// hash of its secret (set right after, outside it: features/reporter/secret.ts), its state and
// dates. reporter_messages: what a thread message (cases' case_messages) is to the reporter's case
// (a question, feedback, the acknowledgement; NULL for the reporter's own words) and its files.
// reporter_attempts: wrong secrets per case code as typed (known or not, so both look the same),
// forgotten a day after the last one. All go with their submission (ON DELETE CASCADE).
import type { Migration } from '../../core/db/migrations.ts';

export const REPORTER_MIGRATIONS: Migration[] = [
  {
    id: 400,
    name: "a reporter's two-way case: the secret's hash, state, outcome and dates; what each message is; wrong secrets per code",
    statements: [
      `CREATE TABLE reporter_cases (
        document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        -- scrypt (core/access/passwords.ts); NULL until the secret is made (the create's answer)
        secret_hash text,
        -- the language the report was written in: the acknowledgement is written in it
        lang text NOT NULL,
        state text NOT NULL DEFAULT 'received' CHECK (state IN ('received', 'acknowledged', 'investigating', 'closed')),
        outcome text CHECK (outcome IN ('substantiated', 'partly-substantiated', 'not-substantiated', 'referred')),
        acknowledged_at timestamptz,
        feedback_at timestamptz,
        closed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by integer REFERENCES users(id) ON DELETE SET NULL
      )`,
      `CREATE INDEX reporter_cases_state ON reporter_cases (state)`,
      `CREATE TABLE reporter_messages (
        message_id integer PRIMARY KEY REFERENCES case_messages(id) ON DELETE CASCADE,
        kind text CHECK (kind IN ('question', 'feedback', 'acknowledgement'))
      )`,
      `CREATE TABLE reporter_message_files (
        message_id integer NOT NULL REFERENCES case_messages(id) ON DELETE CASCADE,
        upload_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        PRIMARY KEY (message_id, upload_id)
      )`,
      // The reporter's "opened by compliance on": the first staff read of the report in the audit log.
      `CREATE INDEX audit_log_read_document ON audit_log (target, document_id, at) WHERE action = 'read-submission'`,
      `CREATE TABLE reporter_attempts (
        code text PRIMARY KEY,
        failures integer NOT NULL,
        last_failed_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    id: 401,
    name: "a reporter's clocks: when the acknowledgement and the feedback are due; the steps that ran",
    statements: [
      // Set at receipt (acknowledgement) and at acknowledgement (feedback), from the form's reporterAccess periods.
      `ALTER TABLE reporter_cases ADD COLUMN acknowledge_due_at timestamptz`,
      `ALTER TABLE reporter_cases ADD COLUMN feedback_due_at timestamptz`,
      // Each reminder or escalation that ran (report-clocks.ts): its emails' source, the case's record.
      `CREATE TABLE reporter_clock_events (
        id serial PRIMARY KEY,
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        clock text NOT NULL CHECK (clock IN ('acknowledge', 'feedback')),
        step text NOT NULL CHECK (step IN ('reminder', 'due')),
        recipients integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX reporter_clock_events_document ON reporter_clock_events (document_id, id)`,
    ],
  },
];
