// The insights' tables (ids 200-249 are this feature's): a rollup of every submission's countable
// answers per Doha day, week and month, so the insights read a few thousand summed rows instead of
// parsing every submission's jsonb (README, Insights: Speed).
//
// insight_fields: what the rollup counts per collection, written at start from the compiled forms
// (rollup.ts; SQL cannot read the definitions): role 'form' (name '') marks a collection counted at
// all, 'group' a question the insights may group by, 'answer' a rating, a scale or a scale's NPS band.
// insight_rollup: per collection, grouping ('' = none), period and its first day, venue and the
// grouping's answer: the number of submissions (question '') and of each answer to each question.
// Answers are kept as text (and a number's value): the reads compare and sum them without jsonb.
// insight_pending: what the rollup has not counted yet, written by triggers on documents in the
// writing statement's own transaction, so every path (the form, staff edits, retention, erasure)
// is counted exactly: a stored submission (sign 1, read from documents when folded), and a counted
// one deleted or edited (sign -1, with the values that were counted). fold.ts folds them in, in
// bulk, before each insights read; a trigger does one small insert, never the counting itself.
import type { Migration } from '../../core/db/migrations.ts';

export const INSIGHTS_MIGRATIONS: Migration[] = [
  {
    id: 200,
    name: 'insights: rollup per day, week and month, its fields and the submissions still to count',
    statements: [
      `CREATE TABLE insight_fields (
        collection text NOT NULL,
        role text NOT NULL CHECK (role IN ('form', 'group', 'answer')),
        name text NOT NULL,
        PRIMARY KEY (collection, role, name)
      )`,
      `CREATE TABLE insight_rollup (
        collection text NOT NULL,
        grouping text NOT NULL,
        period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
        start date NOT NULL,
        venue text,
        group_value text,
        question text NOT NULL,
        -- the answer as text, and as a number when it is one (a scale's)
        answer text,
        value numeric,
        n integer NOT NULL,
        -- also the index the insights read by: collection, grouping, period, then a range of starts
        CONSTRAINT insight_rollup_key UNIQUE NULLS NOT DISTINCT (collection, grouping, period, start, venue, group_value, question, answer, value)
      )`,
      `CREATE TABLE insight_pending (
        id bigserial PRIMARY KEY,
        collection text NOT NULL,
        doc_id integer NOT NULL,
        sign smallint NOT NULL CHECK (sign IN (1, -1)),
        -- sign -1 only: what was counted (the counted answers, nothing else)
        created_at timestamptz,
        venue text,
        data jsonb,
        folding boolean NOT NULL DEFAULT false
      )`,
      `CREATE INDEX insight_pending_doc ON insight_pending (doc_id) WHERE sign = 1`,
      `CREATE FUNCTION insight_pending_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          -- Not counted yet: the fold reads the row as it is then (or nothing, deleted). The row lock
          -- waits for a fold counting it right now, which then leaves nothing to find here.
          IF TG_OP = 'DELETE' THEN
            DELETE FROM insight_pending WHERE doc_id = OLD.id AND sign = 1;
            IF FOUND THEN RETURN NULL; END IF;
          ELSE
            PERFORM 1 FROM insight_pending WHERE doc_id = OLD.id AND sign = 1 FOR UPDATE;
            IF FOUND THEN RETURN NULL; END IF;
          END IF;
          IF EXISTS (SELECT 1 FROM insight_fields f WHERE f.collection = OLD.collection AND f.role = 'form') THEN
            -- Only the counted answers: an erased submission's personal data is kept nowhere.
            INSERT INTO insight_pending (collection, doc_id, sign, created_at, venue, data)
              SELECT OLD.collection, OLD.id, -1, OLD.created_at, OLD.venue, coalesce(jsonb_object_agg(f.name, OLD.data->f.name), '{}')
                FROM insight_fields f WHERE f.collection = OLD.collection AND f.role IN ('group', 'answer') AND OLD.data ? f.name;
          END IF;
        END IF;
        IF TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM insight_fields f WHERE f.collection = NEW.collection AND f.role = 'form') THEN
          INSERT INTO insight_pending (collection, doc_id, sign) VALUES (NEW.collection, NEW.id, 1);
        END IF;
        RETURN NULL;
      END $fn$`,
      `CREATE TRIGGER documents_insight_insert AFTER INSERT ON documents FOR EACH ROW EXECUTE FUNCTION insight_pending_follow()`,
      `CREATE TRIGGER documents_insight_delete AFTER DELETE ON documents FOR EACH ROW EXECUTE FUNCTION insight_pending_follow()`,
      `CREATE TRIGGER documents_insight_update AFTER UPDATE OF collection, data, created_at, venue ON documents FOR EACH ROW
        WHEN ((OLD.collection, OLD.data, OLD.created_at, OLD.venue) IS DISTINCT FROM (NEW.collection, NEW.data, NEW.created_at, NEW.venue))
        EXECUTE FUNCTION insight_pending_follow()`,
    ],
  },
  {
    id: 201,
    name: 'insights: the rollup generation, bumped by each fold that changes it',
    statements: [
      // One row: identical reads share an answer while it is unchanged (shared-answers.ts); in the
      // database, so a fold by any instance (several on one PostgreSQL) makes every instance read again.
      `CREATE TABLE insight_generation (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        n bigint NOT NULL
      )`,
      `INSERT INTO insight_generation (n) VALUES (0)`,
    ],
  },
  {
    id: 202,
    name: 'insights: the rollup key carries the count, so a read scans the index alone',
    statements: [
      `ALTER TABLE insight_rollup DROP CONSTRAINT insight_rollup_key`,
      `ALTER TABLE insight_rollup ADD CONSTRAINT insight_rollup_key
        UNIQUE NULLS NOT DISTINCT (collection, grouping, period, start, venue, group_value, question, answer, value) INCLUDE (n)`,
    ],
  },
];
