// The frame around every page: theme, language and direction, title, favicon, header, and
// 'Loading page...' while another page loads. Its inputs come from the router (routerPage.tsx) or
// from the guest entry (GuestPage.tsx).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../engine/text/languages.ts';
import { routesTable } from 'virtual:route-set';
import { Header } from './Header.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LoadingPage } from './LoadingPage.tsx';
import type { PageContent } from './pageContent.ts';
import { ROUTES_NS } from './pageData.ts';
import { pageBrand, pageTitle } from './pageHead.ts';
import { ShellContext, type Shell } from './ShellContext.tsx';
import { applyTheme } from './theme.ts';

interface Props {
  pathname: string;
  /** The site's branding (the page-content global), null when it could not be read. */
  pageContent: PageContent | null | undefined;
  /** The languages the page is written in (its loader said so, and switched i18next to the page's language: pageLanguage.ts). */
  languages: readonly Lang[];
  /** Another page is loading: 'Loading page...' instead of the page. */
  changingPage: boolean;
  children: ReactNode;
}

export function PageShell({ pathname, pageContent, languages, changingPage, children }: Props) {
  const [titleExtra, setTitleExtra] = useState<string | undefined>();
  const { i18n } = useTranslation(ROUTES_NS);
  const lang = i18n.language as Lang;
  const brand = useMemo(() => pageBrand(pathname, routesTable, lang, pageContent), [pathname, lang, pageContent]);
  const { settings, theme, header, logoUrl, faviconUrl } = brand;
  const title = pageTitle(brand, titleExtra);

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
          {changingPage ? <LoadingPage /> : children}
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
