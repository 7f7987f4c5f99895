// The pages ship RJSF without the parts no compiled form reaches (vite.config.ts, UNUSED_RJSF_PARTS,
// replaced by a stand-in that throws): this holds for every form and content form built, so a
// definition or compiler change that would need one of them fails here, not in a guest's page.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSchema } from '../../src/engine/compiler/compile.ts';
import { LANGUAGES } from '../../src/engine/text/languages.ts';
import { FIELD_UI } from '../../src/web/widgets/fieldUi.ts';
import { buildUiSchema } from '../../src/engine/compiler/ui-schema.ts';
import { loadCompiledForms } from '../../src/server/core/forms/compiled-forms.ts';
import { fields, widgets } from '../../src/web/widgets/registry.ts';

const forms = [...(await loadCompiledForms(path.resolve('build/forms'))), ...(await loadCompiledForms(path.resolve('build/forms/content')))].map(
  (loaded) => loaded.compiled,
);

/** Every object anywhere in `node` (itself included). */
function objectsIn(node: unknown): Record<string, unknown>[] {
  if (!node || typeof node !== 'object') return [];
  return [node as Record<string, unknown>, ...Object.values(node).flatMap(objectsIn)];
}

/** Every value under `key` anywhere in `node`. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([name, value]) => [...(name === key ? [value] : []), ...valuesOf(value, key)]);
}

describe('the RJSF parts the pages leave out', () => {
  it('finds the built forms', () => {
    expect(forms.length).toBeGreaterThan(12);
  });
  it.each(forms.map((form) => [form.id, form] as const))('%s: no anyOf/oneOf in the rendered schema; every widget and field is ours', (_id, compiled) => {
    const schema = renderSchema(compiled.schema, compiled.form);
    expect(valuesOf(schema, 'anyOf')).toEqual([]);
    expect(valuesOf(schema, 'oneOf')).toEqual([]);
    for (const lang of LANGUAGES) {
      const ui = buildUiSchema(compiled.form, lang, FIELD_UI);
      for (const question of objectsIn(ui).filter((node) => 'ui:widget' in node || 'ui:field' in node)) {
        // A custom field draws the question itself: its widget name is not looked up.
        if ('ui:field' in question) expect(Object.keys(fields)).toContain(question['ui:field']);
        else expect(Object.keys(widgets)).toContain(question['ui:widget']);
      }
    }
  });
});
