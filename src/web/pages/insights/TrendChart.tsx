// One question's trend: a line per group (venue) over the periods, drawn as SVG with visx. In a
// right-to-left language time runs right to left and the value axis stands on the right. The chart
// is an image with a name; its numbers are in the table that follows it (InsightsPage).
import { forwardRef } from 'react';
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
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
  const ValueAxis = rtl ? AxisRight : AxisLeft;
  // Few labels on a narrow axis: every n-th period.
  const step = Math.max(1, Math.ceil(periods.length / 6));
  const tickValues = periods.filter((_, index) => index % step === 0);
  const font = { fontSize: 12, fill: 'currentColor', fontFamily: 'inherit' };
  return (
    <svg ref={ref} className="insights-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} xmlns="http://www.w3.org/2000/svg">
      <title>{title}</title>
      <Group left={MARGIN.side} top={MARGIN.top}>
        <ValueAxis scale={y} left={rtl ? inner : 0} numTicks={5} tickFormat={(value) => formatValue(Number(value))} stroke="currentColor" tickStroke="currentColor" tickLabelProps={() => ({ ...font, textAnchor: rtl ? 'start' : 'end', dx: rtl ? 4 : -4, dy: 4 })} />
        <AxisBottom scale={x} top={HEIGHT - MARGIN.top - MARGIN.bottom} tickValues={tickValues} tickFormat={(value) => formatPeriod(String(value))} stroke="currentColor" tickStroke="currentColor" tickLabelProps={() => ({ ...font, textAnchor: 'middle' })} />
        {series.map((line) => {
          const points = periods.filter((start) => line.values.has(start));
          return (
            <g key={line.key}>
              <LinePath data={points} x={(start) => x(start) ?? 0} y={(start) => y(line.values.get(start) ?? 0)} stroke={line.colour} strokeWidth={2.5} strokeDasharray={line.dash} />
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
