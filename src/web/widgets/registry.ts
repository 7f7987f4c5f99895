// One widget per field type FIELD_UI (fieldUi.ts) says a widget draws, one RJSF field per type
// drawn as a field: a type without its widget here fails the typecheck.
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { FieldType } from '../../engine/definition/definition.ts';
import { ChoiceWidget } from './ChoiceWidget.tsx';
import { ConsentWidget } from './ConsentWidget.tsx';
import { CountryWidget } from './CountryWidget.tsx';
import { DateWidget } from './DateWidget.tsx';
import { EmailWidget } from './EmailWidget.tsx';
import { FIELD_UI, fieldTypes, type DrawnBy } from './fieldUi.ts';
import { FileWidget } from './FileWidget.tsx';
import { HiddenWidget } from './HiddenWidget.tsx';
import { MultiChoiceWidget } from './MultiChoiceWidget.tsx';
import { NumberWidget } from './NumberWidget.tsx';
import { PhoneWidget } from './PhoneWidget.tsx';
import { RatingWidget } from './RatingWidget.tsx';
import { ScaleWidget } from './ScaleWidget.tsx';
import { SelectWidget } from './SelectWidget.tsx';
import { SignatureWidget } from './SignatureWidget.tsx';
import { TextareaWidget } from './TextareaWidget.tsx';
import { TextWidget } from './TextWidget.tsx';

export const widgets: Record<DrawnBy<'widget'>, RegistryWidgetsType[string]> = {
  text: TextWidget,
  textarea: TextareaWidget,
  email: EmailWidget,
  phone: PhoneWidget,
  date: DateWidget,
  number: NumberWidget,
  choice: ChoiceWidget,
  select: SelectWidget,
  multichoice: MultiChoiceWidget,
  consent: ConsentWidget,
  rating: RatingWidget,
  scale: ScaleWidget,
  country: CountryWidget,
  file: FileWidget,
  hidden: HiddenWidget,
};

/** Types whose value is an object are RJSF fields (ui:field, set by engine/compiler/ui-schema.ts). */
export const fields: Record<DrawnBy<'field'>, RegistryFieldsType[string]> = {
  signature: SignatureWidget,
};

/** Widgets that label themselves (a fieldset legend or a check box label) instead of the field's <label>. */
export const widgetsWithOwnLabel: ReadonlySet<FieldType> = new Set(fieldTypes.filter((type) => FIELD_UI[type].ownLabel));
