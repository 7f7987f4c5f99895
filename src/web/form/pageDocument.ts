// When the address names a document (e.g. /survey/fnb/:restaurantName → a restaurant), that
// document describes the page: its name joins the title and its scripts are added to <head>.
import { useEffect } from 'react';
import { useTitleExtra } from '../shell/ShellContext.tsx';
import type { Lang } from '../../engine/languages.ts';
import { displayText, type SourcedValues } from './sourcedValues.ts';

export interface PageScript {
  type?: string;
  src?: string;
  async?: boolean;
  defer?: boolean;
  content?: string;
}

/** An external script's address when it may be loaded: absolute http(s) or a path on this site (not javascript:, data:). */
export function scriptSource(script: PageScript): string | undefined {
  return script.type === 'external' && typeof script.src === 'string' && /^(https?:\/\/|\/(?!\/))/i.test(script.src) ? script.src : undefined;
}

/** The same script already in <head>: the server wrote it into the page it sent (src/web/ssr/). */
function sentByServer(script: PageScript): HTMLScriptElement | undefined {
  return [...document.head.querySelectorAll<HTMLScriptElement>('script[data-page-script]')].find((element) =>
    script.type === 'inline' ? element.textContent === script.content && !element.src : element.getAttribute('src') === scriptSource(script),
  );
}

function addScript(script: PageScript): HTMLScriptElement | null {
  const sent = sentByServer(script);
  if (sent) return sent;
  const element = document.createElement('script');
  // Absolute http(s) addresses or paths on this site; anything else (javascript:, data:) is ignored.
  const src = scriptSource(script);
  if (src) {
    element.src = src;
    element.async = Boolean(script.async);
    element.defer = Boolean(script.defer);
  } else if (script.type === 'inline' && typeof script.content === 'string') {
    // As script text, never as HTML: CMS content cannot inject markup into the page.
    element.textContent = script.content;
  } else {
    return null;
  }
  element.dataset.pageScript = 'true';
  document.head.append(element);
  return element;
}

/** The document the address names (e.g. the restaurant), if any: its name and scripts belong to the page. */
export function routeDocument(sourced: SourcedValues, lang: Lang): { title: string | undefined; scripts: PageScript[] } {
  const page = Object.values(sourced).find((s) => s.fromRoute && s.state === 'found' && s.doc);
  const scripts = page?.doc?.scripts;
  return { title: displayText(page, lang) || undefined, scripts: Array.isArray(scripts) ? (scripts as PageScript[]) : [] };
}

export function usePageDocument(sourced: SourcedValues, lang: Lang): void {
  const page = Object.values(sourced).find((s) => s.fromRoute && s.state === 'found' && s.doc);
  useTitleExtra(routeDocument(sourced, lang).title);
  const scripts = page?.doc?.scripts;
  useEffect(() => {
    if (!Array.isArray(scripts)) return;
    const added = (scripts as PageScript[]).map(addScript).filter((e): e is HTMLScriptElement => e !== null);
    return () => added.forEach((element) => element.remove());
  }, [scripts]);
}
