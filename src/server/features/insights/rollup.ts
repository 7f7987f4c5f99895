// Keeps insight_fields (migrations.ts) equal to what the compiled forms count, at start: a
// collection whose counted questions changed (a new form version, a new grouping) has its rollup
// emptied and every submission queued to be counted again (fold.ts). Exact with several instances
// on one PostgreSQL: it holds documents in SHARE mode while it queues them, so no submission is
// stored meanwhile by a trigger that read the old fields (writes wait; only when fields changed).
import type { Db, Queryable } from '../../core/db/db.ts';
import type { Registry } from '../../core/registry.ts';
import { insightGroupings, insightQuestions } from '../../../engine/insights/insight-questions.ts';
import type { ResolvedForm } from '../../../engine/compiler/compiled.ts';
import { BUMP_GENERATION, FOLD_LOCK } from './fold.ts';

/** What the rollup counts for one form, as "role name" lines, sorted (two sets compare as text). */
export function countedFields(form: ResolvedForm): string[] {
  const answers = insightQuestions(form).flatMap((question) =>
    question.kind === 'scale' && question.npsBand ? [question.name, question.npsBand] : [question.name],
  );
  const lines = ['form ', ...insightGroupings(form).map((grouping) => `group ${grouping.name}`), ...answers.map((name) => `answer ${name}`)];
  return [...new Set(lines)].sort();
}

async function recount(tx: Queryable, collection: string, lines: string[]): Promise<void> {
  for (const table of ['insight_fields', 'insight_rollup', 'insight_pending']) await tx.query(`DELETE FROM ${table} WHERE collection = $1`, [collection]);
  await tx.query(BUMP_GENERATION);
  if (lines.length === 0) return;
  const roles = lines.map((line) => line.slice(0, line.indexOf(' ')));
  const names = lines.map((line) => line.slice(line.indexOf(' ') + 1));
  await tx.query('INSERT INTO insight_fields (collection, role, name) SELECT $1, role, name FROM unnest($2::text[], $3::text[]) AS f(role, name)', [
    collection,
    roles,
    names,
  ]);
  await tx.query(
    'INSERT INTO insight_pending (collection, doc_id, sign) SELECT collection, id, 1 FROM documents WHERE collection = $1 ORDER BY created_at, id',
    [collection],
  );
}

/** Whether a collection's rollup was emptied and its submissions queued (then fold them). */
export async function followCountedFields(db: Db, registry: Registry): Promise<boolean> {
  const wanted = new Map<string, string[]>();
  for (const collection of registry.collections.values()) {
    // A confidential form's answers are sealed at rest (features/sealed): nothing to count, and its insights are refused.
    if (collection.kind === 'submissions' && collection.form)
      wanted.set(collection.slug, collection.sealed ? [] : countedFields(collection.form.compiled.form));
  }
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${FOLD_LOCK})`);
    const { rows } = await tx.query<{ collection: string; line: string }>(`SELECT collection, role || ' ' || name AS line FROM insight_fields`);
    const stored = new Map<string, string[]>();
    for (const row of rows) stored.set(row.collection, [...(stored.get(row.collection) ?? []), row.line]);
    const changed = [...new Set([...wanted.keys(), ...stored.keys()])].filter(
      (collection) => (wanted.get(collection) ?? []).join('\n') !== (stored.get(collection) ?? []).sort().join('\n'),
    );
    if (changed.length === 0) return false;
    await tx.query('LOCK TABLE documents IN SHARE MODE');
    for (const collection of changed) await recount(tx, collection, wanted.get(collection) ?? []);
    return true;
  });
}
