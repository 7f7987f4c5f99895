// The insights page's own interface texts (forms/messages.json's insights* keys), which forms:build
// keeps out of the common bundle every page loads (build/messages/insights/<lang>.json).
import { COMMON_NS, i18n } from '../../../engine/i18n.ts';
import type { Lang } from '../../../engine/languages.ts';

const bundles = import.meta.glob<Record<string, string>>('/build/messages/insights/*.json', { import: 'default' });

export async function loadInsightsTexts(lang: Lang): Promise<void> {
  if (import.meta.env.SSR) return;
  const load = bundles[`/build/messages/insights/${lang}.json`];
  if (!load) throw new Error(`No insights texts for "${lang}": run npm run forms:build`);
  i18n.addResourceBundle(lang, COMMON_NS, await load(), true, true);
}
