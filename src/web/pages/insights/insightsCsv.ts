// The aggregates of the view as CSV (one row per group, period and question), the same numbers
// the API answered; quoted as RFC 4180 says, formulas defused for spreadsheets.
import type { InsightsAnswer } from '../../../engine/contract/insights.ts';

const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function insightsCsv(answer: InsightsAnswer, lang: string): string {
  const rows: unknown[][] = [
    ['group', 'period_start', 'submissions', 'question', 'answered', 'mean', 'nps', 'promoters', 'passives', 'detractors', 'distribution'],
  ];
  for (const group of answer.groups) {
    for (const period of group.periods) {
      for (const [question, summary] of Object.entries(period.questions)) {
        const distribution = Object.entries(summary.distribution)
          .map(([value, count]) => `${value}:${count}`)
          .join(' ');
        rows.push([
          group.label[lang] ?? group.key ?? '',
          period.start,
          period.count,
          question,
          summary.answered,
          summary.mean,
          summary.nps?.score,
          summary.nps?.promoters,
          summary.nps?.passives,
          summary.nps?.detractors,
          distribution,
        ]);
      }
    }
  }
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Hands the browser a file to save (CSV, or a chart's SVG or PNG). */
export function download(name: string, type: string, content: string | Blob): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([content], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
