// FIELD_UI: how the pages show each field type of src/engine/fields (FIELD_TYPES): how RJSF draws
// it, whether it labels itself and whether it is typed into (how a stored answer reads is the field
// type's own answerText, engine/fields/answer-text.ts). A
// type missing here fails the typecheck (satisfies Record<FieldType, ...>), and so does a widget
// missing from registry.ts for a type drawn by one. Data only, no components: the guest's form
// takes the widgets (registry.ts) without the console's code.
import type { FieldType } from '../../engine/definition/definition.ts';
import type { FieldControl } from '../../engine/compiler/ui-schema.ts';

export interface FieldUi {
  /** widget: one of registry.ts's widgets; field: an RJSF field (an object value); list: RJSF's array field with form/templates; static: drawn by the section (no answer). */
  control: FieldControl;
  /** Labels itself (a fieldset legend, a check box label) instead of getting the field's <label>. */
  ownLabel: boolean;
  /** Typed into character by character: the form sees the answer when typing pauses (form/bufferedWidgets.tsx). */
  typed: boolean;
}

export const FIELD_UI = {
  text: { control: 'widget', ownLabel: false, typed: true },
  textarea: { control: 'widget', ownLabel: false, typed: true },
  email: { control: 'widget', ownLabel: false, typed: true },
  phone: { control: 'widget', ownLabel: false, typed: false },
  date: { control: 'widget', ownLabel: true, typed: false },
  number: { control: 'widget', ownLabel: false, typed: true },
  choice: { control: 'widget', ownLabel: true, typed: false },
  select: { control: 'widget', ownLabel: false, typed: false },
  multichoice: { control: 'widget', ownLabel: true, typed: false },
  consent: { control: 'widget', ownLabel: true, typed: false },
  rating: { control: 'widget', ownLabel: true, typed: false },
  scale: { control: 'widget', ownLabel: true, typed: false },
  country: { control: 'widget', ownLabel: false, typed: false },
  file: { control: 'widget', ownLabel: false, typed: false },
  hidden: { control: 'widget', ownLabel: true, typed: false },
  content: { control: 'static', ownLabel: false, typed: false },
  signature: { control: 'field', ownLabel: true, typed: false },
  repeat: { control: 'list', ownLabel: true, typed: false },
} as const satisfies Record<FieldType, FieldUi>;

/** The field types a control of this kind draws (registry.ts keys its widgets and fields by them). */
export type DrawnBy<C extends FieldControl> = { [K in FieldType]: (typeof FIELD_UI)[K]['control'] extends C ? K : never }[FieldType];

export const fieldTypes = Object.keys(FIELD_UI) as FieldType[];
