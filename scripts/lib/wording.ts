// Plain words for a place in a data file, for people who edit forms but not code:
// "$.sections[1].fields[0].label" of a form → 'the label of question "rating_food"'.
import { pathSegments } from './position.ts';
import type { Lang } from '../../src/engine/text/languages.ts';

export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', ar: 'Arabic', fr: 'French' };

/** What the top-level keys of a file are: a form's parts, or named messages / vocabularies. */
export type FileKind = 'form' | 'message' | 'vocabulary' | 'routes' | 'data';

const PART_WORDS: Record<string, string> = {
  label: 'label',
  help: 'help text',
  placeholder: 'placeholder',
  title: 'title',
  description: 'description',
  text: 'text',
  showAs: 'shown value',
  itemLabel: 'item heading',
  addLabel: '"add" button',
  removeLabel: '"remove" button',
  clearLabel: '"clear" button',
  minLabel: 'lowest-value label',
  maxLabel: 'highest-value label',
  busyLabel: 'button text while sending',
  failed: 'message when sending fails',
  requestFailed: 'message when the network fails',
  subtitle: 'subtitle',
  referenceLabel: 'reference line',
  message: 'message',
  options: 'options',
  visibleIf: 'condition (visibleIf)',
  requiredIf: 'condition (requiredIf)',
  sections: 'sections',
  collection: 'collection (where answers are stored)',
  form: 'form',
  name: 'name',
  type: 'type',
  value: 'value',
  scale: 'scale',
  fields: 'questions',
};

const CONTAINERS = ['sections', 'fields', 'options', 'items', 'routes', 'steps', 'countries', 'unique'];
const quoted = (value: unknown) => `"${String(value)}"`;
/** A named entry's name in quotes, else its position ("number 3"). */
const named = (value: unknown, index: number) => (value === undefined ? `number ${index + 1}` : quoted(value));
const nameOf = (node: unknown, key: string) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined);

/** A plain description of the thing at `path` inside `json`. */
export function placeOf(json: unknown, path: string, kind: FileKind = 'form'): string {
  const segments = pathSegments(path);
  let owner = kind === 'form' ? 'the form' : '';
  let node: unknown = json;
  let last = '';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const parentKey = i > 0 ? segments[i - 1] : undefined;
    node = (node as Record<string | number, unknown> | undefined)?.[segment];
    last = '';
    if (typeof segment === 'number') {
      if (parentKey === 'sections') owner = `section ${named(nameOf(node, 'id'), segment)}`;
      else if (parentKey === 'fields') {
        const type = nameOf(node, 'type');
        const inner = `${type === 'content' ? 'text block' : 'question'} ${named(nameOf(node, 'name'), segment)}`;
        owner = owner.startsWith('question') ? `${inner} in the group ${owner.slice('question '.length)}` : inner;
      } else if (parentKey === 'options') owner = `option ${named(nameOf(node, 'value'), segment)} of ${owner}`;
      else if (parentKey === 'items') owner = `item ${segment + 1} of ${owner}`;
      else if (parentKey === 'steps') owner = `step ${named(nameOf(node, 'id'), segment)}`;
      else if (parentKey === 'routes') owner = `route ${nameOf(node, 'path') ?? `number ${segment + 1}`}`;
      else if (parentKey === 'unique') owner = `unique rule ${segment + 1}`;
      else if (parentKey === 'countries') owner = `country ${quoted(nameOf(node, 'code'))}`;
      else owner = `entry ${segment + 1} of ${owner || 'the file'}`;
      continue;
    }
    if (i === 0 && kind === 'message') owner = `message ${quoted(segment)}`;
    else if (i === 0 && kind === 'vocabulary') owner = `option list ${quoted(segment)}`;
    else if (segment === 'submit' && owner === 'the form') owner = 'the submit settings';
    else if (segment === 'success' && owner === 'the form') owner = 'the thank-you panel';
    else if (CONTAINERS.includes(segment) && typeof segments[i + 1] === 'number') continue;
    else if (segment === 'page' || segment === 'messages' || (['en', 'ar', 'fr'].includes(segment) && i === segments.length - 1)) continue;
    else if (parentKey === 'messages') owner = `the ${quoted(segment)} error message of ${owner}`;
    else if (i < segments.length - 1) owner = `the ${PART_WORDS[segment] ?? quoted(segment)} of ${owner}`;
    else last = PART_WORDS[segment] ?? quoted(segment);
  }
  if (owner === 'the submit settings' && last === 'label') return "the submit button's label";
  if (!last) return owner || 'the file';
  if (owner === 'the form') return `the form's ${last}`;
  return owner ? `the ${last} of ${owner}` : `the ${last}`;
}

/** "English and Arabic", "English, Arabic and French". */
export function languageList(languages: readonly Lang[]): string {
  const names = languages.map((l) => LANGUAGE_NAMES[l]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}
