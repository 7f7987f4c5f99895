// Interface text (errors, buttons, captcha and upload messages) and each form's own texts, in
// every language, through the shared i18next instance (src/engine/text/i18n.ts).
import type catalogue from '../../../forms/messages.json';
import { COMMON_NS, initI18n } from './i18n.ts';
import type { Lang } from './languages.ts';

/** A message name; a plural message is written once and i18next picks its form from `count`. */
export type MessageKey = Exclude<keyof typeof catalogue, '$schema'>;
type Vars = Record<string, string | number>;

export function t(key: MessageKey, lang: Lang, vars?: Vars): string {
  return initI18n().t(key, { ...vars, lng: lang, ns: COMMON_NS });
}

/** A text of a form (a key of its namespace, see engine/compiler/form-texts.ts) in `lang`. */
export function formText(formId: string, key: string, lang: Lang, vars?: Vars): string {
  return initI18n().t(key, { ...vars, lng: lang, ns: formId });
}
