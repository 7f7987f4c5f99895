import type { Lang } from '../../engine/languages.ts';
import { resolveLanguage } from '../../engine/language.ts';
import { t } from '../../engine/messages.ts';
import { useShell } from './ShellContext.tsx';

function Loading({ lang }: { lang: Lang }) {
  return (
    <div className="loading-page" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{t('loadingPage', lang)}</p>
    </div>
  );
}

/** Full-screen indicator while another page's code and data load. */
export function LoadingPage() {
  return <Loading lang={useShell().lang} />;
}

/** The same indicator before the first page is ready (no shell yet): the language from ?lang. */
export function InitialLoading() {
  return <Loading lang={resolveLanguage(new URLSearchParams(window.location.search).get('lang'))} />;
}
