// Content forms (forms/content/) edit documents whose shape is not flat: a localized title is
// {en, ar, fr}, a logo sits at store.logo_primary.url, rich text is Lexical JSON. Each field's
// contentPath says where its answer lives; these two functions move between the document the
// API stores and the flat answers the engine renders and validates.
import type { ResolvedForm, ResolvedDataField } from './compiled.ts';
import { dataFields } from './conditions.ts';
import { lexicalToRichText, richTextToLexical } from './staff-rich-text.ts';

type Data = Record<string, unknown>;

export const pathOf = (field: ResolvedDataField): string => ('contentPath' in field && field.contentPath ? field.contentPath : field.name);
const isRich = (field: ResolvedDataField) => field.type === 'textarea' && field.richText === true;

function readPath(doc: Data, path: string): unknown {
  let value: unknown = doc;
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Data)[key];
  }
  return value;
}

function writePath(doc: Data, path: string, value: unknown) {
  const keys = path.split('.');
  let at = doc;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    at = at[key] = next && typeof next === 'object' && !Array.isArray(next) ? { ...(next as Data) } : {};
  }
  at[keys[keys.length - 1]] = value;
}

/** The answers a content form starts with, read from a stored document. */
export function documentToAnswers(form: ResolvedForm, doc: Data): Data {
  const answers: Data = {};
  for (const field of dataFields(form)) {
    const value = readPath(doc, pathOf(field));
    if (value === undefined || value === null || value === '') continue;
    answers[field.name] = isRich(field) ? lexicalToRichText(value) : value;
  }
  return answers;
}

/**
 * The document to store: `base` (the stored document, for a partial update) with each answered
 * field written at its path and each unanswered one removed; parents left empty go too.
 */
export function answersToDocument(form: ResolvedForm, answers: Data, base: Data = {}): Data {
  const doc: Data = structuredClone(base);
  for (const field of dataFields(form)) {
    const value = answers[field.name];
    const path = pathOf(field);
    if (value === undefined || value === null || value === '') {
      removePath(doc, path);
      continue;
    }
    writePath(doc, path, isRich(field) && typeof value === 'string' ? richTextToLexical(value) : value);
  }
  return doc;
}

function removePath(doc: Data, path: string) {
  const keys = path.split('.');
  const parents: Data[] = [doc];
  for (const key of keys.slice(0, -1)) {
    const next = parents[parents.length - 1][key];
    if (!next || typeof next !== 'object' || Array.isArray(next)) return;
    parents.push(next as Data);
  }
  delete parents[parents.length - 1][keys[keys.length - 1]];
  for (let i = parents.length - 1; i > 0 && Object.keys(parents[i]).length === 0; i--) delete parents[i - 1][keys[i - 1]];
}

/** The top-level keys of a document a content form knows (what an API write may send). */
export function documentKeys(form: ResolvedForm): Set<string> {
  return new Set(dataFields(form).map((field) => pathOf(field).split('.')[0]));
}
