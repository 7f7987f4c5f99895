import { t } from '../../engine/messages.ts';
import { useShell } from './ShellContext.tsx';

/** Full-screen indicator while a page chunk or its form loads. */
export function LoadingPage() {
  const { lang } = useShell();
  return (
    <div className="loading-page" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{t('loadingPage', lang)}</p>
    </div>
  );
}
