// The loader of a page listing forms (routes.json kind 'form-index', e.g. /dohaquest): every form
// route of this build under the prefix, each with its form's title (a few hundred bytes, not
// every compiled form). A new waiver route appears there without code.
import type { PageOf } from '../../engine/contract/routes.ts';
import type { LocalizedText } from '../../engine/definition/definition.ts';
import { addLocalizedTexts } from '../../engine/text/i18n.ts';
import type { RouteEntry } from '../../engine/definition/routes.ts';
import { routesTable } from 'virtual:route-set';
import { withTimeout } from '../shell/chunkTimeout.ts';
import type { LoadPage, PageData } from '../shell/pageData.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type FormIndexRef = PageOf<'form-index'>;

export interface FormIndexData extends PageData {
  /** The i18next namespace of this page's texts: "title", "description" and each listed path. */
  namespace: string;
  description: boolean;
  paths: string[];
}

export const loadPage: LoadPage<FormIndexRef, FormIndexData> = async ({ page }) => {
  const { default: titles } = await withTimeout(import('virtual:route-set/form-titles'));
  const entries: { path: string; title: LocalizedText }[] = routesTable.routes.flatMap((route: RouteEntry) => {
    const form = route.page.kind === 'form' && typeof route.page.form === 'string' ? route.page.form : undefined;
    const title = form ? titles[form] : undefined;
    return title && route.path.startsWith(page.prefix) && !route.path.includes(':') ? [{ path: route.path, title }] : [];
  });
  const namespace = `page:${page.prefix}`;
  addLocalizedTexts(namespace, { title: page.title, description: page.description, ...Object.fromEntries(entries.map((e) => [e.path, e.title])) });
  return { languages: page.languages, namespace, description: Boolean(page.description), paths: entries.map((e) => e.path) };
};
