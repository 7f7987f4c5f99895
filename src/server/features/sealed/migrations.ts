// The sealed feature's columns on documents (ids 390-399 are this feature's): a confidential
// submission's or file's data key, wrapped by the master key whose id is beside it, and the keyed
// hashes of the emails and phones of a sealed report (the privacy tools' lookup: its answers are
// sealed, so the person_keys index of features/privacy finds nothing in them).
import type { Migration } from '../../core/db/migrations.ts';

export const SEALED_MIGRATIONS: Migration[] = [
  {
    id: 390,
    name: "a confidential form's data keys, wrapped by the master key, and the keyed hashes of its reporter's email or phone",
    statements: [
      `ALTER TABLE documents ADD COLUMN data_key_id text`,
      `ALTER TABLE documents ADD COLUMN data_key text`,
      `ALTER TABLE documents ADD COLUMN sealed_person_keys text[]`,
      // The start's check and the rotation read the sealed rows only.
      `CREATE INDEX documents_data_key_id ON documents (data_key_id) WHERE data_key_id IS NOT NULL`,
      `CREATE INDEX documents_sealed_person_keys ON documents USING gin (sealed_person_keys) WHERE sealed_person_keys IS NOT NULL`,
    ],
  },
];
