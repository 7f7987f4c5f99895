// The frame around every page: theme, language and direction, title, favicon, header.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Lang } from '../../engine/definition.ts';
import { resolveLanguage, textDirection } from '../../engine/language.ts';
import { pageSettingsFor } from '../../engine/routes.ts';
import { Header } from './Header.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { mediaUrl, usePageContent } from './pageContent.ts';
import { routesTable } from './routeTable.ts';
import type { AppLocation } from './router.ts';
import { DEFAULT_LANGUAGES, ShellContext, type Shell } from './ShellContext.tsx';
import { applyTheme, themeFor } from './theme.ts';

interface Props {
  location: AppLocation;
  params: Record<string, string>;
  children: ReactNode;
}

export function PageShell({ location, params, children }: Props) {
  const settings = useMemo(() => pageSettingsFor(location.pathname, routesTable), [location.pathname]);
  const theme = themeFor(settings.theme);
  const [languages, setLanguagesState] = useState<readonly Lang[]>(DEFAULT_LANGUAGES);
  const [titleExtra, setTitleExtra] = useState<string | undefined>();
  const lang = resolveLanguage(location.query.get('lang'), languages);
  const brandContent = usePageContent()?.[theme.pageContentKey];
  const logoUrl = mediaUrl(brandContent?.logo_primary) ?? theme.fallbackLogo;
  const faviconUrl = mediaUrl(brandContent?.favicon) ?? theme.fallbackFavicon ?? '/favicon.svg';

  const setLanguages = useCallback((next: readonly Lang[]) => {
    setLanguagesState((current) => (current.join() === next.join() ? current : next));
  }, []);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = textDirection(lang);
    applyTheme(theme, lang, settings.font);
  }, [lang, theme, settings.font]);

  useEffect(() => {
    document.title = [theme.brand, settings.header, titleExtra].filter(Boolean).join(' | ');
  }, [theme.brand, settings.header, titleExtra]);

  useEffect(() => setMeta('description', settings.description), [settings.description]);
  useEffect(() => setFavicon(faviconUrl), [faviconUrl]);

  const shell: Shell = { lang, languages, location, params, settings, theme, logoUrl, setLanguages, setTitleExtra };
  return (
    <ShellContext.Provider value={shell}>
      <div className="page" data-width={settings.width ?? 'normal'}>
        {!settings.hideHeader && <Header />}
        <main className="page-main" id="main">
          {settings.hideHeader && (
            <div className="page-toolbar">
              <LanguageSwitch />
            </div>
          )}
          {children}
        </main>
      </div>
    </ShellContext.Provider>
  );
}

function setMeta(name: string, content: string | undefined): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

function setFavicon(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}
