// The frame around every page (the root route): theme, language and direction, title, favicon,
// header, and 'Loading page...' while the router loads another page.
import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigation, useRouteLoaderData } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../engine/text/languages.ts';
import { routesTable } from 'virtual:route-set';
import { Header } from './Header.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LoadingPage } from './LoadingPage.tsx';
import type { PageContent } from './pageContent.ts';
import { DEFAULT_LANGUAGES, ROUTES_NS, type PageData } from './pageData.ts';
import { pageBrand, pageTitle } from './pageHead.ts';
import { ShellContext, type Shell } from './ShellContext.tsx';
import { applyTheme } from './theme.ts';

export function PageShell() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const pageContent = useRouteLoaderData('root') as PageContent | null | undefined;
  const [titleExtra, setTitleExtra] = useState<string | undefined>();
  // The page's own loader says which languages it is written in (a form's definition declares
  // them) and has switched i18next to the page's language (see pageLanguage.ts).
  const languages = (matches.at(-1)?.data as PageData | undefined)?.languages ?? DEFAULT_LANGUAGES;
  const { i18n } = useTranslation(ROUTES_NS);
  const lang = i18n.language as Lang;
  const brand = useMemo(() => pageBrand(pathname, routesTable, lang, pageContent), [pathname, lang, pageContent]);
  const { settings, theme, header, logoUrl, faviconUrl } = brand;
  const title = pageTitle(brand, titleExtra);
  // Another page is loading (not a language switch on this one, which keeps the typed answers on screen).
  const changingPage = navigation.state === 'loading' && navigation.location.pathname !== pathname;

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = i18n.dir(lang);
    applyTheme(theme, lang, settings.font);
  }, [i18n, lang, theme, settings.font]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => setMeta('description', settings.description), [settings.description]);
  useEffect(() => setFavicon(faviconUrl), [faviconUrl]);

  const shell: Shell = { lang, languages, settings, header, theme, logoUrl, setTitleExtra };
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
          {changingPage ? <LoadingPage /> : <Outlet />}
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
