// A reviewer's reading of a change to a definition: which questions appeared, went, or changed how.
import type { FormDefinition, Field } from '../../src/engine/definition.ts';

type Json = unknown;

function fieldsOf(definition: FormDefinition): Map<string, { field: Field; section: string }> {
  return new Map(definition.sections.flatMap((s) => s.fields.map((field) => [field.name, { field, section: s.id }] as const)));
}

/** Leaf-by-leaf differences between two JSON values, as "path: before → after". */
function leafChanges(before: Json, after: Json, path: string): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isObject = (v: Json) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before as object), ...Object.keys(after as object)])];
    return keys.flatMap((k) => leafChanges((before as Record<string, Json>)[k], (after as Record<string, Json>)[k], path ? `${path}.${k}` : k));
  }
  const show = (v: Json) => (v === undefined ? '(none)' : JSON.stringify(v));
  return [`${path}: ${show(before)} → ${show(after)}`];
}

export function describeDefinitionChange(before: FormDefinition | null, after: FormDefinition | null): string[] {
  if (!before && after) return [`new form "${after.id}" with ${fieldsOf(after).size} fields`];
  if (before && !after) return [`form "${before.id}" removed`];
  if (!before || !after) return [];
  const lines: string[] = [];
  const { sections: _b, ...beforeRest } = before;
  const { sections: _a, ...afterRest } = after;
  lines.push(...leafChanges(beforeRest, afterRest, '').map((l) => `form ${l}`));
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  for (const [name, { field, section }] of now) {
    const previous = old.get(name);
    if (!previous) {
      lines.push(`field \`${name}\` added to section "${section}" (${field.type}${'required' in field && field.required ? ', required' : ''})`);
      continue;
    }
    if (previous.section !== section) lines.push(`field \`${name}\` moved from section "${previous.section}" to "${section}"`);
    const wasRequired = 'required' in previous.field && !!previous.field.required;
    const isRequired = 'required' in field && !!field.required;
    if (wasRequired !== isRequired) lines.push(`field \`${name}\` became ${isRequired ? 'required' : 'optional'}`);
    const { required: _r1, ...p } = previous.field as Field & { required?: boolean };
    const { required: _r2, ...n } = field as Field & { required?: boolean };
    lines.push(...leafChanges(p, n, '').map((l) => `field \`${name}\` ${l}`));
  }
  for (const name of old.keys()) if (!now.has(name)) lines.push(`field \`${name}\` removed`);
  const order = (d: FormDefinition) => d.sections.map((s) => s.id).join(',');
  if (order(before) !== order(after)) lines.push(`sections reordered: ${order(before)} → ${order(after)}`);
  return lines;
}
