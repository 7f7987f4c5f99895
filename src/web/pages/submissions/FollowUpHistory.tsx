// A case's history on its console page (FollowUpPanel.tsx): each change of its state and each
// outcome named, oldest first, with who made it (or the guest's answer) and when, in Doha time.
import { useTranslation } from 'react-i18next';
import type { FollowUpEvent } from '../../../engine/contract/followup.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { staffTime } from '../../staff/staffTime.ts';
import { OUTCOME_LABELS, STATE_LABELS, staffName } from './followUpApi.ts';

export function FollowUpHistory({ history, lang }: { history: FollowUpEvent[]; lang: Lang }) {
  const { t } = useTranslation();
  const lines = (event: FollowUpEvent): string[] => {
    const by = event.by ? staffName(event.by) : '?';
    return [
      ...(event.state && event.state !== event.from
        ? [
            event.byGuest
              ? t('staffHistoryGuest', { state: t(STATE_LABELS[event.state]) })
              : t('staffHistoryState', { by, state: t(STATE_LABELS[event.state]) }),
          ]
        : []),
      ...(event.outcome ? [t('staffHistoryOutcome', { by, outcome: t(OUTCOME_LABELS[event.outcome]) })] : []),
    ];
  };
  return (
    <>
      <h3 id="console-history">{t('staffHistory')}</h3>
      {history.length === 0 ? (
        <p className="console-note">{t('staffHistoryNone')}</p>
      ) : (
        <ol className="console-notes" aria-labelledby="console-history">
          {history.map((event) => (
            <li key={event.id}>
              {lines(event).map((line) => (
                <p key={line} dir="auto" className="console-note-text">
                  {line}
                </p>
              ))}
              <p className="console-note">{staffTime(event.at, lang)}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
