// /login-success: who is signed in (email, roles), where this account starts (the staff console
// for staff, the perks for employees), and sign out. What else a staff account may open is in the
// navigation beside it (the staff frame, from the table of staff pages).
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { isStaffAccount } from '../../../engine/access/roles.ts';
import { staffLink } from '../../staff/staffLink.ts';
import type { LoginSuccessData } from './loginSuccessLoader.ts';
import { SignOutButton } from './SignOutButton.tsx';
import { ROLE_NAMES } from '../../staff/session.ts';
import '../../styles/form.css';
import '../../staff/accounts.css';

export default function LoginSuccessPage() {
  const { me, denied } = useLoaderData() as LoginSuccessData;
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
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
        <dd>{new Intl.ListFormat(i18n.language, { type: 'unit' }).format(me.roles.map((role) => t(ROLE_NAMES[role])))}</dd>
      </dl>
      <ul className="signed-in-links">
        {isStaffAccount(me.roles) ? (
          <li>
            <Link className="button button-primary" to={staffLink('/staff', search)}>
              {t('openConsole')}
            </Link>
          </li>
        ) : (
          <li>
            <Link className="button button-primary" to={staffLink('/employee/perks', search)}>
              {t('openPerks')}
            </Link>
          </li>
        )}
      </ul>
      <SignOutButton />
    </section>
  );
}
