// The follow-up's own tables (ids 150-199). No row in followups means the submission is "new".
import type { Migration } from '../../core/db/migrations.ts';

export const FOLLOW_UP_MIGRATIONS: Migration[] = [
  {
    id: 150,
    name: 'follow-up of submissions: state, assignee, who resolved it and when; internal notes',
    statements: [
      `CREATE TABLE followups (
        document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        state text NOT NULL CHECK (state IN ('new', 'in-progress', 'resolved')),
        assignee_id integer REFERENCES users(id) ON DELETE SET NULL,
        resolved_by integer REFERENCES users(id) ON DELETE SET NULL,
        resolved_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by integer REFERENCES users(id) ON DELETE SET NULL
      )`,
      // The list filters on them (collections/where.ts through FOLLOW_UP_COLUMNS).
      `CREATE INDEX followups_state ON followups (state)`,
      `CREATE INDEX followups_assignee ON followups (assignee_id) WHERE assignee_id IS NOT NULL`,
      `CREATE TABLE followup_notes (
        id serial PRIMARY KEY,
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        author_id integer REFERENCES users(id) ON DELETE SET NULL,
        text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX followup_notes_document ON followup_notes (document_id, id)`,
    ],
  },
  {
    id: 151,
    name: "case clocks: a policy's due times on a submission, paused while waiting for the guest, and the steps of its chain that ran",
    statements: [
      // One row per submission a case policy matched (followup/case-policies.ts): the chain and the
      // durations as they were when it matched (a policy edited later changes the next cases only).
      `CREATE TABLE case_clocks (
        document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        policy_id integer,
        policy_name text NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        first_response_ms bigint,
        resolve_ms bigint,
        -- moved on by each pause (waiting for the guest) when it ends
        first_response_due_at timestamptz,
        resolve_due_at timestamptz,
        first_response_at timestamptz,
        resolved_at timestamptz,
        paused_at timestamptz,
        escalation jsonb NOT NULL DEFAULT '[]'
      )`,
      `CREATE INDEX case_clocks_first_response_due ON case_clocks (first_response_due_at) WHERE first_response_at IS NULL`,
      `CREATE INDEX case_clocks_resolve_due ON case_clocks (resolve_due_at) WHERE resolved_at IS NULL`,
      `CREATE TABLE case_clock_events (
        id serial PRIMARY KEY,
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        clock text NOT NULL CHECK (clock IN ('first-response', 'resolve')),
        step integer NOT NULL,
        at text NOT NULL,
        notify text NOT NULL,
        recipients integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX case_clock_events_document ON case_clock_events (document_id, id)`,
    ],
  },
  {
    id: 152,
    name: 'follow-up workflow: waiting for the guest, and the outcome a resolved case names',
    statements: [
      // The states and outcomes are declared once in engine/contract/followup.ts; this CHECK repeats them for the database.
      `ALTER TABLE followups DROP CONSTRAINT followups_state_check`,
      `ALTER TABLE followups ADD CONSTRAINT followups_state_check CHECK (state IN ('new', 'in-progress', 'waiting-for-guest', 'resolved'))`,
      `ALTER TABLE followups ADD COLUMN outcome text CHECK (outcome IN ('recovered', 'not-recovered', 'no-action'))`,
      `ALTER TABLE followups ADD COLUMN outcome_note text`,
    ],
  },
  {
    id: 153,
    name: "a case's history: its follow-up's audit entries, read by submission",
    // The follow-up's history (followups.ts readFollowUp) is its audit entries: read by submission, not scanned.
    statements: [`CREATE INDEX audit_log_followup ON audit_log (document_id, id) WHERE action = 'update-followup'`],
  },
];
