// Compiled form → RJSF uiSchema in one language. Widgets receive the whole resolved field
// in ui:options.field, so a new field property needs no change here.
import type { FieldType, Lang } from '../definition/definition.ts';
import type { ResolvedForm, ResolvedField, ResolvedDataField, TextKey } from './compiled.ts';
import { formText } from '../text/messages.ts';

export type UiSchema = Record<string, unknown>;

/**
 * How the page's form library (RJSF) draws a field type, as the web's FIELD_UI table says:
 * widget: ui:widget names it; field: an RJSF field draws an object value (ui:field); list: RJSF's
 * array field draws a repeated group with the web's templates; static: the section draws it.
 */
export type FieldControl = 'widget' | 'field' | 'list' | 'static';
export type FieldControls = Readonly<Record<FieldType, { readonly control: FieldControl }>>;

export type SectionItem = { kind: 'field'; name: string } | { kind: 'content'; block: Extract<ResolvedField, { type: 'content' }> };
export interface UiSection {
  id: string;
  title?: string;
  description?: string;
  items: SectionItem[];
}

/** What every field's ui:options carries; `within` names the repeated group a sub-field belongs to. */
export interface FieldUiOptions {
  /** The form's namespace: the field's texts are keys in it. */
  formId: string;
  field: ResolvedDataField;
  lang: Lang;
  within?: string;
}

/** The uiSchema of one question; a repeated group's sub-questions get the same, under `items`. */
function fieldUi(formId: string, field: ResolvedDataField, lang: Lang, controls: FieldControls, within?: string): UiSchema {
  const text = (key: TextKey | undefined) => (key ? formText(formId, key, lang) : undefined);
  const options: FieldUiOptions = within ? { formId, field, lang, within } : { formId, field, lang };
  const ui: UiSchema = {
    'ui:widget': field.type,
    'ui:title': text('label' in field ? field.label : undefined) ?? '',
    'ui:description': text('help' in field ? field.help : undefined),
    'ui:placeholder': text('placeholder' in field ? field.placeholder : undefined),
    'ui:autocomplete': 'autocomplete' in field ? field.autocomplete : undefined,
    'ui:options': options,
  };
  const { control } = controls[field.type];
  if (control === 'list' && field.type === 'repeat') {
    // A list is RJSF's own array field (add, remove, stable keys) drawn by the web's array
    // templates; a widget would replace it, so there is none.
    delete ui['ui:widget'];
    const subFields = field.fields as ResolvedDataField[];
    ui.items = {
      'ui:order': subFields.map((f) => f.name),
      ...Object.fromEntries(subFields.map((f) => [f.name, fieldUi(formId, f, lang, controls, field.name)])),
    };
  }
  if (control === 'field') {
    // An object value is drawn by a custom RJSF field, not a widget. RJSF reads ui:field
    // through the same merged options as ui:options.field, so it must come last to win there.
    ui['ui:field'] = field.type;
  }
  return ui;
}

export function buildUiSchema(form: ResolvedForm, lang: Lang, controls: FieldControls): UiSchema {
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
      ui[field.name] = fieldUi(form.id, field as ResolvedDataField, lang, controls);
    }
    const text = (key: TextKey | undefined) => (key ? formText(form.id, key, lang) : undefined);
    sections.push({ id: section.id, title: text(section.title), description: text(section.description), items });
  }
  ui['ui:order'] = order;
  ui['ui:options'] = { sections };
  ui['ui:submitButtonOptions'] = { norender: true };
  return ui;
}
