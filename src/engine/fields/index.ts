// FIELD_TYPES: every field type of the definition format, one module each (./<type>.ts). The
// definition's union of questions (definition.ts Field) is built from this table, so a type is
// known everywhere once its line is here; the web's FIELD_UI table (src/web/widgets/registry.ts)
// must then name its widget, or the typecheck fails. docs/authoring.md, "Adding a field type".
import { Type, type TUnion } from '@sinclair/typebox';
import { choice } from './choice.ts';
import { consent } from './consent.ts';
import { content } from './content.ts';
import { country } from './country.ts';
import { date } from './date.ts';
import { email } from './email.ts';
import { file } from './file.ts';
import { hidden } from './hidden.ts';
import { multichoice } from './multichoice.ts';
import { number } from './number.ts';
import { phone } from './phone.ts';
import { rating } from './rating.ts';
import { repeat } from './repeat.ts';
import { scale } from './scale.ts';
import { select } from './select.ts';
import { signature } from './signature.ts';
import { text } from './text.ts';
import { textarea } from './textarea.ts';

/** In the order of forms/form.schema.json's list of question kinds. */
export const FIELD_TYPES = {
  text,
  textarea,
  email,
  phone,
  date,
  number,
  choice,
  select,
  multichoice,
  consent,
  rating,
  scale,
  country,
  file,
  hidden,
  content,
  signature,
  repeat,
};
type Definitions = (typeof FIELD_TYPES)[keyof typeof FIELD_TYPES]['definition'];

/** Any question of a form definition. */
export const Field = Type.Union(Object.values(FIELD_TYPES).map((module) => module.definition)) as TUnion<Definitions[]>;

export { ChoiceField } from './choice.ts';
export { ConsentField } from './consent.ts';
export { ContentBlock } from './content.ts';
export { CountryField } from './country.ts';
export { DateField } from './date.ts';
export { EmailField } from './email.ts';
export { FileField } from './file.ts';
export { HiddenField } from './hidden.ts';
export { MultiChoiceField } from './multichoice.ts';
export { NumberField } from './number.ts';
export { PhoneField } from './phone.ts';
export { RatingField } from './rating.ts';
export { RepeatField } from './repeat.ts';
export { ScaleField } from './scale.ts';
export { SelectField } from './select.ts';
export { SignatureField } from './signature.ts';
export { TextField } from './text.ts';
export { TextareaField } from './textarea.ts';
