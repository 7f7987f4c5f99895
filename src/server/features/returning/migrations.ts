// The returning guests' tables (ids 482-489): the one-time codes a guest asks for by phone or email,
// and the expiry reminders' index. A code row holds no contact and no code: the contact as a keyed
// hash, the code's keyed hash and the salt the code is derived from with the server's secret
// (codes.ts), so the database alone tells neither. Each row names the waiver it prefills from and is
// deleted with it (retention, erasure).
import type { Migration } from '../../core/db/migrations.ts';

export const RETURNING_MIGRATIONS: Migration[] = [
  {
    id: 482,
    name: "returning guests' one-time codes (hashed), by attraction and hashed contact; the waivers' email index",
    statements: [
      `CREATE TABLE returning_codes (
        id serial PRIMARY KEY,
        attraction text NOT NULL,
        contact_key text NOT NULL,
        salt text NOT NULL,
        code_hash text NOT NULL,
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        tries integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX returning_codes_contact ON returning_codes (contact_key, attraction, id DESC)`,
      `CREATE INDEX returning_codes_document ON returning_codes (document_id)`,
      `CREATE INDEX documents_waiver_email ON documents (lower(data->>'email')) WHERE evidence IS NOT NULL`,
    ],
  },
];
