// A reviewer's reading of a change to a form definition: questions added, removed, moved, renamed;
// texts changed per language; options added or removed; rules tightened or loosened; the submit
// target; and a warning for every change that affects answers already stored.
import type { Vocabularies } from '../../src/engine/compiler/compile.ts';
import type { Condition, Field, FormDefinition, Lang, Option } from '../../src/engine/definition/definition.ts';
import { contractOf, storedDataBreaks } from './stored-data.ts';
import { LANGUAGE_NAMES } from './wording.ts';

type Json = unknown;
type AnyField = Field & Record<string, unknown>;
/** Shared option lists as each version saw them, and the languages either version declares. */
interface Context {
  before: Vocabularies;
  after: Vocabularies;
  languages: readonly Lang[];
}

export interface FormChange {
  lines: string[];
  /** Changes that affect answers already stored (the same rules forms:check applies against forms.lock.json). */
  warnings: string[];
}

const show = (v: Json) => (v === undefined ? '(none)' : JSON.stringify(v));
const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

/** A condition in words: `"discovery_method" is "other"`. */
export function conditionText(c: Condition): string {
  if ('all' in c) return c.all.map(conditionText).join(' and ');
  if ('any' in c) return `(${c.any.map(conditionText).join(' or ')})`;
  if ('not' in c) return `not (${conditionText(c.not)})`;
  if ('equals' in c) return `"${c.field}" is ${JSON.stringify(c.equals)}`;
  if ('in' in c) return `"${c.field}" is one of ${c.in.map((v) => JSON.stringify(v)).join(', ')}`;
  if ('above' in c) return `"${c.field}" is more than ${c.above}`;
  if ('ageUnder' in c) return `the age from "${c.field}" is under ${c.ageUnder}${c.on ? ` on "${c.on}"` : ''}`;
  return `"${c.field}" is ${c.filled ? 'answered' : 'not answered'}`;
}

const TEXT_KEYS = [
  'label',
  'help',
  'placeholder',
  'showAs',
  'text',
  'items',
  'minLabel',
  'maxLabel',
  'itemLabel',
  'addLabel',
  'removeLabel',
  'clearLabel',
  'messages',
];
/** Limits: raising a "min" or lowering a "max" tightens what a guest may answer. */
const LIMITS: Record<string, { words: string; tighter: 1 | -1 }> = {
  minLength: { words: 'minimum length', tighter: 1 },
  maxLength: { words: 'maximum length', tighter: -1 },
  minimum: { words: 'minimum', tighter: 1 },
  maximum: { words: 'maximum', tighter: -1 },
  minItems: { words: 'minimum number of answers', tighter: 1 },
  maxItems: { words: 'maximum number of answers', tighter: -1 },
  min: { words: 'lowest value', tighter: 1 },
  max: { words: 'highest value', tighter: -1 },
  maxBytes: { words: 'maximum file size', tighter: -1 },
  maxFiles: { words: 'maximum number of files', tighter: -1 },
};
const RULE_KEYS = ['required', 'requiredIf', 'visibleIf', 'options', 'scale', 'type', 'name', 'fields', 'pattern', 'accept', ...Object.keys(LIMITS)];

/** Per-language changes between two texts (or lists / maps of texts) at `what`. */
function textChanges(before: Json, after: Json, what: string, languages: readonly Lang[] = ['en', 'ar', 'fr']): string[] {
  if (same(before, after)) return [];
  const isText = (v: Json) => !!v && typeof v === 'object' && !Array.isArray(v) && 'en' in (v as object) && typeof (v as { en: unknown }).en === 'string';
  if (isText(before) || isText(after)) {
    if (!before) return [`${what} added: ${show((after as { en: string }).en)}`];
    if (!after) return [`${what} removed (was ${show((before as { en: string }).en)})`];
    const b = before as Partial<Record<Lang, string>>;
    const a = after as Partial<Record<Lang, string>>;
    return languages
      .filter((l) => b[l] !== a[l])
      .map((l) =>
        b[l] === undefined
          ? `${what} added in ${LANGUAGE_NAMES[l]}: ${show(a[l])}`
          : a[l] === undefined
            ? `${what} removed in ${LANGUAGE_NAMES[l]} (was ${show(b[l])})`
            : `${what} changed in ${LANGUAGE_NAMES[l]}: ${show(b[l])} -> ${show(a[l])}`,
      );
  }
  if (Array.isArray(before) || Array.isArray(after)) {
    const bl = (before as Json[] | undefined) ?? [];
    const al = (after as Json[] | undefined) ?? [];
    return Array.from({ length: Math.max(bl.length, al.length) }, (_, i) => textChanges(bl[i], al[i], `${what}, item ${i + 1}`, languages)).flat();
  }
  const keys = [...new Set([...Object.keys((before as object) ?? {}), ...Object.keys((after as object) ?? {})])];
  return keys.flatMap((k) => textChanges((before as Record<string, Json>)?.[k], (after as Record<string, Json>)?.[k], `${what} "${k}"`, languages));
}

