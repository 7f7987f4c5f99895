// The case measures on the insights page (GET /api/insights/cases?form=): per venue over the page's
// range a table of the cases opened, the median time to the first response, the shares answered and
// resolved within the policy, the recovery rate and the recovery survey's yes and no, beside a chart (visx, TrendChart) of the share
// answered within the policy per week; every number of the chart is in the weekly table under it.
// Venue slugs are codes, kept left to right (<bdi>); in Arabic the chart's time runs right to left.
import { useTranslation } from 'react-i18next';
import type { CaseMeasures, CaseMeasuresAnswer } from '../../../engine/contract/case-measures.ts';
import { StaffTable } from '../../ui/StaffTable.tsx';
import { staffDay, staffDuration, staffNumber } from '../../staff/staffTime.ts';
import { TrendChart } from './TrendChart.tsx';
import { seriesStyle } from './insightsView.ts';

export function CasesSection({ cases, lang }: { cases: CaseMeasuresAnswer; lang: string }) {
  const { t } = useTranslation();
  const count = staffNumber(lang);
  const percent = staffNumber(lang, { style: 'percent', maximumFractionDigits: 1 });
  const venueName = (venue: string) => (venue === '' ? t('insightsFunnelNoVenue') : <bdi dir="ltr">{venue}</bdi>);
  const share = (rate: number | null, part: number, whole: number) =>
    rate === null ? t('insightsCasesNotYet') : t('insightsCasesShareOf', { share: percent.format(rate), part: count.format(part), whole: count.format(whole) });
  const columns = [
    t('insightsCasesOpened'),
    t('insightsCasesMedianFirst'),
    t('insightsCasesAnsweredWithin'),
    t('insightsCasesResolvedWithin'),
    t('insightsCasesRecoveryRate'),
    t('insightsCasesSurvey'),
  ];
  const cells = (row: CaseMeasures) => (
    <>
      <td>{count.format(row.opened)}</td>
      <td>{row.medianFirstResponseMs === null ? t('insightsCasesNotYet') : staffDuration(row.medianFirstResponseMs, lang)}</td>
      <td>{share(row.answeredWithinPolicy, row.answeredOnTime, row.firstResponseDecided)}</td>
      <td>{share(row.resolvedWithinPolicy, row.resolvedOnTime, row.resolveDecided)}</td>
      <td>{share(row.recoveryRate, row.recovered, row.resolvedWithReply)}</td>
      <td>{t('insightsCasesSurveyAnswers', { yes: count.format(row.surveyYes), no: count.format(row.surveyNo) })}</td>
    </>
  );
  const periods = [...new Set(cases.rows.map((row) => row.start))].sort();
  const series = cases.totals.map((total, index) => ({
    key: total.venue,
    label: total.venue === '' ? t('insightsFunnelNoVenue') : total.venue,
    ...seriesStyle(index),
    values: new Map(
      cases.rows.flatMap((row) => (row.venue === total.venue && row.answeredWithinPolicy !== null ? [[row.start, row.answeredWithinPolicy] as const] : [])),
    ),
  }));
  const charted = series.some((line) => line.values.size > 0);
  return (
    <section className="insights-cases" aria-labelledby="cases-title">
      <h2 id="cases-title">{t('insightsCasesTitle')}</h2>
      <p className="insights-funnel-hint">{t('insightsCasesHint')}</p>
      {cases.overall.opened === 0 ? (
        <p>{t('insightsCasesNone')}</p>
      ) : (
        <div className="insights-funnel-body">
          <StaffTable caption={t('insightsCasesByVenue')} columns={[t('staffHomeColVenue'), ...columns]}>
            {cases.totals.map((row) => (
              <tr key={row.venue}>
                <th scope="row">{venueName(row.venue)}</th>
                {cells(row)}
              </tr>
            ))}
          </StaffTable>
          {charted && (
            <figure className="insights-figure">
              <TrendChart
                title={t('insightsCasesChart')}
                periods={periods}
                series={series}
                domain={[0, 1]}
                rtl={lang === 'ar'}
                formatPeriod={(start) => staffDay(start, lang)}
                formatValue={(value) => percent.format(value)}
              />
              <figcaption>
                <ul className="insights-legend">
                  {series.map((line) => (
                    <li key={line.key}>
                      <svg width="28" height="10" aria-hidden="true">
                        <line x1="0" y1="5" x2="28" y2="5" stroke={line.colour} strokeWidth="3" strokeDasharray={line.dash} />
                      </svg>{' '}
                      {venueName(line.key)}
                    </li>
                  ))}
                </ul>
              </figcaption>
            </figure>
          )}
        </div>
      )}
      {cases.rows.length > 0 && (
        <StaffTable caption={t('insightsCasesByWeek')} captionVisible columns={[t('insightsPeriodStart'), t('staffHomeColVenue'), ...columns]}>
          {cases.rows.map((row) => (
            <tr key={`${row.start} ${row.venue}`}>
              <td>{staffDay(row.start, lang)}</td>
              <th scope="row">{venueName(row.venue)}</th>
              {cells(row)}
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
