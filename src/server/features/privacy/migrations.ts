// The privacy feature's index (ids 270-299 are retention's and privacy's): the strings of every
// submission's answers that could be a person's email or phone, lower-cased, kept by the database in
// a GIN index, so a data-subject search (find-person.ts) reads a few index pages instead of every
// answer of every submission while the embedded database's one connection serves nobody else.
import type { Migration } from '../../core/db/migrations.ts';

export const PRIVACY_MIGRATIONS: Migration[] = [
  {
    id: 280,
    name: 'the emails and phones held in each submission, indexed for data-subject requests',
    statements: [
      // Every string anywhere in the answers (a repeated group's too), lower-cased, that is shaped like
      // what person.ts searches for: an email of at most 254 characters (its EMAIL check, which
      // PostgreSQL's [^\s@] lets through too), or a phone as E.164 or as digits only (no country's
      // number is shorter than 6 digits with its code). IMMUTABLE: it reads its argument only, so
      // PostgreSQL may index it. PL/pgSQL rather than SQL: its plan is kept for the connection, where a
      // SQL function's is made again for every INSERT (about 50 µs a create against 115).
      `CREATE FUNCTION person_keys(answers jsonb) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      BEGIN
        RETURN (
          SELECT array_agg(DISTINCT key) FROM (
            SELECT lower(answer) AS key FROM jsonb_path_query(answers, 'strict $.**') value, LATERAL (SELECT value #>> '{}' AS answer) string
            WHERE jsonb_typeof(value) = 'string' AND length(answer) <= 254
          ) strings
          WHERE key ~ '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' OR key ~ '^\\+?[0-9]{6,}$'
        );
      END
      $$`,
      `CREATE INDEX documents_person_keys ON documents USING gin (person_keys(data))`,
    ],
  },
];
