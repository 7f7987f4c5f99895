// The page of a short code that names no point (never made, or deleted): a 404 in the guest's
// language, right to left in Arabic, of its own (no script), never a redirect elsewhere.
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function pointGonePage(lang: Lang): string {
  const title = escapeHtml(t('pointGoneTitle', lang));
  const hint = escapeHtml(t('pointGoneHint', lang));
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}h1{font-size:1.5rem}</style></head>
<body><main><h1>${title}</h1><p>${hint}</p></main></body>
</html>`;
}
