// EN / عربي (/ FR) links. They are real links (open in a new tab works), and a click changes only
// ?lang on the same page, so every other parameter and everything typed stays.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { Lang } from '../../engine/languages.ts';
import { useShell } from './ShellContext.tsx';

const SHORT_NAME: Record<Lang, string> = { en: 'EN', ar: 'عربي', fr: 'FR' };
const FULL_NAME: Record<Lang, string> = { en: 'English', ar: 'العربية', fr: 'Français' };

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
            <Link to={{ search: searchFor(option) }} preventScrollReset lang={option} hrefLang={option} title={FULL_NAME[option]} aria-current={option === lang ? 'true' : undefined}>
              {SHORT_NAME[option]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
