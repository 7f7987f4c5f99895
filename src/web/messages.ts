// The interface texts of one language (forms/messages.json as built by forms:build into
// build/messages/<lang>.json), loaded when a page in that language is first shown: a page
// carries its own language's texts, not all three, plus the few it shows in every language (the
// language switch's names). The server's render has them all already.
import { COMMON_NS, i18n } from '../engine/text/i18n.ts';
import type { Lang } from '../engine/text/languages.ts';

interface Bundle {
  texts: Record<string, string>;
  everyLanguage: Record<string, Record<string, string>>;
}

const bundles = import.meta.glob<Bundle>('/build/messages/*.json', { import: 'default' });
const loaded = new Map<Lang, Promise<void>>();

export function loadMessages(lang: Lang): Promise<void> {
  if (import.meta.env.SSR) return Promise.resolve();
  let pending = loaded.get(lang);
  if (!pending) {
    const load = bundles[`/build/messages/${lang}.json`];
    if (!load) return Promise.reject(new Error(`No interface texts for "${lang}": run npm run forms:build`));
    pending = load().then(({ texts, everyLanguage }) => {
      for (const [other, few] of Object.entries(everyLanguage)) i18n.addResources(other, COMMON_NS, few);
      i18n.addResourceBundle(lang, COMMON_NS, texts, true, true);
    });
    pending.catch(() => loaded.delete(lang));
    loaded.set(lang, pending);
  }
  return pending;
}

const staffBundles = import.meta.glob<Record<string, string>>('/build/messages/staff/*.json', { import: 'default' });
const staffLoaded = new Map<Lang, Promise<void>>();

/** The staff pages' own texts in `lang` (engine/text/i18n.ts isStaffText), which guest pages never load. */
export function loadStaffMessages(lang: Lang): Promise<void> {
  if (import.meta.env.SSR) return Promise.resolve();
  let pending = staffLoaded.get(lang);
  if (!pending) {
    const load = staffBundles[`/build/messages/staff/${lang}.json`];
    if (!load) return Promise.reject(new Error(`No staff texts for "${lang}": run npm run forms:build`));
    pending = load().then((texts) => void i18n.addResourceBundle(lang, COMMON_NS, texts, true, true));
    pending.catch(() => staffLoaded.delete(lang));
    staffLoaded.set(lang, pending);
  }
  return pending;
}
