import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ShellContext, useTitleExtra } from './ShellContext.tsx';

/** Unknown routes, /error and anything that failed while loading or rendering a page. */
export function NotFoundPage() {
  const { t, i18n } = useTranslation();
  // Outside the shell only when the shell itself failed.
  const inShell = useContext(ShellContext) !== null;
  // A plain link (not the router's): it also works when the router itself failed. The server's render
  // (an expired case link) has no window: the page's language is the one asked for there.
  const lang = typeof window === 'undefined' ? i18n.language : new URLSearchParams(window.location.search).get('lang');
  const homeHref = lang ? `/?lang=${encodeURIComponent(lang)}` : '/';
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      {inShell && <NotFoundTitle title={t('notFound')} />}
      <h1 id="not-found-title">{t('notFound')}</h1>
      <p>{t('notFoundHint')}</p>
      <p>
        <a href={homeHref}>{t('notFoundHome')}</a>
      </p>
    </section>
  );
}

function NotFoundTitle({ title }: { title: string }) {
  useTitleExtra(title);
  return null;
}
