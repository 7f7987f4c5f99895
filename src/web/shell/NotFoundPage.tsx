import { useContext } from 'react';
import { resolveLanguage } from '../../engine/language.ts';
import { t } from '../../engine/messages.ts';
import { ShellContext, useTitleExtra } from './ShellContext.tsx';

/** Unknown routes, /error and anything that failed while loading or rendering a page. */
export function NotFoundPage() {
  const shell = useContext(ShellContext);
  // Outside the shell only when the shell itself failed: the language then comes from ?lang.
  const lang = shell?.lang ?? resolveLanguage(new URLSearchParams(window.location.search).get('lang'));
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      {shell && <NotFoundTitle title={t('notFound', lang)} />}
      <h1 id="not-found-title">{t('notFound', lang)}</h1>
      <p>{t('notFoundHint', lang)}</p>
    </section>
  );
}

function NotFoundTitle({ title }: { title: string }) {
  useTitleExtra(title);
  return null;
}
