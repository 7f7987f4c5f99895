// EN / عربي (/ FR) links. They are real links (open in a new tab works, no JS needed to read them),
// but a normal click switches in place so nothing typed is lost.
import type { MouseEvent } from 'react';
import type { Lang } from '../../engine/definition.ts';
import { t } from '../../engine/messages.ts';
import { navigate, withQueryParam } from './router.ts';
import { useShell } from './ShellContext.tsx';

const SHORT_NAME: Record<Lang, string> = { en: 'EN', ar: 'عربي', fr: 'FR' };
const FULL_NAME: Record<Lang, string> = { en: 'English', ar: 'العربية', fr: 'Français' };

export function LanguageSwitch() {
  const { lang, languages, location } = useShell();
  if (languages.length < 2) return null;
  const follow = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <nav className="language-switch" aria-label={t('language', lang)}>
      <ul>
        {languages.map((option) => {
          const href = withQueryParam(location, 'lang', option);
          return (
            <li key={option}>
              <a href={href} lang={option} hrefLang={option} title={FULL_NAME[option]} aria-current={option === lang ? 'true' : undefined} onClick={(event) => follow(event, href)}>
                {SHORT_NAME[option]}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
