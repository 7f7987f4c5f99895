// /p/roster/:token: the organiser's roster. Who has signed (a minor under the adult who signed
// for them), how many are still to sign, the link to share again; new signatures appear without a
// reload (useLiveAnswer: asked every few seconds with the roster's ETag, bounded).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageData } from '../../shell/pageContext.tsx';
import type { PartyRoster } from '../../../engine/contract/parties.ts';
import { calendarDayText } from '../../../engine/text/calendar-day.ts';
import { apiRequest } from '../../api/client.ts';
import { useShell, useTitleExtra } from '../../shell/ShellContext.tsx';
import { PartyRosterTable } from '../../ui/PartyRosterTable.tsx';
import { useLiveAnswer } from '../../ui/useLiveAnswer.ts';
import type { RosterData } from './rosterLoader.ts';
import { PartyShare } from './PartyShare.tsx';
import './parties.css';

export default function RosterPage() {
  const data = usePageData<RosterData>();
  const { lang } = useShell();
  const { t } = useTranslation();
  const ask = useCallback(
    (etag: string | null) => apiRequest<PartyRoster | null>('GET', data.rosterPath, { headers: etag ? { 'If-None-Match': etag } : {} }),
    [data.rosterPath],
  );
  const { value: roster, paused } = useLiveAnswer(data.roster, data.etag, ask);
  const { party } = roster;
  const title = t('partyRosterTitle', { title: party.title[lang] ?? Object.values(party.title)[0], date: calendarDayText(party.visitDate, lang) });
  useTitleExtra(title);
  return (
    <article className="party-roster" aria-labelledby="party-roster-title">
      <h1 id="party-roster-title">{title}</h1>
      <p className="party-count" role="status">
        {t('partyRosterSigned', { signed: party.signed, expected: party.expected })}
        {roster.missing > 0 && <> · {t('partyRosterMissing', { count: roster.missing })}</>}
      </p>
      <p className="party-hint">{paused ? t('partyRosterPaused') : t('partyRosterLive')}</p>
      <PartyRosterTable roster={roster} />
      <PartyShare party={party} />
    </article>
  );
}
