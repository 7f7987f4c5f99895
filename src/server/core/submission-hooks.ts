// What other features do with a guest's submission as it is stored: each hook runs inside the
// submission's own transaction (so an alert queued here is kept exactly when the submission is:
// the outbox), after the row is written. A hook that throws refuses the whole submission.
import type { Lang } from '../../engine/text/languages.ts';
import type { Queryable } from './db/db.ts';
import type { DocumentRow } from './documents.ts';
import type { Collection } from './registry.ts';

export interface StoredSubmission {
  collection: Collection;
  row: DocumentRow;
  /** The page language the guest answered in. */
  lang: Lang;
  /** The view token the page sent back (X-Form-View), as it came: unchecked (features/reach reads it). */
  view?: string;
  /** The party code the page sent back (X-Party, a party page's), as it came: unchecked (features/parties reads it). */
  party?: string;
}

/** jwtSecret: the server's, from which a feature derives its own signing key (as for SubmissionAnswer). */
export type SubmissionHook = (tx: Queryable, submission: StoredSubmission, jwtSecret: string) => Promise<void>;

/**
 * Fields a feature adds beside Payload's `doc` in the 201 answer of a guest's create (and of its
 * idempotent replay), e.g. the link to the guest's signed copy of a waiver; Payload's own keys are
 * never replaced. Given the server's JWT secret, from which a feature derives its own signing key,
 * and the database, after the submission's transaction (e.g. a reporter's secret, whose hash is
 * slow on purpose and so is not made while the transaction holds the database).
 */
export type SubmissionAnswer = (
  submission: StoredSubmission,
  jwtSecret: string,
  db: Queryable,
) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;

/** Every feature's fields for one stored submission, joined (the JSON create and the page's post without JavaScript). */
export async function answerFieldsOf(
  answers: readonly SubmissionAnswer[],
  submission: StoredSubmission,
  jwtSecret: string,
  db: Queryable,
): Promise<Record<string, unknown>> {
  return Object.assign({}, ...(await Promise.all(answers.map((answer) => answer(submission, jwtSecret, db)))));
}