/** Leaf-by-leaf differences between two JSON values, as "path: before -> after". */
function leafChanges(before: Json, after: Json, path: string): string[] {
  if (same(before, after)) return [];
  const isObject = (v: Json) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before as object), ...Object.keys(after as object)])];
    return keys.flatMap((k) => leafChanges((before as Record<string, Json>)[k], (after as Record<string, Json>)[k], path ? `${path}.${k}` : k));
  }
  return [`${path}: ${show(before)} -> ${show(after)}`];
}

function optionsOf(field: AnyField, vocabularies: Vocabularies): Option[] | undefined {
  const source = field.type === 'rating' ? field.scale : field.options;
  if (Array.isArray(source)) return source as Option[];
  const entry = typeof source === 'string' ? vocabularies[source] : undefined;
  return entry && typeof entry !== 'string' ? entry.options : undefined;
}

function fieldChanges(p: AnyField, n: AnyField, q: string, ctx: Context): string[] {
  const lines: string[] = [];
  if (p.type !== n.type) lines.push(`${q} changed type: ${p.type} -> ${n.type}`);
  if (!!p.required !== !!n.required) lines.push(`${q} is ${n.required ? 'now required (tightened)' : 'no longer required (loosened)'}`);
  for (const key of ['visibleIf', 'requiredIf'] as const) {
    const b = p[key] as Condition | undefined;
    const a = n[key] as Condition | undefined;
    if (same(b, a)) continue;
    const verb = key === 'visibleIf' ? 'shown' : 'required';
    if (!b) lines.push(`${q} is now ${verb} only when ${conditionText(a!)} (${key} added, ${key === 'visibleIf' ? 'asked less often' : 'tightened'})`);
    else if (!a)
      lines.push(
        `${q} is now ${key === 'visibleIf' ? 'always shown' : 'no longer required by a condition'} (${key} removed${key === 'requiredIf' ? ', loosened' : ''}; was: ${conditionText(b)})`,
      );
    else lines.push(`${q} ${key} changed: ${verb} when ${conditionText(b)} -> when ${conditionText(a)}`);
  }
  for (const [key, { words, tighter }] of Object.entries(LIMITS)) {
    const b = p[key] as number | undefined;
    const a = n[key] as number | undefined;
    if (b === a) continue;
    const direction = b === undefined ? tighter < 0 || a! > 0 : a === undefined ? false : Math.sign(a - b) === tighter;
    lines.push(`${q} ${words}: ${show(b)} -> ${show(a)} (${direction ? 'tightened' : 'loosened'})`);
  }
  if (!same(p.pattern, n.pattern)) lines.push(`${q} pattern: ${show(p.pattern)} -> ${show(n.pattern)}`);
  if (!same(p.accept, n.accept)) lines.push(`${q} accepted file types: ${show(p.accept)} -> ${show(n.accept)}`);
  const bo = optionsOf(p, ctx.before);
  const ao = optionsOf(n, ctx.after);
  if (bo || ao) {
    const bv = new Map((bo ?? []).map((o) => [o.value, o]));
    const av = new Map((ao ?? []).map((o) => [o.value, o]));
    for (const [value, o] of av) if (!bv.has(value)) lines.push(`${q} option ${show(value)} added (${show(o.label.en)})`);
    for (const [value, o] of bv) if (!av.has(value)) lines.push(`${q} option ${show(value)} removed (was ${show(o.label.en)})`);
    for (const [value, o] of av)
      if (bv.has(value)) lines.push(...textChanges(bv.get(value)!.label, o.label, `${q} option ${show(value)} label`, ctx.languages));
    const order = (m: Map<unknown, unknown>, other: Map<unknown, unknown>) => [...m.keys()].filter((v) => other.has(v));
    if (!same(order(bv, av), order(av, bv))) lines.push(`${q} options reordered`);
  }
  for (const key of TEXT_KEYS) lines.push(...textChanges(p[key], n[key], `${q} ${key}`, ctx.languages));
  if (p.type === 'repeat' && n.type === 'repeat')
    lines.push(...fieldListChanges(p.fields as AnyField[], n.fields as AnyField[], `${q.replace(/^question /, '')} group`, ctx));
  const rest = (f: AnyField) => Object.fromEntries(Object.entries(f).filter(([k]) => !RULE_KEYS.includes(k) && !TEXT_KEYS.includes(k)));
  lines.push(...leafChanges(rest(p), rest(n), '').map((l) => `${q} ${l}`));
  return lines;
}

