// A case's due time in the submissions list: a badge in words (overdue, due today, due, paused while
// waiting for the guest), its colour only repeating them, and the time in Doha, isolated so it reads
// left to right inside an Arabic row.
import { useTranslation } from 'react-i18next';
import type { CaseDue } from '../../../engine/contract/followup.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { staffTime, venueDayBounds } from '../../staff/staffTime.ts';

export function DueBadge({ due, lang }: { due: CaseDue | null | undefined; lang: Lang }) {
  const { t } = useTranslation();
  if (!due) return null;
  if (due.paused) return <span className="console-due console-due-paused">{t('staffDuePaused')}</span>;
  if (!due.at) return null;
  const today = due.at < venueDayBounds().end;
  const [tone, word] = due.overdue
    ? (['console-due-overdue', t('staffDueOverdue')] as const)
    : today
      ? (['console-due-today', t('staffDueSoon')] as const)
      : (['', t('staffDue')] as const);
  return (
    <span className="console-due-cell">
      <span className={`console-due ${tone}`}>{word}</span> <bdi className="console-whole">{staffTime(due.at, lang)}</bdi>
    </span>
  );
}
