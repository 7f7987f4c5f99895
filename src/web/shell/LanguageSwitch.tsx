// Each language named in itself (EN / عربي / FR, from messages.json) as a real link (open in a new
// tab works); a click changes only ?lang on the same page, so every other parameter and everything
// typed stays.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { Lang } from '../../engine/text/languages.ts';
import { useShell } from './ShellContext.tsx';

export function LanguageSwitch() {
  const { lang, languages } = useShell();
  const { t } = useTranslation();
  const [query] = useSearchParams();
  if (languages.length < 2) return null;
  const searchFor = (option: Lang) => {
    const next = new URLSearchParams(query);
    next.set('lang', option);
    return `?${next.toString()}`;
  };
  return (
    <nav className="language-switch" aria-label={t('language')}>
      <ul>
        {languages.map((option) => (
          <li key={option}>
            <Link
              to={{ search: searchFor(option) }}
              preventScrollReset
              lang={option}
              hrefLang={option}
              title={t('languageName', { lng: option })}
              aria-current={option === lang ? 'true' : undefined}
            >
              {t('languageShort', { lng: option })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