/** Questions of a repeated group: added, removed, changed. */
function fieldListChanges(before: AnyField[], after: AnyField[], owner: string, ctx: Context): string[] {
  const bm = new Map(before.map((f) => [f.name, f]));
  const am = new Map(after.map((f) => [f.name, f]));
  return [
    ...after.filter((f) => !bm.has(f.name)).map((f) => `question \`${f.name}\` added to the ${owner} (${f.type}${f.required ? ', required' : ''})`),
    ...before.filter((f) => !am.has(f.name)).map((f) => `question \`${f.name}\` removed from the ${owner}`),
    ...after.filter((f) => bm.has(f.name)).flatMap((f) => fieldChanges(bm.get(f.name)!, f, `question \`${f.name}\` of the ${owner}`, ctx)),
  ];
}

interface Placed {
  field: AnyField;
  section: string;
  index: number;
}
const placedFields = (d: FormDefinition) =>
  new Map(d.sections.flatMap((s) => s.fields.map((field, index) => [field.name, { field: field as AnyField, section: s.id, index }] as const)));

/** A removed and an added question of the same type with the same English label (or the same place) are one renamed question. */
function renames(old: Map<string, Placed>, now: Map<string, Placed>): Map<string, string> {
  const removed = [...old.keys()].filter((n) => !now.has(n));
  const added = [...now.keys()].filter((n) => !old.has(n));
  const pairs = new Map<string, string>();
  for (const r of removed) {
    const b = old.get(r)!;
    const label = (p: Placed) => (p.field.label as { en?: string } | undefined)?.en;
    const match = added.find(
      (a) =>
        ![...pairs.values()].includes(a) &&
        now.get(a)!.field.type === b.field.type &&
        (label(now.get(a)!) === label(b) || (now.get(a)!.section === b.section && now.get(a)!.index === b.index)),
    );
    if (match) pairs.set(r, match);
  }
  return pairs;
}

/** What changed between two versions of one form; `vocabularies` as each version saw them (for shared option lists). */
export function describeDefinitionChange(
  before: FormDefinition | null,
  after: FormDefinition | null,
  vocab: { before: Vocabularies; after: Vocabularies },
): FormChange {
  const ctx: Context = { ...vocab, languages: [...new Set([...(before?.languages ?? []), ...(after?.languages ?? [])])] };
  const texts = (b: Json, a: Json, what: string) => textChanges(b, a, what, ctx.languages);
  if (!before && after)
    return { lines: [`new form "${after.id}" with ${placedFields(after).size} questions, stored in "${after.submit.collection}"`], warnings: [] };
  if (before && !after)
    return { lines: [`form "${before.id}" removed`], warnings: [`the answers already stored in "${before.submit.collection}" no longer have a form`] };
  if (!before || !after) return { lines: [], warnings: [] };
  const lines: string[] = [];
  // The form itself.
  lines.push(...texts(before.title, after.title, 'form title'), ...texts(before.description, after.description, 'form description'));
  for (const l of after.languages.filter((x) => !before.languages.includes(x))) lines.push(`language ${LANGUAGE_NAMES[l]} added`);
  for (const l of before.languages.filter((x) => !after.languages.includes(x))) lines.push(`language ${LANGUAGE_NAMES[l]} removed`);
  if (before.submit.collection !== after.submit.collection)
    lines.push(`submit target changed: answers go to "${after.submit.collection}" instead of "${before.submit.collection}"`);
  if (!same(before.submit.captcha, after.submit.captcha))
    lines.push(
      after.submit.captcha
        ? `human check (captcha) ${before.submit.captcha ? 'changed' : 'added'}: action "${after.submit.captcha.action}" (tightened)`
        : 'human check (captcha) removed (loosened)',
    );
  const { collection: _c1, captcha: _k1, ...submitBefore } = before.submit;
  const { collection: _c2, captcha: _k2, ...submitAfter } = after.submit;
  for (const key of new Set([...Object.keys(submitBefore), ...Object.keys(submitAfter)])) {
    const b = (submitBefore as Record<string, Json>)[key];
    const a = (submitAfter as Record<string, Json>)[key];
    if (key === 'unique' || key === 'evidence') lines.push(...leafChanges(b, a, `submit ${key}`));
    else lines.push(...texts(b, a, key === 'label' ? 'submit button' : `submit ${key}`));
  }
  lines.push(...texts(before.success, after.success, 'thank-you panel'));
  if (before.version !== after.version) lines.push(`version ${before.version} -> ${after.version}`);
  if (!same(before.steps, after.steps)) lines.push(...leafChanges(before.steps, after.steps, 'steps'));
  // Sections.
  const bs = new Map(before.sections.map((s) => [s.id, s]));
  const as = new Map(after.sections.map((s) => [s.id, s]));
  for (const s of after.sections) {
    const old = bs.get(s.id);
    if (!old) {
      lines.push(`section "${s.id}" added`);
      continue;
    }
    lines.push(...texts(old.title, s.title, `section "${s.id}" title`), ...texts(old.description, s.description, `section "${s.id}" description`));
    if (!same(old.visibleIf, s.visibleIf))
      lines.push(s.visibleIf ? `section "${s.id}" is now shown only when ${conditionText(s.visibleIf)}` : `section "${s.id}" is now always shown`);
  }
  for (const s of before.sections) if (!as.has(s.id)) lines.push(`section "${s.id}" removed`);
  const order = (d: FormDefinition, other: Map<string, unknown>) => d.sections.map((s) => s.id).filter((id) => other.has(id));
  if (!same(order(before, as), order(after, bs)))
    lines.push(`sections reordered: ${before.sections.map((s) => s.id).join(', ')} -> ${after.sections.map((s) => s.id).join(', ')}`);
  // Questions.
  const old = placedFields(before);
  const now = placedFields(after);
  const renamed = renames(old, now);
  const renamedTo = new Map([...renamed].map(([a, b]) => [b, a]));
  for (const [name, { field, section }] of now) {
    const previousName = renamedTo.get(name) ?? name;
    const previous = old.get(previousName);
    const q = `question \`${name}\``;
    if (!previous) {
      lines.push(`${q} added to section "${section}" (${field.type}${field.required ? ', required' : ''})`);
      continue;
    }
    if (previousName !== name) lines.push(`question \`${previousName}\` renamed to \`${name}\``);
    if (previous.section !== section) lines.push(`${q} moved from section "${previous.section}" to "${section}"`);
    lines.push(...fieldChanges(previous.field, field, q, ctx));
  }
  for (const name of old.keys())
    if (!now.has(name) && !renamed.has(name)) lines.push(`question \`${name}\` removed (was in section "${old.get(name)!.section}")`);
  // Order within a section, among the questions both versions have.
  for (const s of after.sections) {
    const kept = (names: string[]) => names.filter((n) => old.has(renamedTo.get(n) ?? n) && now.has(n));
    const nowOrder = kept(s.fields.map((f) => f.name));
    const beforeOrder = kept((bs.get(s.id)?.fields ?? []).map((f) => renamed.get(f.name) ?? f.name)).filter((n) => now.get(n)?.section === s.id);
    if (beforeOrder.length === nowOrder.length && !same(beforeOrder, nowOrder)) {
      nowOrder.forEach((n, i) => {
        if (beforeOrder[i] !== n && beforeOrder.indexOf(n) !== i)
          lines.push(`question \`${n}\` moved within section "${s.id}" (position ${beforeOrder.indexOf(n) + 1} -> ${i + 1})`);
      });
    }
  }
  return { lines: [...new Set(lines)], warnings: storedDataWarnings(before, after, vocab) };
}

