// The page of a copy link that is expired, altered or names nothing: the same words for all three
// (no detail to learn from), in the guest's language, right to left in Arabic. A page of its own
// (no script, no style from outside) because the link is an API address the guest opens directly.
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function linkGonePage(lang: Lang): string {
  const title = escapeHtml(t('waiverCopyGoneTitle', lang));
  const hint = escapeHtml(t('waiverCopyGoneHint', lang));
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}h1{font-size:1.5rem}</style></head>
<body><main><h1>${title}</h1><p>${hint}</p></main></body>
</html>`;
}
