// The titles of forms, from build/form-titles.json (written by forms:build): only the index
// pages that list forms load it, a few hundred bytes instead of every compiled form.
import type { LocalizedText } from '../../engine/definition.ts';
import { withTimeout } from '../shell/lazyPage.ts';

type Titles = Record<string, LocalizedText | null>;
const cache = new Map<string, Promise<Titles>>();
const titlesFile = import.meta.glob<Record<string, LocalizedText>>('/build/form-titles.json', { import: 'default' });

/** Title per form id; null for a form that is not built. One promise per list, so React's use() sees the same one. */
export function loadFormTitles(formIds: string[]): Promise<Titles> {
  const key = formIds.join(',');
  let pending = cache.get(key);
  if (!pending) {
    pending = withTimeout(titlesFile['/build/form-titles.json']()).then((titles) => Object.fromEntries(formIds.map((id) => [id, titles[id] ?? null])));
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}
