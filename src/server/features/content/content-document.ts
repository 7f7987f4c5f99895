// A content write as the API receives it (Payload's document shape, partial for an update) turned
// into the document to store: only paths a content form declares, validated by its compiled
// schema, rich text converted to Lexical JSON. Errors name the document's own paths (title.ar).
import { isDeepStrictEqual } from 'node:util';
import type { Lang } from '../../../engine/definition/definition.ts';
import { dataFields } from '../../../engine/checks/conditions.ts';
import { answersToDocument, documentPathOf, documentToAnswers, pathOf, UPLOAD_KEYS } from '../../../engine/compiler/content-shape.ts';
import { t } from '../../../engine/text/messages.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { validateSubmission } from '../../core/forms/validation.ts';
import { validationError, type FieldError } from '../../core/errors.ts';

type Data = Record<string, unknown>;

/** Keys Payload answers with that a client may send back unchanged; never stored. */
const STAMPS = new Set(['id', 'createdAt', 'updatedAt', 'globalType']);

const isObject = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

/** Paths of the body no field of the form covers (e.g. "title.de", "price"). */
function unknownPaths(form: LoadedForm, body: Data): string[] {
  const fields = dataFields(form.compiled.form);
  const paths = fields.map(pathOf);
  // An upload sent back as Payload answered it ({id, url, filename, ...}): its own keys are known.
  const uploads = new Set(fields.filter((field) => field.type === 'file').map((field) => pathOf(field).replace(/\.?id$/, '')));
  const unknown: string[] = [];
  const walk = (value: unknown, at: string) => {
    if (paths.includes(at)) return;
    const dot = at.lastIndexOf('.');
    if (dot > 0 && uploads.has(at.slice(0, dot)) && UPLOAD_KEYS.has(at.slice(dot + 1))) return;
    const below = paths.some((path) => path.startsWith(`${at}.`));
    if (below && value === null) return; // clearing a group, e.g. "pdf": null
    if (below && isObject(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${at}.${key}`);
      return;
    }
    unknown.push(at);
  };
  for (const [key, value] of Object.entries(body)) if (!STAMPS.has(key)) walk(value, key);
  return unknown;
}

/** The document to store: `stored` (for an update) with the body's fields over it. Throws a 400 naming each wrong field. */
export function contentDocument(form: LoadedForm, target: string, body: unknown, stored: Data, lang: Lang): Data {
  if (!isObject(body)) throw validationError(target, [{ path: '', message: t('invalid', lang) }]);
  const unknown = unknownPaths(form, body);
  if (unknown.length) throw validationError(target, unknown.map((path) => ({ label: path, message: t('invalid', lang), path })));
  const sent = Object.fromEntries(Object.entries(body).filter(([key]) => !STAMPS.has(key)));
  const merged = { ...stored, ...sent };
  const answers = documentToAnswers(form.compiled.form, merged);
  const errors = validateSubmission(form, answers, lang);
  if (errors.length) throw validationError(target, errors.map((error) => onDocument(form, error)));
  const doc = answersToDocument(form.compiled.form, answers, merged);
  // A group cleared with null is not kept as null.
  for (const [key, value] of Object.entries(doc)) if (value === null && key in sent) delete doc[key];
  return doc;
}

/** "title_ar" → "title.ar", "discounts.0.text_en" → "discounts.0.text.en". */
function onDocument(form: LoadedForm, error: FieldError): FieldError {
  return { ...error, path: documentPathOf(form.compiled.form, error.path) };
}

/** Top-level keys whose value changed: what the audit log records of a change (key order aside: the database keeps its own). */
export function changedKeys(before: Data, after: Data): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !isDeepStrictEqual(before[key], after[key])).sort();
}
