// /staff/insights/:form: a form's ratings over time per venue (or another answer): the view is
// chosen with a plain GET form, so the URL carries it and a view can be shared; numbers in the
// page's language with the console's Latin digits (src/web/staff/staffTime.ts); in Arabic the charts run right to left.
import { useTranslation } from 'react-i18next';
import { Form, Link, useLoaderData, useLocation } from 'react-router-dom';
import { insightGroupings, insightQuestions } from '../../../engine/insights/insight-questions.ts';
import { formText } from '../../../engine/text/messages.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { InsightComments } from './InsightComments.tsx';
import { FunnelSection } from './FunnelSection.tsx';
import { CasesSection } from './CasesSection.tsx';
import { download, insightsCsv } from './insightsCsv.ts';
import type { InsightsData } from './insightsLoader.ts';
import { staffLink } from '../../staff/staffLink.ts';
import { staffDay, staffNumber } from '../../staff/staffTime.ts';
import { QuestionInsight, type Formats } from './QuestionInsight.tsx';
import './insights.css';
import { staffTitleOf } from '../../staff/consoleAccess.ts';

function formatsFor(lang: string, period: string): Formats {
  const number = staffNumber(lang, { maximumFractionDigits: 2 });
  const signed = staffNumber(lang, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  return {
    lang,
    rtl: lang === 'ar',
    number: (value) => number.format(value),
    signed: (value) => signed.format(value),
    period: (start) => staffDay(start, lang, period === 'month' ? 'month' : 'day'),
  };
}

export default function InsightsPage() {
  const { compiled, textLang, view, grouped, overall, comments, funnel, cases, problem } = useLoaderData() as InsightsData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const { search } = useLocation();
  const language = new URLSearchParams(search).get('lang');
  const formats = formatsFor(lang, grouped?.period ?? view.period);
  const title = staffTitleOf(compiled, lang);
  const groupings = insightGroupings(compiled.form);
  const questions = insightQuestions(compiled.form);
  const range = grouped ?? overall;
  return (
    <div className="insights">
      <p className="insights-back">
        <Link to={staffLink('/staff', search)}>{t('staffTitle')}</Link>
        {' · '}
        <Link to={staffLink(`/staff/forms/${compiled.id}`, search)}>{t('staffAllSubmissions')}</Link>
      </p>
      <h1>
        {t('staffInsights')}: {title}
      </h1>
      <Form method="get" className="insights-filter" key={search}>
        {language && <input type="hidden" name="lang" value={language} />}
        <label>
          {t('insightsGroupBy')}
          <select name="by" defaultValue={view.by}>
            <option value="">{t('insightsNoGrouping')}</option>
            {groupings.map((grouping) => (
              <option key={grouping.name} value={grouping.name} lang={textLang}>
                {formText(compiled.id, grouping.label, textLang)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('insightsPeriod')}
          <select name="period" defaultValue={view.period}>
            <option value="day">{t('insightsDay')}</option>
            <option value="week">{t('insightsWeek')}</option>
            <option value="month">{t('insightsMonth')}</option>
          </select>
        </label>
        <label>
          {t('insightsFrom')}
          <input type="date" name="from" defaultValue={range?.from ?? view.from} />
        </label>
        <label>
          {t('insightsTo')}
          <input type="date" name="to" defaultValue={range?.to ?? view.to} />
        </label>
        <label>
          {t('insightsFunnelBy')}
          <select name="funnel" defaultValue={view.funnel}>
            <option value="venue">{t('insightsFunnelByVenue')}</option>
            <option value="source">{t('insightsFunnelBySource')}</option>
          </select>
        </label>
        {grouped?.by && (
          <label>
            {t('insightsCommentsOf')}
            <select name="group" defaultValue={view.group}>
              <option value="">{t('insightsEveryGroup')}</option>
              {grouped.groups
                .filter((group) => group.key !== null)
                .map((group) => (
                  <option key={group.key} value={group.key ?? ''}>
                    {group.label[lang] ?? group.key}
                  </option>
                ))}
            </select>
          </label>
        )}
        <button type="submit">{t('insightsShow')}</button>
      </Form>
      {problem && (
        <p className="insights-problem" role="alert">
          {problem}
        </p>
      )}
      {grouped && overall && (
        <>
          <p role="status">
            {t('insightsRange', {
              from: formats.period(grouped.from),
              to: formats.period(grouped.to),
              count: overall.groups[0]?.periods.reduce((sum, period) => sum + period.count, 0) ?? 0,
              submissions: formats.number(overall.groups[0]?.periods.reduce((sum, period) => sum + period.count, 0) ?? 0),
            })}
          </p>
          <p>
            <button
              type="button"
              className="insights-action"
              onClick={() => download(`${compiled.id}-insights-${grouped.from}-${grouped.to}.csv`, 'text/csv;charset=utf-8', insightsCsv(grouped, lang))}
            >
              {t('insightsDownloadCsv')}
            </button>
          </p>
          {questions.map((question) => (
            <QuestionInsight
              key={question.name}
              formId={compiled.id}
              textLang={textLang}
              question={question}
              grouped={grouped}
              overall={overall}
              formats={formats}
            />
          ))}
        </>
      )}
      {funnel && <FunnelSection funnel={funnel} lang={lang} />}
      {cases && (compiled.form.contact || cases.overall.opened > 0) && <CasesSection cases={cases} lang={lang} />}
      {comments && <InsightComments formId={compiled.id} textLang={textLang} questions={questions} comments={comments} search={search} />}
    </div>
  );
}
