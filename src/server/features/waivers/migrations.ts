// The waivers feature's own tables (ids 300-329): the definitions guests were shown, kept by hash,
// and the desk's check-ins; plus the indexes the desk's search uses (on waiver rows only: those with evidence).
import type { Migration } from '../../core/db/migrations.ts';
import { WAIVER_NAMES_VECTOR } from './waiver-fields.ts';

export const WAIVERS_MIGRATIONS: Migration[] = [
  {
    id: 300,
    name: 'form versions: each compiled definition a guest was shown, with its texts, once per hash',
    statements: [
      `CREATE TABLE form_versions (
        hash text PRIMARY KEY,
        form_id text NOT NULL,
        version integer NOT NULL,
        compiled jsonb NOT NULL,
        texts jsonb NOT NULL,
        first_seen timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    id: 301,
    name: 'waiver check-ins at the desk: who checked in whom (the signer or a dependent) and when',
    statements: [
      `CREATE TABLE waiver_check_ins (
        id serial PRIMARY KEY,
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        person text NOT NULL,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        user_email text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX waiver_check_ins_document ON waiver_check_ins (document_id, at)`,
    ],
  },
  {
    id: 302,
    name: "the waiver desk's search: phone, QID/passport (signer's and dependents') and names, on waiver rows only",
    statements: [
      `CREATE INDEX documents_waiver_phone ON documents ((data->>'phone')) WHERE evidence IS NOT NULL`,
      `CREATE INDEX documents_waiver_document ON documents (upper(data->>'qid')) WHERE evidence IS NOT NULL`,
      `CREATE INDEX documents_waiver_dependents ON documents USING gin ((data->'dependents') jsonb_path_ops) WHERE evidence IS NOT NULL`,
      `CREATE INDEX documents_waiver_names ON documents USING gin (${WAIVER_NAMES_VECTOR}) WHERE evidence IS NOT NULL`,
    ],
  },
];
