// FIELD_UI: how the pages show each field type of src/engine/fields (FIELD_TYPES): how RJSF draws
// it, whether it labels itself, whether it is typed into, and how staff read a stored answer. A
// type missing here fails the typecheck (satisfies Record<FieldType, ...>), and so does a widget
// missing from registry.ts for a type drawn by one. Data only, no components: the guest's form
// takes the widgets (registry.ts) and the console the answer views (pages/submissions/AnswerValue.tsx)
// without either carrying the other's code.
import type { FieldType } from '../../engine/definition.ts';
import type { FieldControl } from '../../engine/ui-schema.ts';

/** How staff read a stored answer (console/AnswerValue.tsx has one view of each). */
export type AnswerView = 'text' | 'option' | 'options' | 'yesNo' | 'drawing' | 'files' | 'group' | 'none';

export interface FieldUi {
  /** widget: one of registry.ts's widgets; field: an RJSF field (an object value); list: RJSF's array field with form/templates; static: drawn by the section (no answer). */
  control: FieldControl;
  /** Labels itself (a fieldset legend, a check box label) instead of getting the field's <label>. */
  ownLabel: boolean;
  /** Typed into character by character: the form sees the answer when typing pauses (form/bufferedWidgets.tsx). */
  typed: boolean;
  answer: AnswerView;
}

export const FIELD_UI = {
  text: { control: 'widget', ownLabel: false, typed: true, answer: 'text' },
  textarea: { control: 'widget', ownLabel: false, typed: true, answer: 'text' },
  email: { control: 'widget', ownLabel: false, typed: true, answer: 'text' },
  phone: { control: 'widget', ownLabel: false, typed: false, answer: 'text' },
  date: { control: 'widget', ownLabel: true, typed: false, answer: 'text' },
  number: { control: 'widget', ownLabel: false, typed: true, answer: 'text' },
  choice: { control: 'widget', ownLabel: true, typed: false, answer: 'option' },
  select: { control: 'widget', ownLabel: false, typed: false, answer: 'option' },
  multichoice: { control: 'widget', ownLabel: true, typed: false, answer: 'options' },
  consent: { control: 'widget', ownLabel: true, typed: false, answer: 'yesNo' },
  rating: { control: 'widget', ownLabel: true, typed: false, answer: 'option' },
  scale: { control: 'widget', ownLabel: true, typed: false, answer: 'text' },
  country: { control: 'widget', ownLabel: false, typed: false, answer: 'text' },
  file: { control: 'widget', ownLabel: false, typed: false, answer: 'files' },
  hidden: { control: 'widget', ownLabel: true, typed: false, answer: 'text' },
  content: { control: 'static', ownLabel: false, typed: false, answer: 'none' },
  signature: { control: 'field', ownLabel: true, typed: false, answer: 'drawing' },
  repeat: { control: 'list', ownLabel: true, typed: false, answer: 'group' },
} as const satisfies Record<FieldType, FieldUi>;

/** The field types a control of this kind draws (registry.ts keys its widgets and fields by them). */
export type DrawnBy<C extends FieldControl> = { [K in FieldType]: (typeof FIELD_UI)[K]['control'] extends C ? K : never }[FieldType];

export const fieldTypes = Object.keys(FIELD_UI) as FieldType[];
