// Each language named in itself (EN / عربي / FR, from messages.json) as a real link to the same page
// with ?lang= (open in a new tab works, and without JavaScript the server answers it); a click changes
// only ?lang on the same page, in place (the page's navigate: pageContext.tsx), so every other
// parameter and everything typed stays.
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../engine/text/languages.ts';
import { PageLink, usePageLocation } from './pageContext.tsx';
import { useShell } from './ShellContext.tsx';

export function LanguageSwitch() {
  const { lang, languages } = useShell();
  const { t } = useTranslation();
  const { pathname, search } = usePageLocation();
  if (languages.length < 2) return null;
  const hrefFor = (option: Lang) => {
    const next = new URLSearchParams(search);
    next.set('lang', option);
    return `${pathname}?${next.toString()}`;
  };
  return (
    <nav className="language-switch" aria-label={t('language')}>
      <ul>
        {languages.map((option) => (
          <li key={option}>
            <PageLink
              href={hrefFor(option)}
              preventScrollReset
              lang={option}
              hrefLang={option}
              title={t('languageName', { lng: option })}
              aria-current={option === lang ? 'true' : undefined}
            >
              {t('languageShort', { lng: option })}
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
