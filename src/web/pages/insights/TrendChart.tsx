// One question's trend: a line per group (venue) over the periods, drawn as SVG with visx. In a
// right-to-left language time runs right to left and the value axis stands on the right. The chart
// is an image with a name; its numbers are in the table that follows it (InsightsPage). The two
// axes are a few lines and labels drawn here from the scales' ticks: @visx/axis brings @visx/text,
// whose CSS calc() evaluator the built-pages check (no eval) refuses, for nothing these axes need.
import { forwardRef } from 'react';
import { Group } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';

export interface TrendSeries {
  key: string;
  label: string;
  colour: string;
  dash: string;
  /** Value per period start (missing: no answers that period). */
  values: Map<string, number>;
}

interface Props {
  title: string;
  periods: string[];
  series: TrendSeries[];
  domain: [number, number];
  rtl: boolean;
  formatPeriod(start: string): string;
  formatValue(value: number): string;
}

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 16, side: 48, bottom: 40 };

export const TrendChart = forwardRef<SVGSVGElement, Props>(function TrendChart({ title, periods, series, domain, rtl, formatPeriod, formatValue }, ref) {
  const inner = WIDTH - 2 * MARGIN.side;
  const x = scalePoint<string>({ domain: periods, range: rtl ? [inner, 0] : [0, inner], padding: 0.5 });
  const y = scaleLinear<number>({ domain, range: [HEIGHT - MARGIN.top - MARGIN.bottom, 0], nice: true });
  // Few labels on a narrow axis: every n-th period.
  const step = Math.max(1, Math.ceil(periods.length / 6));
  const tickValues = periods.filter((_, index) => index % step === 0);
  const bottom = HEIGHT - MARGIN.top - MARGIN.bottom;
  const valueAxisX = rtl ? inner : 0;
  return (
    <svg ref={ref} className="insights-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} xmlns="http://www.w3.org/2000/svg">
      <title>{title}</title>
      <Group left={MARGIN.side} top={MARGIN.top} fontSize={12} fill="currentColor">
        <line x1={valueAxisX} x2={valueAxisX} y1={0} y2={bottom} stroke="currentColor" />
        {y.ticks(5).map((value) => (
          <g key={value}>
            <line x1={0} x2={inner} y1={y(value)} y2={y(value)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={valueAxisX + (rtl ? 6 : -6)} y={y(value) + 4} textAnchor={rtl ? 'start' : 'end'}>
              {formatValue(value)}
            </text>
          </g>
        ))}
        <line x1={0} x2={inner} y1={bottom} y2={bottom} stroke="currentColor" />
        {tickValues.map((start) => (
          <g key={start}>
            <line x1={x(start)} x2={x(start)} y1={bottom} y2={bottom + 6} stroke="currentColor" />
            <text x={x(start)} y={bottom + 20} textAnchor="middle">
              {formatPeriod(start)}
            </text>
          </g>
        ))}
        {series.map((line) => {
          const points = periods.filter((start) => line.values.has(start));
          return (
            <g key={line.key}>
              <LinePath
                data={points}
                x={(start) => x(start) ?? 0}
                y={(start) => y(line.values.get(start) ?? 0)}
                stroke={line.colour}
                strokeWidth={2.5}
                strokeDasharray={line.dash}
              />
              {points.map((start) => (
                <circle key={start} cx={x(start)} cy={y(line.values.get(start) ?? 0)} r={3.5} fill={line.colour} />
              ))}
            </g>
          );
        })}
      </Group>
    </svg>
  );
});
