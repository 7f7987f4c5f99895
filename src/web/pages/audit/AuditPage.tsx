// /staff/audit (admins): who did what and when (sign-ins, reads of submissions, exports, content
// and user changes), newest first.
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { useShell } from '../../shell/ShellContext.tsx';
import { StaffTable } from '../../ui/StaffTable.tsx';
import { Pager } from '../../staff/Pager.tsx';
import { staffTime } from '../../staff/staffTime.ts';
import type { AuditData } from './auditLoader.ts';
import '../../staff/accounts.css';

export default function AuditPage() {
  const { entries, page, totalPages } = useLoaderData() as AuditData;
  const { t } = useTranslation();
  const { lang } = useShell();
  return (
    <section className="staff-admin" aria-labelledby="audit-title">
      <h1 id="audit-title">{t('auditTitle')}</h1>
      <StaffTable caption={t('auditTitle')} columns={[t('auditWhen'), t('auditWho'), t('auditAction'), t('auditWhat')]}>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{staffTime(entry.at, lang, 'second')}</td>
            <td dir="ltr">{entry.userEmail ?? ''}</td>
            <td dir="ltr">{entry.action}</td>
            <td dir="ltr">{[entry.target, entry.documentId].filter(Boolean).join(' #')}</td>
          </tr>
        ))}
      </StaffTable>
      <Pager page={page} totalPages={totalPages} />
    </section>
  );
}