function storedDataWarnings(before: FormDefinition, after: FormDefinition, vocab: { before: Vocabularies; after: Vocabularies }): string[] {
  try {
    return storedDataBreaks(contractOf(before, vocab.before), contractOf(after, vocab.after)).map((b) =>
      b.message.replace(/, or run npm run forms:lock if no answers were stored yet$/, ' (or run npm run forms:lock if no answers were stored yet)'),
    );
  } catch (error) {
    return [`the changed form does not compile (${(error as Error).message}): run npm run forms:check`];
  }
}

export interface FileChange extends FormChange {
  file: string;
  id: string;
}

/** The report as plain text (terminal) or Markdown (a pull-request comment). */
export function formatReport(changes: FileChange[], range: string, format: 'text' | 'md'): string {
  if (format === 'text') {
    if (!changes.length) return `No form definition changed (${range}).`;
    return changes.map((c) => [`${c.file}`, ...c.lines.map((l) => `  - ${l}`), ...c.warnings.map((w) => `  ! stored data: ${w}`)].join('\n')).join('\n');
  }
  const md = (s: string) => s.replace(/</g, '&lt;');
  const out = [`## Form changes`, '', `Compared: ${range}. Run \`npm run forms:diff\` to see this locally.`, ''];
  if (!changes.length) return [...out, 'No form definition changed.', ''].join('\n');
  const warned = changes.reduce((n, c) => n + c.warnings.length, 0);
  if (warned)
    out.push(`> [!WARNING]\n> ${warned} change${warned > 1 ? 's' : ''} affect${warned > 1 ? '' : 's'} answers already stored: see the warnings below.`, '');
  for (const c of changes) {
    out.push(`### \`${c.id}\` (${c.file})`, '');
    out.push(...c.warnings.map((w) => `- :warning: **Stored data:** ${md(w)}`));
    out.push(...c.lines.map((l) => `- ${md(l)}`), '');
  }
  return out.join('\n');
}
