// /staff/forms/:form: a form's submissions, newest first, a page at a time, with a search by
// reference, name, phone or email, a date range, the follow-up, venue and rating filters
// (FollowUpFilters.tsx), each row's own columns (the definition's list.columns: the venue, the
// lowest rating as its word and colour, the comment's first words), its follow-up state and
// assignee, when it is due (DueBadge.tsx), sortable by date, due time and rating (listSort.ts), and
// the CSV export of what is shown.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import { formText } from '../../../engine/text/messages.ts';
import { insightQuestions } from '../../../engine/insights/insight-questions.ts';
import { apiUrl } from '../../api/runtimeConfig.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { StaffTable } from '../../ui/StaffTable.tsx';
import { staffTime } from '../../staff/staffTime.ts';
import { BackLink } from '../../staff/frame.tsx';
import { staffLink } from '../../staff/staffLink.ts';
import { Pager } from '../../staff/Pager.tsx';
import { DateFilter, dateFilterProblem } from './DateFilter.tsx';
import { contactFields, FILTER_PARAMS } from './submissionSearch.ts';
import { FollowUpFilters } from './FollowUpFilters.tsx';
import { STATE_LABELS, staffName } from './followUpApi.ts';
import { submissionConsolePath } from '../../../engine/contract/followup.ts';
import type { SubmissionsData } from './submissionsLoader.ts';
import { dataFields } from '../../../engine/checks/conditions.ts';
import { columnKey, listColumnsOf } from '../../../engine/definition/list-columns.ts';
import { fieldLabel } from './AnswerValue.tsx';
import { ListCellView } from './ListCellView.tsx';
import { DEFAULT_SORT, DUE_SORT, nextSort, sortKeys, sortParam, type ListSort } from './listSort.ts';
import { DueBadge } from './DueBadge.tsx';
import '../../styles/form.css';
import '../../staff/console.css';
import { staffTitleOf } from '../../staff/consoleAccess.ts';

