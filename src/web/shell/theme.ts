// Themes are JSON files in themes/; the page turns one into CSS custom properties on <html>.
// Set through the CSSOM (not an inline <style>), so a strict Content-Security-Policy still works.
import type { ThemeId } from '../../engine/definition/routes.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import namedFonts from '../../../themes/fonts.json';

import type { Theme } from '../../engine/definition/theme.ts';

export type { Theme };

const files = import.meta.glob<Theme>(['/themes/*.json', '!/themes/theme.schema.json', '!/themes/fonts.json'], { eager: true, import: 'default' });
const themes = new Map<string, Theme>(Object.values(files).map((theme) => [theme.id, theme]));

/** The brands of themes/ (their page-content keys: destination, quest, store), each once, in file order. */
export function brandKeys(): string[] {
  return [...new Set([...themes.values()].map((theme) => theme.pageContentKey))];
}

export function themeFor(id: ThemeId): Theme {
  const theme = themes.get(id) ?? themes.get('destination');
  if (!theme) throw new Error(`Theme "${id}" is missing from themes/`);
  return theme;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A named header font from routes.json settings (e.g. "noah"), as a CSS font-family stack. */
export function fontStack(name: string | undefined): string | undefined {
  if (!name) return undefined;
  return (namedFonts as Record<string, string>)[name];
}

/** The theme as CSS custom properties of <html>: set by the page, and written by the server into the HTML it sends. */
export function themeProperties(theme: Theme, lang: Lang, headerFont: string | undefined): Record<string, string> {
  const properties = Object.fromEntries(Object.entries(theme.colors).map(([name, value]) => [`--color-${kebab(name)}`, value]));
  const body = lang === 'ar' ? theme.fonts.arabic : theme.fonts.body;
  return { ...properties, '--font-body': body, '--font-header': fontStack(headerFont) ?? body };
}

export function applyTheme(theme: Theme, lang: Lang, headerFont: string | undefined): void {
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(themeProperties(theme, lang, headerFont))) style.setProperty(name, value);
  document.documentElement.dataset.theme = theme.id;
  const themeColor = document.querySelector('meta[name="theme-color"]');
  themeColor?.setAttribute('content', theme.colors.primary ?? '#ffffff');
}
