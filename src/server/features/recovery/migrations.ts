// The recovery feature's table (ids 170-179 are this feature's): one row per case whose recovery
// survey was sent (written in the transaction of its due step, so a case is asked once), with the
// language it was sent in and, once the guest answered, the answer and the recovery survey's own
// submission. It goes with the case (ON DELETE CASCADE: retention and erasure take it); the
// survey's submission is its own row of the recovery-surveys collection, deleted with the case (171).
import type { Migration } from '../../core/db/migrations.ts';

export const RECOVERY_MIGRATIONS: Migration[] = [
  {
    id: 170,
    name: 'recovery surveys: a resolved case\'s "Did we make it right?" sent once, and the guest\'s answer',
    statements: [
      `CREATE TABLE recovery_surveys (
        document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        lang text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        answer text CHECK (answer IN ('yes', 'no')),
        answer_id integer REFERENCES documents(id) ON DELETE SET NULL,
        answered_at timestamptz
      )`,
      // Answers by the time they came (the case measures, features/cases/measures.ts, read them by case).
      `CREATE INDEX recovery_surveys_answered ON recovery_surveys (answered_at) WHERE answered_at IS NOT NULL`,
    ],
  },
  {
    id: 171,
    name: "a case erased (retention, a data-subject's erasure) takes its recovery survey's answer with it",
    statements: [
      // The answer's submission holds the guest's comment about the case: it goes when the case goes (its row
      // here cascades from the case), never outliving it. Erased on its own (its retention), the case keeps the answer.
      `CREATE FUNCTION recovery_survey_forget() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF OLD.answer_id IS NOT NULL THEN DELETE FROM documents WHERE id = OLD.answer_id; END IF;
        RETURN NULL;
      END $fn$`,
      `CREATE TRIGGER recovery_surveys_forget AFTER DELETE ON recovery_surveys FOR EACH ROW EXECUTE FUNCTION recovery_survey_forget()`,
    ],
  },
];
