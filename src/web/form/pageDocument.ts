// When the address names a document (e.g. /survey/fnb/:restaurantName → a restaurant), that
// document describes the page: its name joins the title, and its scripts run in the page's
// sandboxed frame (PageScriptsFrame.tsx), never in the page itself.
import { useTitleExtra } from '../shell/ShellContext.tsx';
import type { Lang } from '../../engine/text/languages.ts';
import { displayText, type SourcedValues } from './sourcedValues.ts';

const namedDocument = (sourced: SourcedValues) => Object.values(sourced).find((s) => s.fromRoute && s.state === 'found' && s.doc);

/** The name of the document the address names (e.g. the restaurant), if any. */
export const routeDocumentTitle = (sourced: SourcedValues, lang: Lang): string | undefined => displayText(namedDocument(sourced), lang) || undefined;

/** Whether the document the address names has scripts of its own to run. */
export function namesDocumentWithScripts(sourced: SourcedValues): boolean {
  const scripts = namedDocument(sourced)?.doc?.scripts;
  return Array.isArray(scripts) && scripts.length > 0;
}

export function usePageDocument(sourced: SourcedValues, lang: Lang): void {
  useTitleExtra(routeDocumentTitle(sourced, lang));
}
