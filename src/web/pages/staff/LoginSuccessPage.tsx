// /login-success: who is signed in (email, role), where this account can go (the staff console
// for staff, the perks for employees; user management and the audit log for admins), and sign out.
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router-dom';
import { isStaffRole, roleCan } from '../../../engine/roles.ts';
import { useLangSearch } from '../../shell/useLangSearch.ts';
import type { LoginSuccessData } from './loginSuccessLoader.ts';
import { SignOutButton } from './SignOutButton.tsx';
import { ROLE_NAMES } from './session.ts';
import '../../styles/form.css';
import './staff.css';

export default function LoginSuccessPage() {
  const { me, denied } = useLoaderData() as LoginSuccessData;
  const { t } = useTranslation();
  const langSearch = useLangSearch();
  return (
    <section className="signed-in" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title">{t('signedInTitle')}</h1>
      {denied && (
        <p className="staff-notice" role="alert">
          {t('deniedPage', { path: denied })}
        </p>
      )}
      <dl className="signed-in-facts">
        <dt>{t('signInEmail')}</dt>
        <dd dir="ltr">{me.email}</dd>
        <dt>{t('signedInRole')}</dt>
        <dd>{t(ROLE_NAMES[me.role])}</dd>
      </dl>
      <ul className="signed-in-links">
        {isStaffRole(me.role) ? (
          <li>
            <Link className="button button-primary" to={`/staff${langSearch}`}>
              {t('openConsole')}
            </Link>
          </li>
        ) : (
          <li>
            <Link className="button button-primary" to={`/employee/perks${langSearch}`}>
              {t('openPerks')}
            </Link>
          </li>
        )}
        {roleCan(me.role, 'manage-users') && (
          <li>
            <Link to={`/staff/users${langSearch}`}>{t('openUsers')}</Link>
          </li>
        )}
        {roleCan(me.role, 'read-audit') && (
          <li>
            <Link to={`/staff/audit${langSearch}`}>{t('openAudit')}</Link>
          </li>
        )}
      </ul>
      <SignOutButton />
    </section>
  );
}
