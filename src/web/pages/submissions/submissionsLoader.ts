// The loader of /staff/forms/:form: one page of the form's submissions, newest first, filtered
// by ?q= (reference, name, phone or email), ?from= / ?to= (days received), ?state=, ?assignee= and ?due=
// (follow-up), ?venue= and ?rating=&min=&max= (positions on that rating's scale), sorted by ?sort=
// (the date, the due time or a rating column: listSort.ts).
import { consoleForms } from 'virtual:route-set';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import type { FollowUpAssignees, FollowUpSummary, StaffMember } from '../../../engine/contract/followup.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { pageLanguage } from '../../shell/pageLanguage.ts';
import { loadCompiledForm, loadFormTexts } from '../../form/loadForm.ts';
import { type StaffMe } from '../../staff/requireStaff.ts';
import { type Page, staffGet, whereParam } from '../../staff/staffRequest.ts';
import { notFound, requireReader, type ConsoleRef } from '../../staff/consoleAccess.ts';
import { filterOf, submissionWhere, type SubmissionFilter } from './submissionSearch.ts';
import { sortOf, sortParam, type ListSort } from './listSort.ts';
import type { ListCells } from '../../../engine/contract/submission-list.ts';
import { staffMeOf } from '../../staff/staffPage.ts';

export const PAGE_SIZE = 20;

export type Submission = Record<string, unknown> & { id: number; reference: string; createdAt: string; followUp?: FollowUpSummary; listColumns?: ListCells };

export interface SubmissionsData extends PageData {
  compiled: CompiledForm;
  /** The language the form's own texts are shown in (the page's, when the form has it). */
  textLang: Lang;
  filter: Required<SubmissionFilter>;
  list: Page<Submission>;
  /** Staff who may read this form: the assignee filter's choices. */
  assignees: StaffMember[];
  /** The venues a submission may be about (the venue question's answers), or null when the form names none. */
  venues: string[] | null;
  /** null: a confidential form, which has no CSV export (its answers are sealed at rest: README, Confidential reports at rest). */
  exportHref: string | null;
  /** How the list is sorted (?sort=, listSort.ts). */
  sort: ListSort;
}

/** A form the console knows, its texts loaded in the page's language (or the form's closest). */
export async function consoleForm(
  formId: string | undefined,
  url: URL,
  languages: readonly Lang[],
  me: StaffMe,
): Promise<{ compiled: CompiledForm; textLang: Lang }> {
  if (!formId || !consoleForms.submissions.includes(formId)) throw notFound();
  const compiled = await loadCompiledForm(formId);
  requireReader(me, compiled, url);
  const textLang = resolveLanguage(pageLanguage(url, languages), compiled.languages);
  await loadFormTexts(formId, textLang);
  return { compiled, textLang };
}

export const loadPage: LoadPage<ConsoleRef, SubmissionsData> = async ({ page, url, params, signal, ...guard }) => {
  // The router ran the guard of its PAGE_KINDS entry (src/web/shell/routeObjects.tsx).
  const me = staffMeOf(guard);
  const { compiled, textLang } = await consoleForm(params.form, url, page.languages, me);
  const query = url.searchParams;
  const filter = filterOf(query);
  const pageNumber = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const where = submissionWhere(compiled.form, filter, compiled.venue?.field ?? null);
  const sort = sortOf(compiled.form, query.get('sort'));
  const collection = `/api/${encodeURIComponent(compiled.collection)}`;
  const filterQuery = where ? `${whereParam(where)}&` : '';
  const [list, assignees, venues] = await Promise.all([
    staffGet<Page<Submission>>(`${collection}?${filterQuery}sort=${encodeURIComponent(sortParam(sort))}&limit=${PAGE_SIZE}&page=${pageNumber}&depth=0`, signal),
    staffGet<FollowUpAssignees>(`${collection}/followup-assignees`, signal),
    venuesOf(compiled, signal),
  ]);
  return {
    languages: page.languages,
    compiled,
    textLang,
    filter,
    list,
    assignees: assignees.docs,
    venues,
    sort,
    exportHref: compiled.confidential ? null : `${collection}/export.csv${where ? `?${whereParam(where)}` : ''}`,
  };
};

/** The answers the venue question can have: the venue documents' matched values (e.g. restaurants' names). */
async function venuesOf(compiled: CompiledForm, signal: AbortSignal): Promise<string[] | null> {
  if (!compiled.venue) return null;
  const { collection, match } = compiled.venue;
  const list = await staffGet<{ docs: Record<string, unknown>[] }>(
    `/api/${encodeURIComponent(collection)}?pagination=false&depth=0&sort=${encodeURIComponent(match)}`,
    signal,
  );
  return [...new Set(list.docs.map((doc) => doc[match]).filter((value): value is string => typeof value === 'string' && value !== ''))];
}
