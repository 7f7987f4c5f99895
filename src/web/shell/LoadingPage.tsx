import { useTranslation } from 'react-i18next';

/** Full-screen indicator while a page's code and data load (before the first page too). */
export function LoadingPage() {
  const { t } = useTranslation();
  return (
    <div className="loading-page" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{t('loadingPage')}</p>
    </div>
  );
}
