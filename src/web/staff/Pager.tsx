// A list's pages: previous, "Page n of m", next. The links keep the rest of the query (filters, ?lang)
// and change only `page`. Nothing shows for a list of one page.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import './staff-kit.css';

export function Pager({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (totalPages <= 1) return null;
  const pageLink = (number: number) => {
    const query = new URLSearchParams(search);
    query.set('page', String(number));
    return `?${query}`;
  };
  const label = t('staffPageOf', { page, pages: totalPages });
  return (
    <nav className="staff-pages" aria-label={label}>
      {page > 1 && <Link to={pageLink(page - 1)}>{t('staffPrevious')}</Link>}
      <span>{label}</span>
      {page < totalPages && <Link to={pageLink(page + 1)}>{t('staffNext')}</Link>}
    </nav>
  );
}
