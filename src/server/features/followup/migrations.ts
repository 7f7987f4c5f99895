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
];
