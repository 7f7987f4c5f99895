// One of today's parties at the desk: the attraction and organiser, "9 of 12 signed", the roster
// (opened on demand, then kept up to date without a reload: useLiveAnswer), its PDF in English or
// Arabic, and check-in of the whole party or of each person, through the desk's own check-in (the
// same refusals: the reasons are listed by name).
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Party, PartyCheckInAnswer, PartyRoster, RosterPerson } from '../../../engine/contract/parties.ts';
import { apiUrl } from '../../api/runtimeConfig.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { staffRequest } from '../../staff/staffRequest.ts';
import { PartyRosterTable } from '../../ui/PartyRosterTable.tsx';
import { useLiveAnswer } from '../../ui/useLiveAnswer.ts';

const isolated = (text: string) => `\u2068${text}\u2069`;
const ltr = (text: string) => `\u2066${text}\u2069`;

function LiveRoster({ party, first, etag, onStatus }: { party: Party; first: PartyRoster; etag: string | null; onStatus: (text: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const [answered, setAnswered] = useState<{ roster: PartyRoster; over: PartyRoster } | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useCallback(
    async (known: string | null) => {
      const answer = await staffRequest<PartyRoster | null>(
        'GET',
        `/api/parties/${party.id}/roster`,
        undefined,
        undefined,
        known ? { 'If-None-Match': known } : {},
      );
      return { status: answer.status, body: answer.body, etag: answer.headers.get('etag') };
    },
    [party.id],
  );
  const live = useLiveAnswer(first, etag, ask).value;
  // A check-in's answer carries the roster as it is now, until the next poll brings a newer one.
  const roster = answered && answered.over === live ? answered.roster : live;
  const checkIn = async (person?: RosterPerson) => {
    setBusy(true);
    const body = person ? { waiver: person.waiver, person: person.person } : {};
    const answer = await staffRequest<PartyCheckInAnswer & { errors?: { data?: { errors?: { message: string }[] } }[] }>(
      'POST',
      `/api/parties/${party.id}/check-ins?locale=${lang}`,
      body,
    );
    setBusy(false);
    if (answer.status === 200 && answer.body) {
      setAnswered({ roster: answer.body.roster, over: live });
      const refused = answer.body.refused.map((one) => t('staffPartyRefused', { name: isolated(one.name), reason: one.reason }));
      onStatus([t('staffPartyCheckedIn', { count: answer.body.checkedIn }), ...refused].join(' '));
    } else {
      onStatus(answer.body?.errors?.[0]?.data?.errors?.[0]?.message ?? t('staffWaiverCheckInFailed'));
    }
  };
  return (
    <>
      <PartyRosterTable
        roster={roster}
        actionHeader={t('staffWaiverCheckIn')}
        action={(person) =>
          person.checkedInAt ? null : (
            <button type="button" className="desk-button" disabled={busy} onClick={() => void checkIn(person)}>
              {t('staffWaiverCheckInWho', { name: isolated(person.name) })}
            </button>
          )
        }
      />
      <p className="desk-party-actions">
        <button type="button" className="desk-button desk-button-primary" disabled={busy} onClick={() => void checkIn()}>
          {t('staffPartyCheckInAll')}
        </button>
        <a className="desk-button" href={apiUrl(`/api/parties/${party.id}/roster.pdf?lang=en`)} download>
          {t('staffPartyPdfEn')}
        </a>
        <a className="desk-button" href={apiUrl(`/api/parties/${party.id}/roster.pdf?lang=ar`)} download>
          {t('staffPartyPdfAr')}
        </a>
      </p>
    </>
  );
}

export function PartyCard({ party, onStatus }: { party: Party; onStatus: (text: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const [opened, setOpened] = useState<{ roster: PartyRoster; etag: string | null } | null>(null);
  const [shown, setShown] = useState(false);
  const titleId = `party-${party.id}`;
  const rosterId = `party-${party.id}-roster`;
  const toggle = async () => {
    if (shown) return setShown(false);
    if (!opened) {
      const answer = await staffRequest<PartyRoster>('GET', `/api/parties/${party.id}/roster?locale=${lang}`);
      if (answer.status !== 200 || !answer.body) return onStatus(t('staffWaiverShowFailed'));
      setOpened({ roster: answer.body, etag: answer.headers.get('etag') });
    }
    setShown(true);
  };
  return (
    <article className="desk-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <bdi>{party.organiser.name}</bdi>
        <span className="desk-attraction"> · {party.title[lang] ?? party.title.en ?? party.form}</span>
      </h3>
      <p className="desk-party-count">{t('partyRosterSigned', { signed: party.signed, expected: party.expected })}</p>
      <p>{t('staffPartyOrganiser', { name: isolated(party.organiser.name), phone: ltr(party.organiser.phone) })}</p>
      <button type="button" className="desk-button" aria-expanded={shown} aria-controls={rosterId} onClick={() => void toggle()}>
        {t('staffPartyOpenRoster', { name: isolated(party.organiser.name) })}
      </button>
      <div id={rosterId} hidden={!shown}>
        {opened && <LiveRoster party={party} first={opened.roster} etag={opened.etag} onStatus={onStatus} />}
      </div>
    </article>
  );
}
