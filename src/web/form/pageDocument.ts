// When the address names a document (e.g. /survey/fnb/:restaurantName → a restaurant), that
// document describes the page: its name joins the title and its scripts are added to <head>.
import { useEffect } from 'react';
import { useTitleExtra } from '../shell/ShellContext.tsx';
import type { Lang } from '../../engine/languages.ts';
import { displayText, type SourcedValues } from './sourcedValues.ts';

interface PageScript {
  type?: string;
  src?: string;
  async?: boolean;
  defer?: boolean;
  content?: string;
}

function addScript(script: PageScript): HTMLScriptElement | null {
  const element = document.createElement('script');
  // Absolute http(s) addresses or paths on this site; anything else (javascript:, data:) is ignored.
  if (script.type === 'external' && typeof script.src === 'string' && /^(https?:\/\/|\/(?!\/))/i.test(script.src)) {
    element.src = script.src;
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

export function usePageDocument(sourced: SourcedValues, lang: Lang): void {
  const page = Object.values(sourced).find((s) => s.fromRoute && s.state === 'found' && s.doc);
  useTitleExtra(displayText(page, lang) || undefined);
  const scripts = page?.doc?.scripts;
  useEffect(() => {
    if (!Array.isArray(scripts)) return;
    const added = (scripts as PageScript[]).map(addScript).filter((e): e is HTMLScriptElement => e !== null);
    return () => added.forEach((element) => element.remove());
  }, [scripts]);
}
