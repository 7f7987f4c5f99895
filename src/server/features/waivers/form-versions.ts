// The definitions guests were shown, kept once per hash (form_versions), so a waiver's record
// points to the exact words signed even after forms/ changes. Written by a submission hook, in the
// submission's own transaction: a stored waiver always has its version row.
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import type { FormWithTexts } from '../../../engine/waivers/waiver-terms.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { SubmissionHook } from '../../core/submission-hooks.ts';

/** Waivers only (forms with submit.evidence): they are what must be shown again as signed; surveys skip the write. */
export const keepFormVersion: SubmissionHook = async (tx, { collection }) => {
  const form = collection.form;
  if (!form?.compiled.form.submit.evidence) return;
  const { compiled, texts } = form;
  await tx.query(
    `INSERT INTO form_versions (hash, form_id, version, compiled, texts) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb) ON CONFLICT (hash) DO NOTHING`,
    [compiled.hash, compiled.id, compiled.version, JSON.stringify(compiled), JSON.stringify(texts)],
  );
};

/** The compiled definition (with its texts) a guest was shown, by its hash; null when none was kept. */
export async function formVersionSeen(db: Queryable, hash: string): Promise<FormWithTexts | null> {
  const { rows } = await db.query<{ compiled: CompiledForm; texts: FormWithTexts['texts'] }>('SELECT compiled, texts FROM form_versions WHERE hash = $1', [
    hash,
  ]);
  return rows[0] ? { ...rows[0].compiled, texts: rows[0].texts } : null;
}
