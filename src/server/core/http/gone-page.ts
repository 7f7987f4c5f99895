// The page of an address that leads nowhere for a guest: a short code that names no point (never
// made, or deleted), a review link of a venue with no such site (features/reach), a recovery
// survey's link altered, expired or answered (features/recovery), a waiver copy's link expired, altered or
// naming nothing (features/waiver-copy: the same words for all three, no detail to learn from). A 404 in the guest's language,
// right to left in Arabic, of its own (no script), never a redirect elsewhere.
import type { Lang } from '../../../engine/text/languages.ts';
import { t, type MessageKey } from '../../../engine/text/messages.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function goneHtml(lang: Lang, titleKey: MessageKey, hintKey: MessageKey): string {
  const title = escapeHtml(t(titleKey, lang));
  const hint = escapeHtml(t(hintKey, lang));
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}h1{font-size:1.5rem}</style></head>
<body><main><h1>${title}</h1><p>${hint}</p></main></body>
</html>`;
}
