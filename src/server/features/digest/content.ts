// What one account's weekly digest says, read with the account's own read scope (the one rule of
// engine/access/roles.ts, as every read path): per form it reads, last week's submissions against the
// week before, each rating's and scale's average and each NPS with its change (from the insights
// aggregation, features/insights: the numbers the insights page shows for that week), an admin's
// venue-by-venue table, the three biggest changes, and its open follow-ups with links. A form (or
// venue) with fewer than MIN_ANSWERS answers shows counts only: small numbers mislead. The busiest
// source and the response funnel are not here yet: submissions have no source in this version.
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { formReadScope } from '../../../engine/access/roles.ts';
import type { StaffSessionUser } from '../../../engine/contract/session.ts';
import { submissionConsolePath } from '../../../engine/contract/followup.ts';
import { insightQuestions } from '../../../engine/insights/insight-questions.ts';
import type { Db } from '../../core/db/db.ts';
import { aggregate, foldPending, type AggregateRow } from '../insights/index.ts';
import type { DigestWeek } from './week.ts';
import type { OpenFollowUpState } from './words.ts';

/** Below this many answers in the week, a form or venue shows its counts without averages. */
export const MIN_ANSWERS = 5;
/** Open follow-ups linked by name in the digest; the rest are counted. */
const LINKED_FOLLOW_UPS = 10;

export interface DigestFigure {
  /** The question's name, and its label (a text key of the form). */
  question: string;
  label: string;
  kind: 'mean' | 'nps';
  value: number | null;
  before: number | null;
  /** value - before, when both are known. */
  change: number | null;
  /** The width of its scale (a 5-option rating: 4, 0-10: 10, an NPS: 200): changes are compared as shares of it. */
  span: number;
}

export interface DigestVenueRow {
  venue: string;
  submissions: number;
  before: number;
}

export interface DigestForm {
  formId: string;
  staffTitle: CompiledForm['staffTitle'];
  submissions: number;
  before: number;
  /** Empty when fewer than MIN_ANSWERS answers came in the week. */
  figures: DigestFigure[];
  /** Admins (every venue): one row per venue; null for a form without venue question or an account limited to some venues. */
  venues: DigestVenueRow[] | null;
}

export interface DigestFollowUp {
  formId: string;
  reference: string;
  state: OpenFollowUpState;
  path: string;
}

export interface Digest {
  week: DigestWeek;
  forms: DigestForm[];
  /** The three figures that moved most (in their own unit: an average's points, an NPS's points). */
  changes: (DigestFigure & { formId: string })[];
  followUps: { open: number; linked: DigestFollowUp[] };
  /** Nothing came in and nothing is open: the digest says so in one line. */
  empty: boolean;
}

type Account = Pick<StaffSessionUser, 'roles' | 'venues'>;

const round = (value: number) => Math.round(value * 100) / 100;

function figuresOf(compiled: CompiledForm, week: AggregateRow | undefined, before: AggregateRow | undefined): DigestFigure[] {
  if (!week || week.count < MIN_ANSWERS) return [];
  const figures: DigestFigure[] = [];
  for (const question of insightQuestions(compiled.form)) {
    const now = week.questions[question.name];
    const then = before?.questions[question.name];
    const span = question.kind === 'rating' ? question.options.length - 1 : question.max - question.min;
    const push = (kind: DigestFigure['kind'], value: number | null | undefined, previous: number | null | undefined) =>
      figures.push({
        span: kind === 'nps' ? 200 : Math.max(span, 1),
        question: question.name,
        label: question.label,
        kind,
        value: value ?? null,
        before: previous ?? null,
        change: value !== null && value !== undefined && previous !== null && previous !== undefined ? round(value - previous) : null,
      });
    if (question.kind === 'scale' && question.npsBand) push('nps', now?.nps?.score, then && then.answered >= MIN_ANSWERS ? then.nps?.score : null);
    else push('mean', now?.mean, then && then.answered >= MIN_ANSWERS ? then.mean : null);
  }
  return figures;
}

