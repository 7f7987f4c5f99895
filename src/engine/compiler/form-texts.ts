// A form's texts become i18next resources: authors write each label beside its field in every
// language, and forms:build moves them into one namespace per form and language, leaving in the
// compiled form the key of each text. Keys are paths by name, e.g. "sections.visit.title",
// "sections.visit.fields.food.label", "sections.visit.fields.food.options.good.label".
import type { LocalizedText } from '../definition/definition.ts';
import { LANGUAGES, type Lang } from '../text/languages.ts';

export type FormTexts = Record<Lang, Record<string, string>>;

export function isLocalizedText(value: unknown): value is LocalizedText {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as LocalizedText).en === 'string' &&
    Object.keys(value).every((key) => (LANGUAGES as readonly string[]).includes(key))
  );
}

/** An array element's name in a key: its name, id or value when it has one, else its position. */
function segmentOf(element: unknown, index: number): string {
  if (element && typeof element === 'object') {
    const { name, id, value } = element as Record<string, unknown>;
    for (const candidate of [name, id, value]) if (typeof candidate === 'string' || typeof candidate === 'number') return String(candidate);
  }
  return String(index);
}

/** The form with every localized text replaced by its key, and the texts per language. */
export function extractTexts<T>(form: T): { keyed: unknown; texts: FormTexts } {
  const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}])) as FormTexts;
  const walk = (node: unknown, path: string[]): unknown => {
    if (isLocalizedText(node)) {
      const key = path.join('.');
      if (key in texts.en) throw new Error(`Two texts of the form would share the key "${key}"`);
      for (const lang of LANGUAGES) if (node[lang] !== undefined) texts[lang][key] = node[lang];
      return key;
    }
    if (Array.isArray(node)) return node.map((element, i) => walk(element, [...path, segmentOf(element, i)]));
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, [...path, k])]));
    return node;
  };
  return { keyed: walk(form, []), texts };
}
