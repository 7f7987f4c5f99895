// Content forms (forms/content/) edit documents whose shape is not flat: a localized title is
// {en, ar, fr}, a logo sits at store.logo_primary.url, rich text is Lexical JSON. Each field's
// contentPath says where its answer lives; these two functions move between the document the
// API stores and the flat answers the engine renders and validates.
import type { ResolvedForm, ResolvedDataField } from './compiled.ts';
import { dataFields } from '../checks/conditions.ts';
import { lexicalToRichText, richTextToLexical } from '../text/staff-rich-text.ts';

type Data = Record<string, unknown>;

export const pathOf = (field: ResolvedDataField): string => ('contentPath' in field && field.contentPath ? field.contentPath : field.name);
const isRich = (field: ResolvedDataField) => field.type === 'textarea' && field.richText === true;
type ItemField = Extract<ResolvedDataField, { type: 'repeat' }>['fields'][number];
const itemFields = (field: ResolvedDataField): ResolvedDataField[] | null =>
  field.type === 'repeat' ? (field.fields as ItemField[] as ResolvedDataField[]) : null;
const isObject = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

/** A file's answer is its upload id; a populated upload sent back whole ({id, url, ...}) counts as its id. */
const fileAnswer = (value: unknown): unknown => (isObject(value) ? value.id : value);

/** One stored value as its answer: rich text as the small format, a repeated group's rows field by field. */
function toAnswer(field: ResolvedDataField, value: unknown): unknown {
  if (isRich(field)) return lexicalToRichText(value);
  if (field.type === 'file') return fileAnswer(value);
  const fields = itemFields(field);
  if (fields && Array.isArray(value)) return value.map((row) => (isObject(row) ? { ...unknownKeys(fields, row), ...readFields(fields, row) } : row));
  return value;
}

/** The upload collection of content files (Payload's convention): staff upload, everyone reads. */
export const CONTENT_UPLOADS = 'media';

/**
 * What Payload answers for an upload beside its id; a file's contentPath names where the id is
 * kept ("pdf.id"), and the object around it is the upload as the pages read it ({url, ...}).
 */
export const UPLOAD_KEYS: ReadonlySet<string> = new Set([
  'id',
  'url',
  'filename',
  'mimeType',
  'filesize',
  'width',
  'height',
  'focalX',
  'focalY',
  'thumbnailURL',
  'createdAt',
  'updatedAt',
]);

/** A row's keys no sub-question covers (its Payload row id, an upload's own keys aside), kept so validation names them. */
function unknownKeys(fields: ResolvedDataField[], row: Data): Data {
  const known = new Set(fields.map((field) => pathOf(field).split('.')[0]));
  const holdsUpload = fields.some((field) => field.type === 'file' && pathOf(field) === 'id');
  return Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'id' && !known.has(key) && !(holdsUpload && UPLOAD_KEYS.has(key))));
}

function toStored(field: ResolvedDataField, value: unknown): unknown {
  if (isRich(field) && typeof value === 'string') return richTextToLexical(value);
  const fields = itemFields(field);
  if (fields && Array.isArray(value)) return value.map((row) => (isObject(row) ? writeFields(fields, row, {}) : row));
  return value;
}

function readFields(fields: ResolvedDataField[], doc: Data): Data {
  const answers: Data = {};
  for (const field of fields) {
    const value = readPath(doc, pathOf(field));
    if (value === undefined || value === null || value === '') continue;
    const answer = toAnswer(field, value);
    if (answer !== undefined) answers[field.name] = answer;
  }
  return answers;
}

function writeFields(fields: ResolvedDataField[], answers: Data, base: Data): Data {
  const doc: Data = structuredClone(base);
  for (const field of fields) {
    const value = answers[field.name];
    const path = pathOf(field);
    if (value === undefined || value === null || value === '') {
      removePath(doc, path);
      continue;
    }
    writePath(doc, path, toStored(field, value));
  }
  return doc;
}

export function readPath(doc: Data, path: string): unknown {
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
  return readFields(dataFields(form), doc);
}

/**
 * The document to store: `base` (the stored document, for a partial update) with each answered
 * field written at its path and each unanswered one removed; parents left empty go too. A
 * repeated group's rows are written whole, each sub-question at its own path in the row.
 */
export function answersToDocument(form: ResolvedForm, answers: Data, base: Data = {}): Data {
  return writeFields(dataFields(form), answers, base);
}

/** The answer path of a document path: "title.ar" → "title_ar", "discounts.0.text.en" → "discounts.0.text_en". */
export function answerPathOf(form: ResolvedForm, path: string): string {
  return mapPath(
    dataFields(form),
    path,
    (field) => pathOf(field),
    (field) => field.name,
  );
}

/** The document path of an answer path: "title_ar" → "title.ar", "discounts.0.text_en" → "discounts.0.text.en". */
export function documentPathOf(form: ResolvedForm, path: string): string {
  return mapPath(
    dataFields(form),
    path,
    (field) => field.name,
    (field) => pathOf(field),
  );
}

function mapPath(fields: ResolvedDataField[], path: string, from: (field: ResolvedDataField) => string, to: (field: ResolvedDataField) => string): string {
  for (const field of fields) {
    const at = from(field);
    if (path === at) return to(field);
    if (!path.startsWith(`${at}.`)) continue;
    const rest = path.slice(at.length + 1);
    const inner = itemFields(field);
    const [index, ...within] = rest.split('.');
    if (inner && /^\d+$/.test(index) && within.length) return `${to(field)}.${index}.${mapPath(inner, within.join('.'), from, to)}`;
    return `${to(field)}.${rest}`;
  }
  return path;
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
