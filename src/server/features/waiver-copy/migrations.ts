// The waiver-copy feature's tables (ids 330-349 are this feature's): the guest emails of signed
// copies, queued in the submission's transaction (an outbox: none is lost to a crash), sent with
// the PDF drawn from the stored row, deleted with their submission (moved to the core outbox by 332,
// kind 'waiver-copy', source_id the submission); and each copy drawn, kept
// beside its submission (a signed waiver does not change), deleted with it (retention, erasure)
// and whenever its row's answers or evidence change, so that no copy outlives what it shows.
import type { Migration } from '../../core/db/migrations.ts';

export const WAIVER_COPY_MIGRATIONS: Migration[] = [
  {
    id: 330,
    name: "the outbox of guests' signed waiver copies by email",
    statements: [
      `CREATE TABLE waiver_copy_emails (
        id serial PRIMARY KEY,
        submission_id integer NOT NULL UNIQUE REFERENCES documents(id) ON DELETE CASCADE,
        recipient text NOT NULL,
        lang text NOT NULL,
        message_id text NOT NULL UNIQUE,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'retrying', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        -- also the lease of a claimed email: claiming pushes it past the longest send
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        queued_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        sent_at timestamptz
      )`,
      `CREATE INDEX waiver_copy_emails_due ON waiver_copy_emails (next_attempt_at) WHERE state IN ('queued', 'retrying')`,
    ],
  },
  {
    id: 331,
    name: 'each drawn waiver copy, kept with its submission',
    statements: [
      `CREATE TABLE waiver_copy_pdfs (
        submission_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        lang text NOT NULL,
        pdf bytea NOT NULL,
        drawn_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (submission_id, lang)
      )`,
      `CREATE FUNCTION waiver_copy_forget() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        DELETE FROM waiver_copy_pdfs WHERE submission_id = OLD.id;
        RETURN NULL;
      END $fn$`,
      // Not on the Form ID (reference): it is given once, at the create (or by migration 3 to rows older than any copy),
      // and a trigger naming it would hold that column.
      `CREATE TRIGGER documents_waiver_copy_update AFTER UPDATE OF data, evidence, form_hash, created_at ON documents FOR EACH ROW
        WHEN ((OLD.data, OLD.evidence, OLD.form_hash, OLD.created_at) IS DISTINCT FROM (NEW.data, NEW.evidence, NEW.form_hash, NEW.created_at))
        EXECUTE FUNCTION waiver_copy_forget()`,
    ],
  },
  {
    id: 332,
    name: "the guests' copy emails move to the core outbox (kind 'waiver-copy'), queued ones still to be sent",
    statements: [
      `INSERT INTO outbox (kind, channel, recipient, message_id, source_id, document_id, lang, state, attempts, next_attempt_at, queued_at, last_error, sent_at)
       SELECT 'waiver-copy', 'email', recipient, message_id, submission_id, submission_id, lang, state, attempts, next_attempt_at, queued_at, last_error, sent_at
       FROM waiver_copy_emails ORDER BY id`,
      `DROP TABLE waiver_copy_emails`,
    ],
  },
];
