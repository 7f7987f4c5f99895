// /staff: the console's start, the forms the account reads with how many submissions each has
// (for a manager: of its venues), and the content staff can change, and the waiver desk for who
// checks guests in (a desk-only account is taken straight there: consoleAccess.ts).
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { useShell } from '../../shell/ShellContext.tsx';
import { StaffTable } from '../../ui/StaffTable.tsx';
import { staffCan } from '../../staff/requireStaff.ts';
import { staffLink } from '../../staff/staffLink.ts';
import { staffNumber } from '../../staff/staffTime.ts';
import { hasConsolePages } from '../../staff/consoleAccess.ts';
import type { HomeData } from './homeLoader.ts';
import '../../staff/console.css';

export default function HomePage() {
  const { me, forms, content, unreadAlerts } = useLoaderData() as HomeData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const { search } = useLocation();
  const number = staffNumber(lang);
  return (
    <div className="console">
      <h1>{t('staffTitle')}</h1>
      <p className="console-who">{t('staffSignedInAs', { email: me.email })}</p>
      {hasConsolePages(me) && (
        <p className="console-back">
          <Link to={staffLink('/staff/alerts', search)}>{t('alertsUnread', { count: unreadAlerts })}</Link>
        </p>
      )}
      {staffCan(me, 'privacy-requests') && (
        <p className="console-back">
          <Link to={staffLink('/staff/privacy', search)}>{t('privacyLink')}</Link>
        </p>
      )}
      {staffCan(me, 'check-in-waivers') && (
        <p className="console-back">
          <Link to={staffLink('/staff/waivers', search)}>{t('staffWaiverDeskLink')}</Link>
        </p>
      )}
      {forms.length > 0 && (
        <section aria-labelledby="console-forms">
          <h2 id="console-forms">{t('staffForms')}</h2>
          <StaffTable caption={t('staffForms')} columns={[t('staffColForm'), t('staffColFormId'), t('staffColCount')]}>
              {forms.map((form) => (
                <tr key={form.id}>
                  <th scope="row">
                    <Link to={staffLink(`/staff/forms/${form.id}`, search)}>{form.title[lang] ?? form.title.en}</Link>
                    {form.insights && (
                      <>
                        {' · '}
                        <Link to={staffLink(`/staff/insights/${form.id}`, search)}>{t('staffInsights')}</Link>
                      </>
                    )}
                  </th>
                  <td className="console-reference">{form.id}</td>
                  <td>{number.format(form.count)}</td>
                </tr>
              ))}
          </StaffTable>
        </section>
      )}
      {hasConsolePages(me) && (
        <section aria-labelledby="console-content">
          <h2 id="console-content">{t('staffContent')}</h2>
          {!staffCan(me, 'edit-content') && <p className="console-note">{t('staffReadOnly')}</p>}
          <ul className="console-links">
            {content
              .filter((item) => !item.global || staffCan(me, 'edit-content'))
              .map((item) => (
                <li key={item.id}>
                  <Link to={staffLink(item.global ? `/staff/globals/${item.slug}` : `/staff/content/${item.slug}`, search)}>{item.title}</Link>
                </li>
              ))}
          </ul>
        </section>
      )}
    </div>
  );
}
