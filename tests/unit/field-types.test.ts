// Field types in one place (docs/authoring.md, "For developers: adding a field type"): every type
// of the definition format has its engine module, its line in the web's FIELD_UI, its widget (or
// RJSF field) and its row in the authors' table of kinds. The typecheck catches most of a missing
// entry (satisfies Record<FieldType, ...>); this catches the rest and the docs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Field } from '../../src/engine/definition/definition.ts';
import { FIELD_TYPES } from '../../src/engine/fields/index.ts';
import { FIELD_UI } from '../../src/web/widgets/fieldUi.ts';
import { fields, widgets, widgetsWithOwnLabel } from '../../src/web/widgets/registry.ts';

const types = Object.keys(FIELD_TYPES);
const byControl = (control: string) =>
  Object.entries(FIELD_UI)
    .filter(([, ui]) => ui.control === control)
    .map(([type]) => type)
    .sort();

describe('the field types', () => {
  it('each module defines the type it is filed under, and the definition format knows exactly these', () => {
    for (const [type, module] of Object.entries(FIELD_TYPES)) expect(module.definition.properties.type.const, type).toBe(type);
    expect((Field.anyOf as { properties: { type: { const: string } } }[]).map((branch) => branch.properties.type.const)).toEqual(types);
    expect(types.length).toBeGreaterThanOrEqual(18);
  });

  it('each has its line in FIELD_UI and nothing else is there', () => {
    expect(Object.keys(FIELD_UI).sort()).toEqual([...types].sort());
  });

  it('each type drawn by a widget or an RJSF field has it in the registry, and the registry has no other', () => {
    expect(Object.keys(widgets).sort()).toEqual(byControl('widget'));
    expect(Object.keys(fields).sort()).toEqual(byControl('field'));
    for (const widget of [...Object.values(widgets), ...Object.values(fields)]) expect(typeof widget).toBe('function');
    expect([...widgetsWithOwnLabel].sort()).toEqual(
      Object.entries(FIELD_UI)
        .filter(([, ui]) => ui.ownLabel)
        .map(([type]) => type)
        .sort(),
    );
  });

  it('the types that hold no answer are exactly those drawn by the section', () => {
    const countries = [{ code: 'QA', name: { en: 'Qatar' } }];
    expect(byControl('static')).toEqual(['content']);
    expect(FIELD_TYPES.content.schema({ type: 'content', name: 'note', style: 'note' }, { schemaOf: () => null, countries })).toBeNull();
    expect(FIELD_TYPES.country.schema({ type: 'country', name: 'home', label: 'home.label', store: 'code' }, { schemaOf: () => null, countries })).toEqual({
      type: 'string',
      enum: ['QA'],
    });
  });

  it("each has its row in the authors' table of kinds (docs/authoring.md)", () => {
    const guide = readFileSync('docs/authoring.md', 'utf8');
    const rows = [...guide.matchAll(/^\| `([a-z]+)` \|/gm)].map((match) => match[1]);
    expect(rows.sort()).toEqual([...types].sort());
  });
});
