import { t } from '../../engine/messages.ts';
import { useShell, useTitleExtra } from './ShellContext.tsx';

/** Unknown routes, /error and anything that failed while routing or loading. */
export function NotFoundPage() {
  const { lang } = useShell();
  useTitleExtra(t('notFound', lang));
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound', lang)}</h1>
      <p>{t('notFoundHint', lang)}</p>
    </section>
  );
}
