// The cases feature's tables (ids 350-369 are this feature's). case_guests: the page language a
// guest of a form with `contact` answered in (documents keep none), written in the submission's
// transaction; case_messages: the thread, each reply to the guest (its email is an outbox row of
// kind 'case-reply', source_id the message) and, later, the guest's answers. Both go with their
// submission (ON DELETE CASCADE): retention and erasure delete a case's messages with it. A guest's
// answer may carry one photo (351): an upload of the case-photos collection attached to the
// submission like a form's file, so it goes, and is exported, with the submission's files.
import type { Migration } from '../../core/db/migrations.ts';

export const CASES_MIGRATIONS: Migration[] = [
  {
    id: 350,
    name: "service recovery: the guest's language and the thread of messages to and from the guest",
    statements: [
      `CREATE TABLE case_guests (
        document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        lang text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE case_messages (
        id serial PRIMARY KEY,
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        direction text NOT NULL CHECK (direction IN ('to-guest', 'from-guest')),
        -- the email's subject of a reply (placeholders filled); NULL for the guest's words
        subject text,
        -- as sent: placeholders filled
        text text NOT NULL,
        author_id integer REFERENCES users(id) ON DELETE SET NULL,
        -- the language it was written in (the guest's)
        lang text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX case_messages_document ON case_messages (document_id, id)`,
    ],
  },
  {
    id: 351,
    name: "service recovery: the photo with a guest's answer; the recovery survey's email in the thread",
    statements: [
      `ALTER TABLE case_messages ADD COLUMN kind text CHECK (kind IN ('recovery-survey'))`,
      `ALTER TABLE case_messages ADD COLUMN photo_id integer REFERENCES documents(id) ON DELETE SET NULL`,
      `CREATE UNIQUE INDEX case_messages_photo ON case_messages (photo_id) WHERE photo_id IS NOT NULL`,
    ],
  },
];
