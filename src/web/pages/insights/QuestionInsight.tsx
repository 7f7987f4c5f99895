// One question on the insights page: its headline (latest period, change from the one before),
// its trend per group as a chart with the chart's numbers as a table, the distribution of its
// answers over the range and, for a 0-10 scale with bands, the NPS bands.
import type { Lang } from '../../../engine/text/languages.ts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { InsightsAnswer } from '../../../engine/contract/insights.ts';
import type { InsightQuestion } from '../../../engine/insights/insight-questions.ts';
import { optionLabel } from '../../../engine/fields/parts.ts';
import { formText } from '../../../engine/text/messages.ts';
import { download } from './insightsCsv.ts';
import { chartPng } from './chartPng.ts';
import { headline, headlineValue, periodStarts, rangeTotals, seriesStyle, valueDomain } from './insightsView.ts';
import { StaffTable } from '../../ui/StaffTable.tsx';
import { TrendChart } from './TrendChart.tsx';

export interface Formats {
  lang: string;
  rtl: boolean;
  number(value: number): string;
  signed(value: number): string;
  period(start: string): string;
}

interface Props {
  formId: string;
  textLang: Lang;
  question: InsightQuestion;
  grouped: InsightsAnswer;
  overall: InsightsAnswer;
  formats: Formats;
}

export function QuestionInsight({ formId, textLang, question, grouped, overall, formats }: Props) {
  const { t } = useTranslation();
  const chart = useRef<SVGSVGElement>(null);
  const label = formText(formId, question.label, textLang);
  const isNps = question.kind === 'scale' && question.npsBand !== null;
  const measure = t(isNps ? 'insightsNps' : 'insightsMean');
  const top = headline(question, overall);
  const periods = periodStarts(grouped);
  const series = grouped.groups.map((group, index) => ({
    key: group.key ?? '',
    label: group.label[formats.lang] ?? group.label[textLang] ?? group.key ?? '',
    ...seriesStyle(index),
    values: new Map(
      group.periods.flatMap((period) => {
        const value = headlineValue(question, period.questions[question.name]);
        return value === null ? [] : [[period.start, value] as const];
      }),
    ),
  }));
  const totals = rangeTotals(question, overall);
  const id = `q-${question.name}`;
  const saveChart = () => chart.current && download(`${formId}-${question.name}.svg`, 'image/svg+xml', new XMLSerializer().serializeToString(chart.current));
  const saveChartPng = async () => chart.current && download(`${formId}-${question.name}.png`, 'image/png', await chartPng(chart.current));
  const valueLabel = (value: string) =>
    question.kind === 'rating' ? optionLabel(question.options, value, { text: (key) => formText(formId, key, textLang) }) : formats.number(Number(value));
  return (
    <section className="insights-question" aria-labelledby={id}>
      <h2 id={id} lang={textLang}>
        {label}
      </h2>
      <p className="insights-headline">
        <span className="insights-measure">{measure}</span> <strong>{top.value === null ? '—' : formats.number(top.value)}</strong>{' '}
        {top.change !== null ? t('insightsChange', { change: formats.signed(top.change) }) : t('insightsNoChange')}
      </p>
      {periods.length > 0 && (
        <figure className="insights-figure">
          <TrendChart
            ref={chart}
            title={t('insightsTrendOf', { question: label, measure })}
            periods={periods}
            series={series}
            domain={valueDomain(question)}
            rtl={formats.rtl}
            formatPeriod={formats.period}
            formatValue={formats.number}
          />
          <figcaption>
            <ul className="insights-legend">
              {series.map((line) => (
                <li key={line.key}>
                  <svg width="28" height="10" aria-hidden="true">
                    <line x1="0" y1="5" x2="28" y2="5" stroke={line.colour} strokeWidth="3" strokeDasharray={line.dash} />
                  </svg>{' '}
                  {line.label}
                </li>
              ))}
            </ul>
            <button type="button" className="insights-action" onClick={saveChart}>
              {t('insightsDownloadChart')}
            </button>
            <button type="button" className="insights-action" onClick={() => void saveChartPng()}>
              {t('insightsDownloadChartPng')}
            </button>
          </figcaption>
        </figure>
      )}
      <StaffTable
        caption={t('insightsChartData', { question: label, measure })}
        captionVisible
        columns={[t('insightsPeriodStart'), ...series.map((line) => line.label)]}
      >
        {periods.map((start) => (
          <tr key={start}>
            <th scope="row">{formats.period(start)}</th>
            {series.map((line) => (
              <td key={line.key}>{line.values.has(start) ? formats.number(line.values.get(start) as number) : '—'}</td>
            ))}
          </tr>
        ))}
      </StaffTable>
      {totals.nps && (
        <StaffTable caption={t('insightsNpsBands')} captionVisible className="insights-bands">
          {(['promoters', 'passives', 'detractors'] as const).map((band) => (
            <tr key={band}>
              <th scope="row">{t(band === 'promoters' ? 'insightsPromoters' : band === 'passives' ? 'insightsPassives' : 'insightsDetractors')}</th>
              <td>{formats.number(totals.nps?.[band] ?? 0)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('insightsNps')}</th>
            <td>{formats.number(totals.nps.score)}</td>
          </tr>
        </StaffTable>
      )}
      <StaffTable
        caption={t('insightsDistribution', { count: totals.answered, answered: formats.number(totals.answered) })}
        captionVisible
        className="insights-distribution"
      >
        {Object.entries(totals.distribution).map(([value, count]) => {
          const share = totals.answered ? Math.round((count * 100) / totals.answered) : 0;
          return (
            <tr key={value}>
              <th scope="row" lang={textLang}>
                {valueLabel(value)}
              </th>
              <td>{formats.number(count)}</td>
              <td className="insights-bar-cell" aria-hidden="true">
                <span className="insights-bar" style={{ inlineSize: `${share}%` }} />
              </td>
            </tr>
          );
        })}
      </StaffTable>
    </section>
  );
}
