// Engine-wide interface text (errors, buttons, captcha and upload messages) in every language.
// The text lives in forms/messages.json so translators edit data, not code.
import catalogue from '../../forms/messages.json' with { type: 'json' };
import type { Lang, LocalizedText } from './definition.ts';

type Catalogue = Omit<typeof catalogue, '$schema'>;
export type MessageKey = keyof Catalogue;
export const MESSAGES: Record<MessageKey, LocalizedText> = catalogue;

/** Fills {name} placeholders. */
export function fill(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Text of a localized value in `lang`, falling back to English (forms:check makes the fallback unreachable for declared languages). */
export function pick(text: LocalizedText, lang: Lang): string {
  return text[lang] ?? text.en;
}

export function t(key: MessageKey, lang: Lang, vars?: Record<string, string | number>): string {
  return fill(pick(MESSAGES[key], lang), vars);
}