export default function SubmissionsPage() {
  const { compiled, textLang, filter, list, exportHref, assignees, venues, sort } = useLoaderData() as SubmissionsData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const { search } = useLocation();
  const contacts = contactFields(compiled.form);
  const language = new URLSearchParams(search).get('lang');
  const navigate = useNavigate();
  const fields = new Map(dataFields(compiled.form).map((field) => [field.name, field]));
  const columns = listColumnsOf(compiled.form).map((column) => ({
    key: columnKey(column),
    label: 'lowest' in column ? formText(compiled.id, column.label, textLang) : fieldLabel(compiled.id, fields.get(column.field)!, textLang),
  }));
  const sortBy = (key: string) => {
    const query = new URLSearchParams(search);
    const next = sortParam(nextSort(sort, key));
    if (next === DEFAULT_SORT) query.delete('sort');
    else query.set('sort', next);
    query.delete('page');
    navigate(`?${query}`);
  };
  // The date, the due time and the rating columns sort the list; the others are labels only.
  const sortable = sortKeys(compiled.form);
  const heads: { key: string; label: ReactNode }[] = [
    { key: 'reference', label: t('staffReference') },
    { key: 'createdAt', label: t('staffReceived') },
    ...columns.map((column) => ({ key: column.key, label: <span lang={textLang}>{column.label}</span> })),
    { key: 'contact', label: t('staffContact') },
    { key: 'state', label: t('staffFollowUpState') },
    { key: DUE_SORT, label: t('staffDue') },
    { key: 'assignee', label: t('staffAssignee') },
  ].map((head) =>
    sortable.includes(head.key)
      ? {
          key: head.key,
          label: (
            <button type="button" className="staff-table-sort" onClick={() => sortBy(head.key)}>
              {head.label}
              <span aria-hidden="true">{sort.key !== head.key ? '↕' : sort.direction === 'ascending' ? '↑' : '↓'}</span>
            </button>
          ),
        }
      : head,
  );
  const sortStates: Record<number, ListSort['direction'] | 'none'> = Object.fromEntries(
    heads.flatMap((head, index) => (sortable.includes(head.key) ? [[index, sort.key === head.key ? sort.direction : 'none'] as const] : [])),
  );
  return (
    <div className="console">
      <BackLink to={'/staff'}>{t('staffTitle')}</BackLink>
      <h1>{staffTitleOf(compiled, lang)}</h1>
      <SubmissionFilterForm key={FILTER_PARAMS.map((name) => filter[name]).join('|')} filter={filter} language={language} sort={sortParam(sort)}>
        <FollowUpFilters formId={compiled.id} form={compiled.form} textLang={textLang} filter={filter} assignees={assignees} venues={venues} />
      </SubmissionFilterForm>
      {exportHref && (
        <p>
          <a className="console-export" href={apiUrl(exportHref)} download>
            {t('staffExport')}
          </a>
        </p>
      )}
      {insightQuestions(compiled.form).length > 0 && (
        <p>
          <Link to={staffLink(`/staff/insights/${compiled.id}`, search)}>{t('staffInsightsLink')}</Link>
        </p>
      )}
      <p role="status">{t('staffFound', { count: list.totalDocs })}</p>
      {list.docs.length === 0 ? (
        <p>{t('staffNone')}</p>
      ) : (
        <StaffTable caption={staffTitleOf(compiled, lang)} columns={heads.map((head) => head.label)} sort={sortStates}>
          {list.docs.map((doc) => (
            <tr key={doc.id}>
              <th scope="row">
                <Link to={staffLink(submissionConsolePath(compiled.id, doc.id), search)} className="console-reference">
                  <bdi dir="ltr">{doc.reference}</bdi>
                </Link>
              </th>
              <td>
                <span className="console-whole">{staffTime(doc.createdAt, lang)}</span>
              </td>
              {columns.map((column) => {
                const cell = doc.listColumns?.[column.key];
                return (
                  <td key={column.key}>
                    <ListCellView formId={compiled.id} cell={cell} field={fields.get(cell?.field ?? column.key)} textLang={textLang} lang={lang} />
                  </td>
                );
              })}
              <td>
                {contacts
                  .map((field) => doc[field.name])
                  .filter((value): value is string => typeof value === 'string' && value !== '')
                  .map((value, index) => (
                    <span key={index} className="console-contact" dir="auto">
                      {value}
                    </span>
                  ))}
              </td>
              <td>{t(STATE_LABELS[doc.followUp?.state ?? 'new'])}</td>
              <td>
                <DueBadge due={doc.followUp?.due} lang={lang} />
              </td>
              <td dir="auto">{doc.followUp?.assignee ? staffName(doc.followUp.assignee) : ''}</td>
            </tr>
          ))}
        </StaffTable>
      )}
      <Pager page={list.page} totalPages={list.totalPages} />
    </div>
  );
}

/** The search, the date range and the other filters (children); keyed by what was searched, so another search (back, a link) shows its own. */
function SubmissionFilterForm({
  filter,
  language,
  sort,
  children,
}: {
  filter: SubmissionsData['filter'];
  language: string | null;
  sort: string;
  children: ReactNode;
}) {
  const { lang } = useShell();
  const { t } = useTranslation();
  const [range, setRange] = useState({ from: filter.from, to: filter.to });
  const [shownProblems, setShownProblems] = useState(false);
  const problem = (end: 'from' | 'to') => (shownProblems ? dateFilterProblem(range[end], lang) : null);
  const holdIncompleteDates = (event: FormEvent) => {
    if (!dateFilterProblem(range.from, lang) && !dateFilterProblem(range.to, lang)) return;
    event.preventDefault();
    setShownProblems(true);
  };
  const dateFilter = (end: 'from' | 'to', label: string) => (
    <DateFilter
      name={end}
      label={label}
      lang={lang}
      value={range[end]}
      onChange={(value) => {
        setRange((current) => ({ ...current, [end]: value }));
        setShownProblems(false);
      }}
      problem={problem(end)}
    />
  );
  return (
    <Form method="get" className="console-filter" role="search" onSubmit={holdIncompleteDates}>
      {language && <input type="hidden" name="lang" value={language} />}
      {sort !== DEFAULT_SORT && <input type="hidden" name="sort" value={sort} />}
      <label>
        {t('staffSearch')}
        <input type="search" name="q" defaultValue={filter.q} dir="auto" autoComplete="off" />
      </label>
      {dateFilter('from', t('staffFrom'))}
      {dateFilter('to', t('staffTo'))}
      {children}
      <button type="submit" className="button button-primary">
        {t('staffFind')}
      </button>
    </Form>
  );
}
