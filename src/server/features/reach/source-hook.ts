// The source and distribution point of each stored submission (documents.source,
// documents.distribution_point, beside its venue): the view token the page sends back with the
// create names them, when it is one the server signed for a page of this form; anything else
// (no token, an altered or expired one, the no-JavaScript post) is `direct`.
import type { SubmissionHook } from '../../core/submission-hooks.ts';
import { DIRECT_SOURCE } from '../../../engine/contract/reach.ts';
import { readView } from './view-token.ts';

export const recordSource: SubmissionHook = async (tx, { collection, row, view }, jwtSecret) => {
  if (collection.kind !== 'submissions' || !collection.form) return;
  const seen = readView(jwtSecret, view);
  const own = seen && seen.form === collection.form.compiled.id ? seen : null;
  row.source = own?.source ?? DIRECT_SOURCE;
  row.distribution_point = own?.point ?? null;
  await tx.query('UPDATE documents SET source = $2, distribution_point = $3 WHERE id = $1', [row.id, row.source, row.distribution_point]);
};
