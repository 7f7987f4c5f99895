// /staff/forms/:form: a form's submissions, newest first, a page at a time, with a search by
// reference, name, phone or email, a date range, the follow-up, venue and rating filters
// (FollowUpFilters.tsx), each row's follow-up state and assignee, and the CSV export of what is shown.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLoaderData, useLocation } from 'react-router-dom';
import { insightQuestions } from '../../../engine/insight-questions.ts';
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
import '../../styles/form.css';
import '../../staff/console.css';
import { staffTitleOf } from '../../staff/consoleAccess.ts';

export default function SubmissionsPage() {
  const { compiled, textLang, filter, list, exportHref, assignees, venues } = useLoaderData() as SubmissionsData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const { search } = useLocation();
  const contacts = contactFields(compiled.form);
  const language = new URLSearchParams(search).get('lang');
  return (
    <div className="console">
      <BackLink to={'/staff'}>{t('staffTitle')}</BackLink>
      <h1>{staffTitleOf(compiled, lang)}</h1>
      <SubmissionFilterForm key={FILTER_PARAMS.map((name) => filter[name]).join('|')} filter={filter} language={language}>
        <FollowUpFilters formId={compiled.id} form={compiled.form} textLang={textLang} filter={filter} assignees={assignees} venues={venues} />
      </SubmissionFilterForm>
      <p>
        <a className="console-export" href={apiUrl(exportHref)} download>
          {t('staffExport')}
        </a>
      </p>
      {insightQuestions(compiled.form).length > 0 && (
        <p>
          <Link to={staffLink(`/staff/insights/${compiled.id}`, search)}>{t('staffInsightsLink')}</Link>
        </p>
      )}
      <p role="status">{t('staffFound', { count: list.totalDocs })}</p>
      {list.docs.length === 0 ? (
        <p>{t('staffNone')}</p>
      ) : (
        <StaffTable caption={staffTitleOf(compiled, lang)} columns={[t('staffReference'), t('staffReceived'), t('staffContact'), t('staffFollowUpState'), t('staffAssignee')]}>
            {list.docs.map((doc) => (
              <tr key={doc.id}>
                <th scope="row">
                  <Link to={staffLink(submissionConsolePath(compiled.id, doc.id), search)} className="console-reference">
                    {doc.reference}
                  </Link>
                </th>
                <td>{staffTime(doc.createdAt, lang)}</td>
                <td dir="auto">
                  {contacts
                    .map((field) => doc[field.name])
                    .filter((value): value is string => typeof value === 'string' && value !== '')
                    .join(' · ')}
                </td>
                <td>{t(STATE_LABELS[doc.followUp?.state ?? 'new'])}</td>
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
function SubmissionFilterForm({ filter, language, children }: { filter: SubmissionsData['filter']; language: string | null; children: ReactNode }) {
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
