// The response funnel on the insights page (GET /api/insights/{form}/funnel): per venue or source
// over the page's range, a table of the counts and rates beside a bar chart of opened, started and
// sent. The chart is an image with a name; every number is in the table. In Arabic the bars grow
// from the right (logical CSS); venue slugs and source tags are codes, kept left to right (<bdi>).
import { useTranslation } from 'react-i18next';
import type { FunnelAnswer, FunnelCounts } from '../../../engine/contract/reach.ts';
import { StaffTable } from '../../ui/StaffTable.tsx';
import { staffDay, staffNumber } from '../../staff/staffTime.ts';

const BARS = [
  ['views', 'insightsFunnelViews'],
  ['started', 'insightsFunnelStarted'],
  ['submitted', 'insightsFunnelSubmitted'],
] as const;

export function FunnelSection({ funnel, lang }: { funnel: FunnelAnswer; lang: string }) {
  const { t } = useTranslation();
  const count = staffNumber(lang);
  const percent = staffNumber(lang, { style: 'percent', maximumFractionDigits: 1 });
  const rate = (value: number | null) => (value === null ? '–' : percent.format(value));
  const keyName = (key: string) => (key === '' ? t('insightsFunnelNoVenue') : <bdi dir="ltr">{key}</bdi>);
  const byLabel = t(funnel.by === 'venue' ? 'insightsFunnelByVenue' : 'insightsFunnelBySource');
  const most = Math.max(1, ...funnel.totals.map((row) => row.views), ...funnel.totals.map((row) => row.submitted));
  const columns = [
    t('insightsFunnelScans'),
    t('insightsFunnelViews'),
    t('insightsFunnelStarted'),
    t('insightsFunnelSubmitted'),
    t('insightsFunnelReviewClicks'),
    t('insightsFunnelStartRate'),
    t('insightsFunnelCompletionRate'),
  ];
  const cells = (row: FunnelCounts) => (
    <>
      <td>{count.format(row.scans)}</td>
      <td>{count.format(row.views)}</td>
      <td>{count.format(row.started)}</td>
      <td>{count.format(row.submitted)}</td>
      <td>{count.format(row.reviewClicks)}</td>
      <td>{rate(row.startRate)}</td>
      <td>{rate(row.completionRate)}</td>
    </>
  );
  return (
    <section className="insights-funnel" aria-labelledby="funnel-title">
      <h2 id="funnel-title">{t('insightsFunnelTitle')}</h2>
      <p className="insights-funnel-hint">{t('insightsFunnelHint')}</p>
      {funnel.totals.length === 0 ? (
        <p>{t('insightsFunnelNone')}</p>
      ) : (
        <div className="insights-funnel-body">
          <StaffTable caption={`${t('insightsFunnelTitle')} (${byLabel})`} columns={[byLabel, ...columns]}>
            {funnel.totals.map((row) => (
              <tr key={row.key}>
                <th scope="row">{keyName(row.key)}</th>
                {cells(row)}
              </tr>
            ))}
          </StaffTable>
          <div className="funnel-chart" role="img" aria-label={t('insightsFunnelChart', { by: byLabel })}>
            {funnel.totals.map((row) => (
              <div key={row.key} className="funnel-chart-group">
                <span className="funnel-chart-key">{keyName(row.key)}</span>
                {BARS.map(([step, label]) => (
                  <span key={step} className={`funnel-chart-step funnel-chart-${step}`}>
                    <span className="funnel-chart-label">
                      {t(label)} {count.format(row[step])}
                    </span>
                    <span className="funnel-chart-bar">
                      <span className="funnel-chart-fill" style={{ inlineSize: `${(row[step] / most) * 100}%` }} />
                    </span>
                  </span>
                ))}
              </div>
            ))}
          </div>
        </div>
      )}
      {funnel.rows.length > 0 && (
        <details className="insights-funnel-periods">
          <summary>{t('insightsFunnelByPeriod')}</summary>
          <StaffTable caption={`${t('insightsFunnelTitle')}: ${t('insightsFunnelByPeriod')}`} columns={[t('insightsPeriod'), byLabel, ...columns]}>
            {funnel.rows.map((row) => (
              <tr key={`${row.start} ${row.key}`}>
                <td>{staffDay(row.start, lang)}</td>
                <th scope="row">{keyName(row.key)}</th>
                {cells(row)}
              </tr>
            ))}
          </StaffTable>
        </details>
      )}
    </section>
  );
}
