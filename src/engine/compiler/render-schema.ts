// The schema the page renders from, apart from the compiler: the pages import this and
// must not bundle the definition format (TypeBox) that compile.ts reaches through src/engine/fields.
import type { JsonSchema, ResolvedForm } from './compiled.ts';
import { dataFields } from '../checks/conditions.ts';

/** The contract without its conditional rules, with every field that is required when shown marked required (the page hides the rest). */
export function renderSchema(contract: JsonSchema, form: ResolvedForm): JsonSchema {
  const { allOf: _rules, ...schema } = contract;
  const required = dataFields(form)
    .filter((f) => f.required)
    .map((f) => f.name);
  return { ...schema, required };
}
