// /staff/audit (admins): who did what and when (sign-ins, reads of submissions, exports, content
// and user changes), newest first.
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import { useShell } from '../../shell/ShellContext.tsx';
import { StaffTable } from '../../ui/StaffTable.tsx';
import type { AuditData } from './auditLoader.ts';
import './staff.css';

export default function AuditPage() {
  const { entries, page, totalPages } = useLoaderData() as AuditData;
  const { t } = useTranslation();
  const { lang } = useShell();
  const [search] = useSearchParams();
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Qatar' });
  const pageLink = (number: number) => {
    const query = new URLSearchParams(search);
    query.set('page', String(number));
    return `?${query}`;
  };
  return (
    <section className="staff-admin" aria-labelledby="audit-title">
      <h1 id="audit-title">{t('auditTitle')}</h1>
      <StaffTable caption={t('auditTitle')} columns={[t('auditWhen'), t('auditWho'), t('auditAction'), t('auditWhat')]}>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{when.format(new Date(entry.at))}</td>
            <td dir="ltr">{entry.userEmail ?? ''}</td>
            <td dir="ltr">{entry.action}</td>
            <td dir="ltr">{[entry.target, entry.documentId].filter(Boolean).join(' #')}</td>
          </tr>
        ))}
      </StaffTable>
      <nav className="staff-pager" aria-label={t('auditTitle')}>
        {page > 1 ? <Link to={pageLink(page - 1)}>{t('pagePrevious')}</Link> : <span />}
        {page < totalPages ? <Link to={pageLink(page + 1)}>{t('pageNext')}</Link> : <span />}
      </nav>
    </section>
  );
}
