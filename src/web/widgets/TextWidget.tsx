import type { WidgetProps } from '@rjsf/utils';
import { type FieldOf, textControlProps, useWidgetField } from './common.tsx';

export function TextWidget(props: WidgetProps) {
  const state = useWidgetField<FieldOf<'text'>>(props);
  const { field } = state;
  return <input type="text" className="input" maxLength={field.maxLength} inputMode={field.inputMode} autoComplete={field.autocomplete ?? 'off'} {...textControlProps(props, state)} />;
}