async function formDigest(db: Db, compiled: CompiledForm, venues: readonly string[] | null, week: DigestWeek): Promise<DigestForm> {
  const range = { from: week.beforeFrom, to: week.to };
  const questions = insightQuestions(compiled.form);
  const rows = await aggregate(db, { collection: compiled.collection, by: null, period: 'week', range, questions, venues });
  const thisWeek = rows.find((row) => row.start === week.from);
  const lastWeek = rows.find((row) => row.start === week.beforeFrom);
  let venueRows: DigestVenueRow[] | null = null;
  if (venues === null && compiled.venue) {
    const byVenue = await aggregate(db, { collection: compiled.collection, by: compiled.venue.field, period: 'week', range, questions: [], venues });
    const table = new Map<string, DigestVenueRow>();
    for (const row of byVenue) {
      const venue = row.key ?? '';
      const entry = table.get(venue) ?? { venue, submissions: 0, before: 0 };
      if (row.start === week.from) entry.submissions += row.count;
      else entry.before += row.count;
      table.set(venue, entry);
    }
    venueRows = [...table.values()].sort((a, b) => b.submissions - a.submissions || a.venue.localeCompare(b.venue));
  }
  return {
    formId: compiled.id,
    staffTitle: compiled.staffTitle,
    submissions: thisWeek?.count ?? 0,
    before: lastWeek?.count ?? 0,
    figures: figuresOf(compiled, thisWeek, lastWeek),
    venues: venueRows,
  };
}

async function openFollowUps(db: Db, readable: { compiled: CompiledForm; venues: readonly string[] | null }[]) {
  let open = 0;
  const linked: DigestFollowUp[] = [];
  for (const { compiled, venues } of readable) {
    const params: unknown[] = [compiled.collection];
    const scoped = venues === null ? '' : ` AND d.venue = ANY($${params.push([...venues])}::text[])`;
    const { rows } = await db.query<{ id: number; reference: string | null; state: OpenFollowUpState; total: number }>(
      `SELECT d.id, d.reference, f.state, count(*) OVER ()::int AS total FROM followups f JOIN documents d ON d.id = f.document_id
       WHERE d.collection = $1 AND f.state <> 'resolved'${scoped} ORDER BY d.created_at, d.id LIMIT ${LINKED_FOLLOW_UPS}`,
      params,
    );
    open += rows[0]?.total ?? 0;
    for (const row of rows)
      if (linked.length < LINKED_FOLLOW_UPS)
        linked.push({ formId: compiled.id, reference: row.reference ?? String(row.id), state: row.state, path: submissionConsolePath(compiled.id, row.id) });
  }
  return { open, linked };
}

/** The digest of one account for the week; every form it reads (none: an empty digest). */
export async function buildDigest(db: Db, forms: readonly CompiledForm[], account: Account, week: DigestWeek): Promise<Digest> {
  // The aggregation reads the rollup: what was stored since its last fold is counted first.
  await foldPending(db);
  const readable = forms.flatMap((compiled) => {
    const scope = formReadScope(account, compiled);
    return scope.kind === 'none' ? [] : [{ compiled, venues: scope.kind === 'venues' ? scope.venues : null }];
  });
  const digestForms: DigestForm[] = [];
  for (const { compiled, venues } of readable) {
    if (insightQuestions(compiled.form).length === 0) continue;
    const form = await formDigest(db, compiled, venues, week);
    if (form.submissions > 0 || form.before > 0) digestForms.push(form);
  }
  const changes = digestForms
    .flatMap((form) => form.figures.filter((figure) => figure.change !== null && figure.change !== 0).map((figure) => ({ ...figure, formId: form.formId })))
    .sort((a, b) => Math.abs(b.change!) / b.span - Math.abs(a.change!) / a.span)
    .slice(0, 3);
  const followUps = await openFollowUps(db, readable);
  const empty = digestForms.every((form) => form.submissions === 0) && followUps.open === 0;
  return { week, forms: digestForms, changes, followUps, empty };
}
