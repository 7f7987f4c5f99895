// RJSF errors reworded in the page's language by the engine (the same wording the server uses),
// each placed on the answer it is about: a question, or one sub-question of a repeated group.
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { ResolvedField } from '../../engine/compiler/compiled.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { errorMessage, explainedByAnswerChecks, leafField } from '../../engine/checks/errors.ts';

type Fields = Map<string, ResolvedField>;

const segments = (path: string) => path.replace(/^\./, '').split('.').filter(Boolean);

/**
 * The dot path of the answer an error is about: "first_name", or "dependents.0.name" inside a
 * repeated group. Anything deeper belongs to that answer (".signature.strokes" is the signature's),
 * and an error on a whole item belongs to the group.
 */
export function answerPath(path: string, fields: Fields): string {
  const parts = segments(path);
  const top = fields.get(parts[0] ?? '');
  return (top?.type === 'repeat' && parts.length >= 3 ? parts.slice(0, 3) : parts.slice(0, 1)).join('.');
}

/** "first_name" from RJSF's ".first_name" or ".dependents.0.name" property paths. */
export function errorFieldName(error: RJSFValidationError): string {
  return segments(error.property ?? '')[0] ?? '';
}

/** The definition of the answer at a path: a repeated group's sub-question for "dependents.0.name". */
export function fieldAt(fields: Fields, path: string): ResolvedField | undefined {
  return leafField(fields.get(segments(path)[0] ?? ''), segments(path).join('.'));
}

/** The value at a dot path of the answers. */
export function valueAt(data: Record<string, unknown>, path: string): unknown {
  return segments(path).reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);
}

/**
 * One localized message per answer, moved to the answer's path; errors for which `keep`
 * says no (another step's questions, a question that is not asked) are left out.
 */
export function localizeErrors(
  errors: RJSFValidationError[],
  formId: string,
  fields: Fields,
  lang: Lang,
  keep: (path: string) => boolean = () => true,
): RJSFValidationError[] {
  const seen = new Set<string>();
  const result: RJSFValidationError[] = [];
  for (const error of errors) {
    // "must match then schema" only says which rule failed; the rule's own error says what to do.
    if (error.name === 'if') continue;
    const path = answerPath(error.property ?? '', fields);
    if (seen.has(path) || (path && !keep(path))) continue; // one message per answer is enough to act on
    const field = fieldAt(fields, path);
    // Said by the answer checks (answerChecks.ts) instead, which see the value.
    if (explainedByAnswerChecks({ keyword: error.name ?? '', params: error.params }, field)) continue;
    seen.add(path);
    const message = errorMessage({ keyword: error.name ?? '', params: error.params }, field, lang, formId);
    result.push({ ...error, property: path ? `.${path}` : error.property, message, stack: `${path}: ${message}` });
  }
  return result;
}

/** Server messages per answer path, in the nested ErrorSchema shape RJSF shows next to each field. */
export function toErrorSchema(messages: Record<string, string[]>): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const [path, list] of Object.entries(messages)) {
    let node = schema;
    for (const key of segments(path)) node = (node[key] ??= {}) as Record<string, unknown>;
    node.__errors = list;
  }
  return schema as ErrorSchema;
}
