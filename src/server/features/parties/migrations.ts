// The parties feature's tables (ids 480-489): each party (one link for a group: the attraction's
// waiver, the visit day, the organiser and how many people are expected) and the waivers signed
// through its link (deleted with their submission: retention and erasure reach them).
import type { Migration } from '../../core/db/migrations.ts';

export const PARTIES_MIGRATIONS: Migration[] = [
  {
    id: 480,
    name: 'parties: one link for a group, its waiver, day, organiser and expected number of people',
    statements: [
      `CREATE TABLE parties (
        id serial PRIMARY KEY,
        code text NOT NULL UNIQUE,
        form_id text NOT NULL,
        visit_date date NOT NULL,
        organiser_name text NOT NULL,
        organiser_phone text NOT NULL,
        organiser_email text NOT NULL,
        expected integer NOT NULL CHECK (expected BETWEEN 1 AND 200),
        lang text NOT NULL,
        created_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX parties_day ON parties (visit_date, form_id)`,
    ],
  },
  {
    id: 481,
    name: "the waivers signed through a party's link",
    statements: [
      `CREATE TABLE party_waivers (
        party_id integer NOT NULL REFERENCES parties(id) ON DELETE CASCADE,
        document_id integer NOT NULL UNIQUE REFERENCES documents(id) ON DELETE CASCADE,
        people integer NOT NULL CHECK (people >= 1),
        PRIMARY KEY (party_id, document_id)
      )`,
    ],
  },
  {
    id: 483,
    name: 'parties: an organiser may be forgotten (data-subject erasure), and found by their email or phone',
    statements: [
      `ALTER TABLE parties ADD COLUMN organiser_erased_at timestamptz`,
      `CREATE INDEX parties_organiser_email ON parties (lower(organiser_email)) WHERE organiser_erased_at IS NULL`,
      `CREATE INDEX parties_organiser_phone ON parties (organiser_phone) WHERE organiser_erased_at IS NULL`,
    ],
  },
];
