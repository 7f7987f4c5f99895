// Compiled form → RJSF uiSchema in one language. Widgets receive the whole resolved field
// in ui:options.field, so a new field property needs no change here.
import type { Lang, LocalizedText } from './definition.ts';
import type { ResolvedForm, ResolvedField } from './compiled.ts';
import { pick } from './messages.ts';

export type UiSchema = Record<string, unknown>;

export type SectionItem = { kind: 'field'; name: string } | { kind: 'content'; block: Extract<ResolvedField, { type: 'content' }> };
export interface UiSection {
  id: string;
  title?: string;
  description?: string;
  items: SectionItem[];
}

const text = (value: LocalizedText | undefined, lang: Lang) => (value ? pick(value, lang) : undefined);

export function buildUiSchema(form: ResolvedForm, lang: Lang): UiSchema {
  const ui: UiSchema = {};
  const sections: UiSection[] = [];
  const order: string[] = [];
  for (const section of form.sections) {
    const items: SectionItem[] = [];
    for (const field of section.fields) {
      if (field.type === 'content') {
        items.push({ kind: 'content', block: field });
        continue;
      }
      items.push({ kind: 'field', name: field.name });
      order.push(field.name);
      ui[field.name] = {
        'ui:widget': field.type,
        'ui:title': text('label' in field ? field.label : undefined, lang) ?? '',
        'ui:description': text('help' in field ? field.help : undefined, lang),
        'ui:placeholder': text('placeholder' in field ? field.placeholder : undefined, lang),
        'ui:autocomplete': 'autocomplete' in field ? field.autocomplete : undefined,
        'ui:options': { field, lang },
      };
    }
    sections.push({ id: section.id, title: text(section.title, lang), description: text(section.description, lang), items });
  }
  ui['ui:order'] = order;
  ui['ui:options'] = { sections };
  ui['ui:submitButtonOptions'] = { norender: true };
  return ui;
}
