// What was found about the person: each submission's form, reference (to its page in the console),
// date and legal hold, and the hold an admin may place on it (the staff pages' one table).
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import type { PrivacyMatch } from '../../../engine/contract/privacy.ts';
import { submissionConsolePath } from '../../../engine/contract/followup.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import type { PrivacyData } from './privacyLoader.ts';
import { HoldControl } from './HoldControl.tsx';
import { staffLink } from '../../staff/staffLink.ts';
import { staffTime } from '../../staff/staffTime.ts';
import { StaffTable } from '../../ui/StaffTable.tsx';

export function MatchesTable({ matches, onHoldChanged }: { matches: PrivacyMatch[]; onHoldChanged: (message: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const { titles } = useLoaderData() as PrivacyData;
  const { search } = useLocation();
  return (
    <StaffTable
      caption={t('privacyResults')}
      className="privacy-table"
      columns={[t('privacyColForm'), t('privacyColReference'), t('privacyColReceived'), t('privacyColHeld'), t('privacyColActions')]}
    >
      {matches.map((match) => (
        <tr key={match.id}>
          <td>{titles[match.form]?.[lang] ?? titles[match.form]?.en ?? match.form}</td>
          <td dir="ltr" className="privacy-reference">
            <Link to={staffLink(submissionConsolePath(match.form, match.id), search)}>{match.reference ?? `#${match.id}`}</Link>
          </td>
          <td>{staffTime(match.createdAt, lang, 'day')}</td>
          <td>
            {match.held
              ? match.heldUntil
                ? t('privacyHeldUntil', { date: staffTime(match.heldUntil, lang, 'day') })
                : t('privacyHeldLifted')
              : t('privacyNotHeld')}
          </td>
          <td>
            <HoldControl match={match} onChanged={onHoldChanged} />
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
