// One wording for every validation error, shared by the page (RJSF transformErrors) and the server.
import type { Lang } from '../definition/definition.ts';
import type { ResolvedField } from '../compiler/compiled.ts';
import { formText, t, type MessageKey } from '../text/messages.ts';

export interface SchemaError {
  keyword: string;
  params?: Record<string, unknown>;
}

/** The localized message for one ajv error on `field` of form `formId` (field undefined when the error is about the whole form). */
export function errorMessage(error: SchemaError, field: ResolvedField | undefined, lang: Lang, formId: string): string {
  const own = field && 'messages' in field ? field.messages?.[error.keyword] : undefined;
  if (own) return formText(formId, own, lang);
  const limit = Number(error.params?.limit ?? 0);
  switch (error.keyword) {
    case 'required':
      // A required box never ticked is missing rather than false: the same "tick this box" message.
      return field?.type === 'consent' ? t('consentRequired', lang) : t('required', lang);
    case 'const':
      return field?.type === 'consent' ? t('consentRequired', lang) : t('invalid', lang);
    case 'minLength':
      return limit <= 1 ? t('required', lang) : t('minLength', lang, { limit, count: limit });
    case 'minItems':
      return limit <= 1 && field && 'required' in field && field.required ? t('required', lang) : t('minItems', lang, { limit, count: limit });
    case 'format':
      return t(error.params?.format === 'email' ? 'email' : error.params?.format === 'date' ? 'date' : 'invalid', lang);
    case 'pattern':
      return field?.type === 'phone' ? t('phone', lang) : t('pattern', lang);
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'maxItems':
      return t(error.keyword as MessageKey, lang, { limit, count: limit });
    case 'enum':
    case 'type':
    case 'additionalProperties':
      return t(error.keyword, lang);
    case 'not':
      return t('notAllowed', lang);
    default:
      return t('invalid', lang);
  }
}

/**
 * A date question's format error is left to the answer checks (date-limits.ts): they see what was
 * typed, so they can say which part is missing or that the day does not exist in that month.
 */
export function explainedByAnswerChecks(error: SchemaError, field: ResolvedField | undefined): boolean {
  return error.keyword === 'format' && error.params?.format === 'date' && field?.type === 'date';
}

/** The definition of the value at a dot path: a repeated group's item field for "dependents.0.name". */
export function leafField(top: ResolvedField | undefined, path: string): ResolvedField | undefined {
  const parts = path.split('.');
  if (top?.type === 'repeat' && parts.length >= 3) return top.fields.find((f) => f.name === parts[2]) as ResolvedField | undefined;
  return top;
}

export interface RawSchemaError extends SchemaError {
  instancePath?: string;
  schemaPath?: string;
}

/** A problem with one answer, in the guest's words (the server puts it into its API error item, core/errors.ts FieldError). */
export interface AnswerError {
  /** Dot path of the value, e.g. "phone" or "dependents.0.name". */
  path: string;
  /** Top-level field name, for finding its definition and label. */
  field: string;
  message: string;
}

/** Resolves a JSON pointer such as "#/allOf/0/else/not" inside a schema. */
function atPointer(schema: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      schema,
    );
}

/** At most this many field errors are described: enough to fix a form, and a bounded answer to a hostile one. */
export const MAX_FIELD_ERRORS = 50;

/**
 * ajv errors as one message per field, in `lang`, at most `limit` of them. A hidden question that
 * was answered fails a rule's `not: {required: [name]}`; the name is read back from the schema at
 * the error's schemaPath. The `if` errors that only say which branch failed are dropped: their
 * branch errors say it better. An unknown answer keeps its name even when it is empty (""), so a
 * refused value is always named; an error no field explains is reported on the whole form (path "").
 */
export function describeErrors(
  errors: RawSchemaError[],
  schema: unknown,
  fields: (name: string) => ResolvedField | undefined,
  lang: Lang,
  formId: string,
  limit = MAX_FIELD_ERRORS,
): AnswerError[] {
  const seen = new Set<string>();
  const result: AnswerError[] = [];
  let unexplained: RawSchemaError | undefined;
  for (const error of errors) {
    if (result.length >= limit) break;
    if (error.keyword === 'if') continue;
    const base = (error.instancePath ?? '')
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .join('.');
    const property = (
      error.keyword === 'required' ? error.params?.missingProperty : error.keyword === 'additionalProperties' ? error.params?.additionalProperty : undefined
    ) as string | undefined;
    let path: string | undefined = property !== undefined ? (base ? `${base}.${property}` : property) : base || undefined;
    if (!path && error.keyword === 'not' && error.schemaPath)
      path = (atPointer(schema, error.schemaPath) as { required?: string[] } | undefined)?.required?.[0];
    if (path === undefined) {
      unexplained ??= error;
      continue;
    }
    if (seen.has(path)) continue;
    const name = path.split('.')[0];
    const field = leafField(fields(name), path);
    if (explainedByAnswerChecks(error, field)) continue;
    seen.add(path);
    result.push({ path, field: name, message: errorMessage(error, field, lang, formId) });
  }
  if (result.length === 0 && unexplained) result.push({ path: '', field: '', message: errorMessage(unexplained, undefined, lang, formId) });
  return result;
}
