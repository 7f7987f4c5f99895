// What one account's weekly digest says, read with the account's own read scope (the one rule of
// engine/access/roles.ts, as every read path): per form it reads, last week's submissions against the
// week before, each rating's and scale's average and each NPS with its change (from the insights
// aggregation, features/insights: the numbers the insights page shows for that week), an admin's
// venue-by-venue table, the three biggest changes, and its open follow-ups with links. A form (or
// venue) with fewer than MIN_ANSWERS answers shows counts only: small numbers mislead. The busiest
// source (documents.source) and the response funnel (the reach feature's counters, funnel_counts:
// scans and views, beside the submissions stored) are read for the same forms and venues.
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { formReadScope } from '../../../engine/access/roles.ts';
import type { StaffSessionUser } from '../../../engine/contract/session.ts';
import { submissionConsolePath } from '../../../engine/contract/followup.ts';
import { insightQuestions } from '../../../engine/insights/insight-questions.ts';
import type { Db } from '../../core/db/db.ts';
import { aggregate, foldPending, type AggregateRow } from '../insights/index.ts';
import { CASE_OVERDUE_SQL } from '../followup/index.ts';
import type { DigestWeek } from './week.ts';

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
  /** new, in-progress, waiting-for-guest. */
  state: string;
  /** Past a case policy's due time (followup's CASE_OVERDUE_SQL): linked first. */
  overdue: boolean;
  path: string;
}

/** One form's funnel for the week (the reach feature's counters and the submissions stored). */
export interface DigestFunnelRow {
  formId: string;
  staffTitle: CompiledForm['staffTitle'];
  scans: number;
  views: number;
  submitted: number;
}

export interface Digest {
  week: DigestWeek;
  forms: DigestForm[];
  /** The three figures that moved most (in their own unit: an average's points, an NPS's points). */
  changes: (DigestFigure & { formId: string })[];
  followUps: { open: number; overdue: number; linked: DigestFollowUp[] };
  /** The source most of last week's submissions came with (`direct`, `table`, ...), and how many; null when none came. */
  busiestSource: { source: string; submissions: number } | null;
  /** Forms with a scan, a view or a submission last week. */
  funnel: DigestFunnelRow[];
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

type Readable = { compiled: CompiledForm; venues: readonly string[] | null }[];

/** The week's bounds as times (Doha days: from its first midnight to the midnight after its last day). */
function weekBounds(week: DigestWeek): [string, string] {
  const after = new Date(Date.parse(`${week.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [`${week.from}T00:00:00+03:00`, `${after}T00:00:00+03:00`];
}

async function openFollowUps(db: Db, readable: Readable) {
  let open = 0;
  let overdue = 0;
  const linked: DigestFollowUp[] = [];
  for (const { compiled, venues } of readable) {
    const params: unknown[] = [compiled.collection];
    const scoped = venues === null ? '' : ` AND documents.venue = ANY($${params.push([...venues])}::text[])`;
    const { rows } = await db.query<{ id: number; reference: string | null; state: string; overdue: boolean; total: number; late: number }>(
      `SELECT documents.id, documents.reference, f.state, ${CASE_OVERDUE_SQL} AS overdue, count(*) OVER ()::int AS total,
         (count(*) FILTER (WHERE ${CASE_OVERDUE_SQL}) OVER ())::int AS late
       FROM followups f JOIN documents ON documents.id = f.document_id
       WHERE documents.collection = $1 AND f.state <> 'resolved'${scoped}
       ORDER BY ${CASE_OVERDUE_SQL} DESC, documents.created_at, documents.id LIMIT ${LINKED_FOLLOW_UPS}`,
      params,
    );
    open += rows[0]?.total ?? 0;
    overdue += rows[0]?.late ?? 0;
    for (const row of rows)
      linked.push({
        formId: compiled.id,
        reference: row.reference ?? String(row.id),
        state: row.state,
        overdue: row.overdue,
        path: submissionConsolePath(compiled.id, row.id),
      });
  }
  // Overdue first, across forms; the first LINKED_FOLLOW_UPS by name, the rest counted.
  linked.sort((a, b) => Number(b.overdue) - Number(a.overdue));
  return { open, overdue, linked: linked.slice(0, LINKED_FOLLOW_UPS) };
}

/** Where last week's submissions came from: the source most came with. */
async function busiestSource(db: Db, readable: Readable, week: DigestWeek): Promise<Digest['busiestSource']> {
  const [from, to] = weekBounds(week);
  const counts = new Map<string, number>();
  for (const { compiled, venues } of readable) {
    const params: unknown[] = [compiled.collection, from, to];
    const scoped = venues === null ? '' : ` AND venue = ANY($${params.push([...venues])}::text[])`;
    const { rows } = await db.query<{ source: string; n: number }>(
      `SELECT COALESCE(source, 'direct') AS source, count(*)::int AS n FROM documents
       WHERE collection = $1 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz${scoped} GROUP BY 1`,
      params,
    );
    for (const row of rows) counts.set(row.source, (counts.get(row.source) ?? 0) + row.n);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return best ? { source: best[0], submissions: best[1] } : null;
}

/** Each form's scans and views (the reach feature's counters, by Doha day) and its submissions, last week. */
async function funnelOf(db: Db, readable: Readable, week: DigestWeek): Promise<DigestFunnelRow[]> {
  const [from, to] = weekBounds(week);
  const rows: DigestFunnelRow[] = [];
  for (const { compiled, venues } of readable) {
    const params: unknown[] = [compiled.id, week.from, week.to];
    const scoped = venues === null ? '' : ` AND venue = ANY($${params.push([...venues])}::text[])`;
    const { rows: steps } = await db.query<{ step: string; n: number }>(
      `SELECT step, sum(n)::int AS n FROM funnel_counts WHERE form = $1 AND day BETWEEN $2::date AND $3::date AND step IN ('scan', 'view')${scoped} GROUP BY step`,
      params,
    );
    const stored = [compiled.collection, from, to, ...(venues === null ? [] : [[...venues]])];
    const { rows: submitted } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM documents WHERE collection = $1 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz${
        venues === null ? '' : ' AND venue = ANY($4::text[])'
      }`,
      stored,
    );
    const step = (name: string) => steps.find((row) => row.step === name)?.n ?? 0;
    const row = { formId: compiled.id, staffTitle: compiled.staffTitle, scans: step('scan'), views: step('view'), submitted: submitted[0].n };
    if (row.scans || row.views || row.submitted) rows.push(row);
  }
  return rows;
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
  const funnel = await funnelOf(db, readable, week);
  const busiest = await busiestSource(db, readable, week);
  const empty = digestForms.every((form) => form.submissions === 0) && followUps.open === 0 && funnel.length === 0;
  return { week, forms: digestForms, changes, followUps, busiestSource: busiest, funnel, empty };
}
