// /staff/content/:collection: the documents of a content collection; editors and admins get an
// edit link on each and an add link, viewers only read.
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { localized } from '../../api/localized.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { StaffTable } from '../../ui/StaffTable.tsx';
import { staffCan } from '../../staff/requireStaff.ts';
import { BackLink } from '../../staff/frame.tsx';
import { staffLink } from '../../staff/staffLink.ts';
import { staffTime } from '../../staff/staffTime.ts';
import type { ContentListData } from './contentLoader.ts';
import '../../styles/form.css';
import '../../staff/console.css';

export default function ContentListPage() {
  const { me, compiled, title, docs } = useLoaderData() as ContentListData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const { search } = useLocation();
  const editor = staffCan(me, 'edit-content');
  const base = `/staff/content/${compiled.collection}`;
  const nameOf = (doc: Record<string, unknown>) => String(localized<string>(doc.name ?? doc.title, lang).value ?? doc.slug ?? doc.id);
  return (
    <div className="console">
      <BackLink to={'/staff'}>{t('staffTitle')}</BackLink>
      <h1>{title}</h1>
      {editor ? (
        <p>
          <Link className="button button-primary" to={staffLink(`${base}/new`, search)}>
            {t('staffAdd')}
          </Link>
        </p>
      ) : (
        <p className="console-note">{t('staffReadOnly')}</p>
      )}
      <StaffTable caption={title} columns={[t('staffColItem'), t('staffUpdatedAt')]}>
          {docs.map((doc) => (
            <tr key={String(doc.id)}>
              <th scope="row" dir="auto">
                {editor ? <Link to={staffLink(`${base}/${String(doc.id)}`, search)}>{nameOf(doc)}</Link> : nameOf(doc)}
              </th>
              <td>{staffTime(doc.updatedAt, lang)}</td>
            </tr>
          ))}
      </StaffTable>
    </div>
  );
}
