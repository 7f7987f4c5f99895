// Folds insight_pending (migrations.ts) into insight_rollup: the submissions stored since the last
// fold counted +1, the counted ones deleted or edited since counted -1, for their Doha day, week
// (from Sunday) and month, in one set-based statement per chunk, done by the database. One fold at a
// time (an advisory lock); the chunk's pending rows are marked, then counted in a later statement
// (a fresh snapshot: an edit that waited on the mark is seen), then deleted, in one transaction.
import type { Db } from '../../core/db/db.ts';
import { DOHA_TIME_ZONE } from './doha.ts';

/** Any constant: one fold (or rebuild, rollup.ts) at a time. */
export const FOLD_LOCK = 7_262_200;
const CHUNK = 2_000;
/**
 * Rollup and queue rows written since the last VACUUM after which the next fold vacuums them: PGlite
 * runs no autovacuum, so without it their dead rows pile up (each fold rewrites about 170 rollup
 * rows per submission of the dining survey, and deletes the queue), the visibility map that lets a
 * read scan the rollup's key alone goes stale, and the planner's statistics too (with none it
 * expects a few rows and its sums spill to disk). About 600 submissions, or one big fold at start.
 */
const VACUUM_AFTER_ROWS = 100_000;
/** Rows written per database since its last VACUUM (by this process; PostgreSQL's autovacuum sees the others'). */
const writtenSinceVacuum = new WeakMap<Db, number>();

/** In the fold's transaction: a read that sees the new generation sees the fold's counts (shared-answers.ts). */
export const BUMP_GENERATION = 'UPDATE insight_generation SET n = n + 1';

const MARK = `WITH marked AS (
    UPDATE insight_pending SET folding = true WHERE id IN (SELECT id FROM insight_pending WHERE NOT folding ORDER BY id LIMIT ${CHUNK}) RETURNING sign
  ) SELECT count(*)::int AS marked, count(*) FILTER (WHERE sign = -1)::int AS removed FROM marked`;

/** Per Doha day, then the days summed per week and month (fewer rows to group than each submission thrice). */
const COUNT = `WITH submissions AS (
    SELECT CASE WHEN p.sign = 1 THEN d.collection ELSE p.collection END AS collection, p.sign,
        (CASE WHEN p.sign = 1 THEN d.created_at ELSE p.created_at END AT TIME ZONE '${DOHA_TIME_ZONE}')::date AS day,
        CASE WHEN p.sign = 1 THEN d.venue ELSE p.venue END AS venue,
        CASE WHEN p.sign = 1 THEN d.data ELSE p.data END AS data
      FROM insight_pending p LEFT JOIN documents d ON p.sign = 1 AND d.id = p.doc_id
      WHERE p.folding AND (p.sign = -1 OR d.id IS NOT NULL)
  ), days AS (
    SELECT s.collection, g.name AS grouping, s.day, s.venue, CASE WHEN g.name = '' THEN NULL ELSE s.data->>g.name END AS group_value,
        q.name AS question, CASE WHEN q.name = '' THEN NULL ELSE s.data->>q.name END AS answer,
        CASE WHEN jsonb_typeof(s.data->q.name) = 'number' THEN (s.data->>q.name)::numeric END AS value, sum(s.sign)::int AS n
      FROM submissions s
      JOIN insight_fields counted ON counted.collection = s.collection AND counted.role = 'form'
      CROSS JOIN LATERAL (SELECT ''::text AS name UNION ALL SELECT f.name FROM insight_fields f WHERE f.collection = s.collection AND f.role = 'group') g
      CROSS JOIN LATERAL (SELECT ''::text AS name UNION ALL SELECT f.name FROM insight_fields f WHERE f.collection = s.collection AND f.role = 'answer') q
      WHERE q.name = '' OR s.data ? q.name
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ), periods AS (
    SELECT collection, grouping, 'day' AS period, day AS start, venue, group_value, question, answer, value, n FROM days
    UNION ALL
    SELECT collection, grouping, 'week', (date_trunc('week', day + 1) - interval '1 day')::date, venue, group_value, question, answer, value, sum(n)::int FROM days GROUP BY 1, 2, 4, 5, 6, 7, 8, 9
    UNION ALL
    SELECT collection, grouping, 'month', date_trunc('month', day)::date, venue, group_value, question, answer, value, sum(n)::int FROM days GROUP BY 1, 2, 4, 5, 6, 7, 8, 9
  )
  INSERT INTO insight_rollup AS r (collection, grouping, period, start, venue, group_value, question, answer, value, n)
    SELECT * FROM periods WHERE n <> 0
    ON CONFLICT ON CONSTRAINT insight_rollup_key DO UPDATE SET n = r.n + EXCLUDED.n`;

/** Folds one chunk: how many pending rows it took (fewer than a chunk: nothing is left), and how many rows it wrote. */
async function foldChunk(db: Db): Promise<{ marked: number; written: number }> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${FOLD_LOCK})`);
    const { rows } = await tx.query<{ marked: number; removed: number }>(MARK);
    const { marked, removed } = rows[0];
    if (marked === 0) return { marked, written: 0 };
    let written = marked + (await tx.query(COUNT)).rowCount;
    await tx.query(BUMP_GENERATION);
    await tx.query('DELETE FROM insight_pending WHERE folding');
    if (removed > 0) written += (await tx.query('DELETE FROM insight_rollup WHERE n = 0')).rowCount;
    return { marked, written };
  });
}

/**
 * Folds everything pending (before an insights read: the answer counts every submission stored) and
 * answers the rollup's generation then (a new one after every fold that counted something). Once
 * enough rows were written, the rollup and the queue are vacuumed and analysed (VACUUM_AFTER_ROWS).
 */
export async function foldPending(db: Db, keepGoing: () => boolean = () => true): Promise<string> {
  const state = () =>
    db.query<{ pending: boolean; generation: string }>(
      'SELECT EXISTS (SELECT 1 FROM insight_pending) AS pending, (SELECT n::text FROM insight_generation) AS generation',
    );
  const { rows } = await state();
  if (!rows[0].pending) return rows[0].generation;
  let written = writtenSinceVacuum.get(db) ?? 0;
  for (let marked = CHUNK; marked === CHUNK && keepGoing();) {
    const chunk = await foldChunk(db);
    marked = chunk.marked;
    written += chunk.written;
  }
  if (written >= VACUUM_AFTER_ROWS) {
    await db.query('VACUUM (ANALYZE) insight_rollup, insight_pending');
    written = 0;
  }
  writtenSinceVacuum.set(db, written);
  return (await state()).rows[0].generation;
}
