// What <head> and <html> say about a page (title, favicon, language, direction, theme): set by the
// shell in the browser, and written by the server into the HTML it sends (src/web/ssr/).
import type { Lang } from '../../engine/text/languages.ts';
import { pageSettingsFor, type PageSettings, type RoutesTable } from '../../engine/definition/routes.ts';
import { i18n } from '../i18n.ts';
import { mediaUrl, type PageContent } from './pageContent.ts';
import { ROUTES_NS } from './pageData.ts';
import { themeFor, themeProperties, type Theme } from './theme.ts';

export interface PageBrand {
  settings: PageSettings;
  theme: Theme;
  /** The header title in the page language (routes.json settings). */
  header: string | undefined;
  logoUrl: string;
  faviconUrl: string;
}

export function pageBrand(pathname: string, table: RoutesTable, lang: Lang, pageContent: PageContent | null | undefined): PageBrand {
  const settings = pageSettingsFor(pathname, table);
  const theme = themeFor(settings.theme);
  const brandContent = pageContent?.[theme.pageContentKey];
  return {
    settings,
    theme,
    header: settings.header && settings.prefix ? i18n.getFixedT(lang, ROUTES_NS)(settings.prefix) : undefined,
    logoUrl: mediaUrl(brandContent?.logo_primary) ?? theme.fallbackLogo,
    faviconUrl: mediaUrl(brandContent?.favicon) ?? theme.fallbackFavicon ?? '/favicon.svg',
  };
}

/** '{brand} | {header} | {extra}', e.g. a restaurant's name on its survey. */
export function pageTitle(brand: PageBrand, extra: string | undefined): string {
  return [brand.theme.brand, brand.header, extra].filter(Boolean).join(' | ');
}

export interface HtmlAttributes {
  lang: Lang;
  dir: 'ltr' | 'rtl';
  'data-theme': string;
  style: Record<string, string>;
}

export function htmlAttributes(brand: PageBrand, lang: Lang): HtmlAttributes {
  return { lang, dir: i18n.dir(lang), 'data-theme': brand.theme.id, style: themeProperties(brand.theme, lang, brand.settings.font) };
}
