// What other features do with a guest's submission as it is stored: each hook runs inside the
// submission's own transaction (so an alert queued here is kept exactly when the submission is:
// the outbox), after the row is written. A hook that throws refuses the whole submission.
import type { Lang } from '../../engine/languages.ts';
import type { Queryable } from './db/db.ts';
import type { DocumentRow } from './documents.ts';
import type { Collection } from './registry.ts';

export interface StoredSubmission {
  collection: Collection;
  row: DocumentRow;
  /** The page language the guest answered in. */
  lang: Lang;
}

export type SubmissionHook = (tx: Queryable, submission: StoredSubmission) => Promise<void>;
