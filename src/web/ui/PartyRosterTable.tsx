// The people of a party's roster, for the organiser's page and the waiver desk alike: each signer,
// and each minor under the adult who signed for them, in signing order, whether they are checked
// in, and (the desk) a control per person. Names are the guests' own words: isolated (<bdi>) so a
// Latin name in an Arabic page keeps its order.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartyRoster, RosterPerson } from '../../engine/contract/parties.ts';
import { StaffTable } from './StaffTable.tsx';

interface Props {
  roster: PartyRoster;
  /** The desk's control for one person (check in), in a column of its own. */
  action?: (person: RosterPerson) => ReactNode;
  actionHeader?: string;
}

export function PartyRosterTable({ roster, action, actionHeader }: Props) {
  const { t } = useTranslation();
  if (roster.people.length === 0) return <p>{t('partyRosterNone')}</p>;
  const columns = [t('partyRosterName'), t('partyRosterWho'), t('partyRosterCheckedIn'), ...(action ? [actionHeader ?? ''] : [])];
  return (
    <StaffTable caption={t('partyRosterPeople')} columns={columns}>
      {roster.people.map((person) => (
        <tr key={`${person.waiver}-${person.person}`}>
          <th scope="row">
            <bdi>{person.name}</bdi>
          </th>
          <td>{person.guardian === null ? t('partyRosterAdult') : t('partyRosterMinorOf', { guardian: `\u2068${person.guardian}\u2069` })}</td>
          <td>{person.checkedInAt ? t('partyRosterCheckedIn') : '—'}</td>
          {action && <td>{action(person)}</td>}
        </tr>
      ))}
    </StaffTable>
  );
}
