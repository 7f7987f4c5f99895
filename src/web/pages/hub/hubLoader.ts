// The loader of a hub page (routes.json kind 'hub'): the bare address lists every brand, a brand's
// own address (e.g. /dohaoasis) only that brand. Each brand shows the public pages of this build
// whose page settings use its theme, titled by their form or their routes.json title, and its
// published documents. A new route appears here without code.
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { LocalizedText } from '../../../engine/definition/definition.ts';
import { addLocalizedTexts } from '../../../engine/text/i18n.ts';
import { pageSettingsFor, type RouteEntry, type ThemeId } from '../../../engine/definition/routes.ts';
import { routesTable } from 'virtual:route-set';
import { collectionQuery, fetchOrNull, type DocList } from '../../api/client.ts';
import { withTimeout } from '../../shell/chunkTimeout.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { brandKeys, themeFor } from '../../shell/theme.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type HubRef = PageOf<'hub'>;

export interface HubLink {
  path: string;
  /** Key of its title in the page's namespace. */
  key: string;
}

export interface HubBrand {
  key: string;
  name: string;
  pages: HubLink[];
  documents: HubLink[];
}

export interface HubData extends PageData {
  namespace: string;
  description: boolean;
  brands: HubBrand[];
}

interface ListedDocument {
  slug: string;
  brand?: string;
  title: LocalizedText;
}

export const loadPage: LoadPage<HubRef, HubData> = async ({ page, url, signal }) => {
  const [{ default: formTitles }, documents] = await Promise.all([
    withTimeout(import('virtual:route-set/form-titles')),
    fetchOrNull<DocList<ListedDocument>>(collectionQuery('documents', { 'where[listed][equals]': 'true', limit: 100, sort: 'slug' }), 'documents', signal),
  ]);
  const texts: Record<string, LocalizedText | undefined> = { title: page.title, description: page.description };
  const titleOf = (route: RouteEntry): LocalizedText | undefined =>
    route.page.kind === 'form' && typeof route.page.form === 'string' ? formTitles[route.page.form] : (route.page as { title?: LocalizedText }).title;
  const listed = routesTable.routes.filter(
    (route: RouteEntry) => !route.path.includes(':') && route.path !== url.pathname && route.page.kind !== 'not-found' && titleOf(route),
  );
  const brands = brandKeys()
    .filter((key) => !page.brand || page.brand === key)
    .map((key): HubBrand => {
      const theme = themeFor(key as ThemeId);
      const pages = listed
        .filter((route: RouteEntry) => themeFor(pageSettingsFor(route.path, routesTable).theme).pageContentKey === key)
        .map((route: RouteEntry) => {
          texts[`page:${route.path}`] = titleOf(route);
          return { path: route.path, key: `page:${route.path}` };
        });
      const docs = (documents?.docs ?? [])
        .filter((doc) => doc.brand === key && typeof doc.slug === 'string')
        .map((doc) => {
          texts[`doc:${doc.slug}`] = doc.title;
          return { path: `/docs/${encodeURIComponent(doc.slug)}`, key: `doc:${doc.slug}` };
        });
      return { key, name: theme.brand, pages, documents: docs };
    });
  const namespace = `page:${url.pathname}`;
  addLocalizedTexts(namespace, texts);
  return { languages: page.languages, namespace, description: Boolean(page.description), brands };
};
