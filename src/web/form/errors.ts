// RJSF errors reworded in the page's language by the engine (the same wording the server uses).
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { ResolvedField } from '../../engine/compiled.ts';
import type { Lang } from '../../engine/definition.ts';
import { errorMessage } from '../../engine/errors.ts';

/** "first_name" from RJSF's ".first_name" or "first_name" property paths. */
export function errorFieldName(error: RJSFValidationError): string {
  return (error.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
}

export function localizeErrors(errors: RJSFValidationError[], fields: Map<string, ResolvedField>, lang: Lang): RJSFValidationError[] {
  const seen = new Set<string>();
  const result: RJSFValidationError[] = [];
  for (const error of errors) {
    // "must match then schema" only says which rule failed; the rule's own error says what to do.
    if (error.name === 'if') continue;
    const name = errorFieldName(error);
    if (seen.has(name)) continue; // one message per question is enough to act on
    seen.add(name);
    const message = errorMessage({ keyword: error.name ?? '', params: error.params }, fields.get(name), lang);
    result.push({ ...error, message, stack: `${name}: ${message}` });
  }
  return result;
}

/** Server messages per field, in the ErrorSchema shape RJSF shows next to each field. */
export function toErrorSchema(messages: Record<string, string[]>): ErrorSchema {
  return Object.fromEntries(Object.entries(messages).map(([name, list]) => [name, { __errors: list }])) as ErrorSchema;
}
