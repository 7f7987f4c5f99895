// What needs a staff member's attention, computed by the database: for each form they read (the one
// read check, core/access readableSql: role, the form's readers, a manager's venues), this week's
// and last week's submissions and mean rating, its follow-ups in progress, and its lowest-rated
// submissions of this week. A confidential form (whistle-blower) is counted for those who read it,
// and nothing derived from its answers (no mean, no low-rated list) ever leaves this file.
import type { Caller } from '../../core/access/caller.ts';
import { readableSql } from '../../core/access/submission-access.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { Collection, Registry } from '../../core/registry.ts';
import { insightQuestions } from '../../../engine/insights/insight-questions.ts';
import { HOME_WEEK_DAYS, type ConsoleHome, type ConsoleNav, type HomeForm, type LowRatedSubmission } from '../../../engine/contract/console-home.ts';
import { CASE_OVERDUE_SQL, FOLLOW_UP_IN_PROGRESS_SQL } from '../followup/index.ts';
import { unreadCount } from '../alerts/index.ts';
import { measureCases } from '../cases/index.ts';
import { REPORT_OVERDUE_SQL } from '../reporter/index.ts';

/** Overdue: past a case policy's due time, or a report's acknowledgement or feedback (features/reporter). */
const OVERDUE_SQL = `(${CASE_OVERDUE_SQL} OR ${REPORT_OVERDUE_SQL})`;

/** Each rating answer a form can hold as (question, stored value, position on its scale): one array parameter each. */
function ratingPositions(collection: Collection) {
  const ratings = { names: [] as string[], values: [] as string[], positions: [] as number[], top: 0 };
  for (const question of insightQuestions(collection.form!.compiled.form)) {
    if (question.kind !== 'rating') continue;
    question.options.forEach((option, index) => {
      ratings.names.push(question.name);
      ratings.values.push(option.value);
      ratings.positions.push(index + 1);
    });
    ratings.top = Math.max(ratings.top, question.options.length);
  }
  return ratings;
}

const THIS_WEEK = `documents.created_at >= now() - interval '${HOME_WEEK_DAYS} days'`;
const LAST_WEEK = `documents.created_at >= now() - interval '${2 * HOME_WEEK_DAYS} days' AND documents.created_at < now() - interval '${HOME_WEEK_DAYS} days'`;

type FormRow = {
  this_count: number;
  this_mean: number | null;
  last_count: number;
  last_mean: number | null;
  in_progress: number;
  overdue: number;
};

type LowRow = {
  id: number;
  reference: string | null;
  venue: string | null;
  created_at: Date;
  mean: number;
};

const rounded = (mean: number | null) => (mean === null ? null : Math.round(Number(mean) * 100) / 100);

