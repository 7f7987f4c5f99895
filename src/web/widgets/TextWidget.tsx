import type { WidgetProps } from '@rjsf/utils';
import { type FieldOf, textControlProps, useWidgetField } from './common.tsx';
import { toAsciiDigits } from '../../engine/checks/digits.ts';

export function TextWidget(props: WidgetProps) {
  const state = useWidgetField<FieldOf<'text'>>(props);
  const { field } = state;
  // dir="auto": Latin text typed on an Arabic page (or the reverse) keeps its punctuation on the right side.
  // Digits typed on an Arabic keyboard (٠١٢…) are stored as 0-9, so an ID number is accepted as typed.
  return (
    <input
      type="text"
      dir="auto"
      className="input"
      maxLength={field.maxLength}
      inputMode={field.inputMode}
      autoComplete={state.autoComplete(field.autocomplete)}
      {...textControlProps(props, state, toAsciiDigits)}
    />
  );
}
