// The loader of /staff/insights/:form: the form's aggregates grouped as asked (?by=, ?period=,
// ?from=, ?to=; the URL carries the view so it can be shared), the same without grouping for the
// headlines, the comments of the range (?group= narrows them to one venue or answer), its response
// funnel and its case measures.
import { consoleForms } from 'virtual:route-set';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import type { InsightCommentsAnswer, InsightsAnswer } from '../../../engine/contract/insights.ts';
import type { FunnelAnswer } from '../../../engine/contract/reach.ts';
import type { CaseMeasuresAnswer } from '../../../engine/contract/case-measures.ts';
import { insightGroupings } from '../../../engine/insights/insight-questions.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { pageLanguage } from '../../shell/pageLanguage.ts';

import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';
import { loadCompiledForm, loadFormTexts } from '../../form/loadForm.ts';

export interface InsightsRef {
  kind: 'staff-insights';
  languages: Lang[];
}

export interface InsightsView {
  by: string;
  period: string;
  from: string;
  to: string;
  group: string;
  /** The response funnel's grouping: venue or source. */
  funnel: string;
}

export interface InsightsData extends PageData {
  compiled: CompiledForm;
  textLang: Lang;
  view: InsightsView;
  /** Null when the server refused the view's parameters (problem says why). */
  grouped: InsightsAnswer | null;
  overall: InsightsAnswer | null;
  comments: InsightCommentsAnswer | null;
  /** The response funnel over the same range (days, or weeks for a weekly or monthly view). */
  funnel: FunnelAnswer | null;
  /** The case measures over the same range (GET /api/insights/cases?form=); null when refused. */
  cases: CaseMeasuresAnswer | null;
  problem: string | null;
}

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' });

export const loadPage: LoadPage<InsightsRef, InsightsData> = async ({ page, url, params, signal }) => {
  const formId = params.form;
  if (!formId || !consoleForms.submissions.includes(formId)) throw notFound();
  const compiled = await loadCompiledForm(formId);
  const lang = pageLanguage(url, page.languages);
  const textLang = resolveLanguage(lang, compiled.languages);
  await loadFormTexts(formId, textLang);
  const query = url.searchParams;
  // A form with a venue is grouped by it unless the view says otherwise (by= empty: no grouping).
  const defaultBy = compiled.venue?.field ?? insightGroupings(compiled.form)[0]?.name ?? '';
  const view: InsightsView = {
    by: query.get('by') ?? defaultBy,
    period: query.get('period') ?? 'week',
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
    group: query.get('group') ?? '',
    funnel: query.get('funnel') === 'source' ? 'source' : 'venue',
  };
  const asked = new URLSearchParams({ period: view.period, locale: lang });
  if (view.from) asked.set('from', view.from);
  if (view.to) asked.set('to', view.to);
  const base = `/api/insights/${encodeURIComponent(formId)}`;
  const grouped = new URLSearchParams(asked);
  if (view.by) grouped.set('by', view.by);
  const comments = new URLSearchParams(grouped);
  if (view.by && view.group) comments.set('group', view.group);
  const funnel = new URLSearchParams(asked);
  funnel.set('by', view.funnel);
  funnel.set('period', view.period === 'day' ? 'day' : 'week');
  const cases = new URLSearchParams(asked);
  cases.delete('period');
  cases.set('form', formId);
  const [groupedAnswer, overallAnswer, commentsAnswer, funnelAnswer, casesAnswer] = await Promise.all([
    staffRequest<InsightsAnswer>('GET', `${base}?${grouped}`, undefined, signal),
    staffRequest<InsightsAnswer>('GET', `${base}?${asked}`, undefined, signal),
    staffRequest<InsightCommentsAnswer>('GET', `${base}/comments?${comments}`, undefined, signal),
    staffRequest<FunnelAnswer>('GET', `${base}/funnel?${funnel}`, undefined, signal),
    staffRequest<CaseMeasuresAnswer>('GET', `/api/insights/cases?${cases}`, undefined, signal),
  ]);
  for (const answer of [groupedAnswer, overallAnswer, commentsAnswer, funnelAnswer, casesAnswer]) {
    if (answer.status !== 200 && answer.status !== 400) throw new Response(null, { status: answer.status });
  }
  const refused = [groupedAnswer, overallAnswer].find((answer) => answer.status === 400);
  const problem = refused ? (refusalOf(refused.body).fields[0]?.message ?? 'Bad request') : null;
  const ok = <T>(answer: { status: number; body: T | null }) => (answer.status === 200 ? answer.body : null);
  return {
    languages: page.languages,
    compiled,
    textLang,
    view,
    grouped: ok(groupedAnswer),
    overall: ok(overallAnswer),
    comments: ok(commentsAnswer),
    funnel: ok(funnelAnswer),
    cases: ok(casesAnswer),
    problem,
  };
};