/** One form's figures and its lowest-rated submissions of this week (none asked: `lowest` 0). */
async function formAttention(
  db: Queryable,
  caller: Caller,
  registry: Registry,
  collection: Collection,
  lowest: number,
): Promise<{ form: HomeForm; low: LowRatedSubmission[] }> {
  const compiled = collection.form!.compiled;
  const ratings = compiled.confidential ? { names: [], values: [], positions: [], top: 0 } : ratingPositions(collection);
  const params: unknown[] = [collection.slug, ratings.names, ratings.values, ratings.positions];
  const readable = readableSql(caller, registry, collection, params);
  // A submission's mean: of the ratings it answered, each as its option's position (a question left empty is not counted).
  const mean = `(SELECT avg(r.position) FROM unnest($2::text[], $3::text[], $4::int[]) AS r(name, value, position) WHERE documents.data->>r.name = r.value)`;
  const scoped = `documents.collection = $1 AND ${readable}`;
  const { rows } = await db.query<FormRow>(
    `SELECT count(*) FILTER (WHERE ${THIS_WEEK})::int AS this_count,
            avg(${mean}) FILTER (WHERE ${THIS_WEEK})::float8 AS this_mean,
            count(*) FILTER (WHERE ${LAST_WEEK})::int AS last_count,
            avg(${mean}) FILTER (WHERE ${LAST_WEEK})::float8 AS last_mean,
            (SELECT count(*)::int FROM documents WHERE ${scoped} AND ${FOLLOW_UP_IN_PROGRESS_SQL}) AS in_progress,
            (SELECT count(*)::int FROM documents WHERE ${scoped} AND ${OVERDUE_SQL}) AS overdue
     FROM documents WHERE ${scoped} AND documents.created_at >= now() - interval '${2 * HOME_WEEK_DAYS} days'`,
    params,
  );
  const row = rows[0];
  const top = ratings.top > 0 ? ratings.top : null;
  const form: HomeForm = {
    form: compiled.id,
    collection: collection.slug,
    title: compiled.staffTitle,
    ratingTop: top,
    thisWeek: { submissions: row.this_count, meanRating: rounded(row.this_mean) },
    lastWeek: { submissions: row.last_count, meanRating: rounded(row.last_mean) },
    followUpsInProgress: row.in_progress,
    overdue: row.overdue,
  };
  if (top === null || lowest === 0) return { form, low: [] };
  params.push(lowest);
  const low = await db.query<LowRow>(
    `SELECT id, reference, venue, created_at, mean::float8 AS mean FROM (SELECT documents.*, ${mean} AS mean FROM documents WHERE ${scoped} AND ${THIS_WEEK}) AS documents
     WHERE mean IS NOT NULL ORDER BY mean, created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return {
    form,
    low: low.rows.map((item) => ({
      form: compiled.id,
      collection: collection.slug,
      id: item.id,
      reference: item.reference,
      venue: item.venue,
      createdAt: item.created_at.toISOString(),
      meanRating: rounded(item.mean)!,
      ratingTop: top,
    })),
  };
}

/** How far down its scale a mean is (0 the lowest option, 1 the highest), so forms of different scales compare. */
const lowness = (item: LowRatedSubmission) => (item.ratingTop > 1 ? (item.meanRating - 1) / (item.ratingTop - 1) : 0);

export async function consoleHome(db: Queryable, caller: Caller, registry: Registry, lowest: number): Promise<ConsoleHome> {
  const collections = [...registry.collections.values()].filter(
    (collection) => collection.kind === 'submissions' && collection.form && readableSql(caller, registry, collection, []) !== 'false',
  );
  const found = await Promise.all(collections.map((collection) => formAttention(db, caller, registry, collection, lowest)));
  const low = found.flatMap((item) => item.low).sort((a, b) => lowness(a) - lowness(b) || b.createdAt.localeCompare(a.createdAt));
  return {
    forms: found.map((item) => item.form),
    lowest: low.slice(0, lowest),
    unreadAlerts: await unreadCount(db, caller, registry),
    followUpsInProgress: found.reduce((sum, item) => sum + item.form.followUpsInProgress, 0),
    overdue: found.reduce((sum, item) => sum + item.form.overdue, 0),
    cases: (await measureCases(db, caller, registry, { days: HOME_WEEK_DAYS })).overall,
  };
}

/** The navigation's forms (those the caller reads) and counts (unread alerts; follow-ups in progress and cases overdue): one query each. */
export async function consoleNav(db: Queryable, caller: Caller, registry: Registry): Promise<ConsoleNav> {
  const params: unknown[] = [];
  const parts: string[] = [];
  const forms: ConsoleNav['forms'] = [];
  for (const collection of registry.collections.values()) {
    if (collection.kind !== 'submissions' || !collection.form) continue;
    const readable = readableSql(caller, registry, collection, params);
    if (readable === 'false') continue;
    const { compiled } = collection.form;
    forms.push({ form: compiled.id, title: compiled.staffTitle, insights: insightQuestions(compiled.form).length > 0 });
    parts.push(`(documents.collection = $${params.push(collection.slug)} AND ${readable})`);
  }
  const counts = parts.length
    ? (
        await db.query<{ in_progress: number; overdue: number }>(
          `SELECT count(*) FILTER (WHERE ${FOLLOW_UP_IN_PROGRESS_SQL})::int AS in_progress, count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS overdue
           FROM documents WHERE (${parts.join(' OR ')})`,
          params,
        )
      ).rows[0]
    : { in_progress: 0, overdue: 0 };
  return { forms, unreadAlerts: await unreadCount(db, caller, registry), followUpsInProgress: counts.in_progress, overdue: counts.overdue };
}
