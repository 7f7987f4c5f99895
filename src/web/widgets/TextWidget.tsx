import type { WidgetProps } from '@rjsf/utils';
import { emptyToUndefined, type FieldOf, useWidgetField } from './common.tsx';

export function TextWidget(props: WidgetProps) {
  const { field, required, invalid, describedBy, disabled } = useWidgetField<FieldOf<'text'>>(props);
  return (
    <input
      id={props.id}
      name={props.id}
      type="text"
      className="input"
      value={props.value ?? ''}
      placeholder={props.placeholder || undefined}
      maxLength={field.maxLength}
      inputMode={field.inputMode}
      autoComplete={field.autocomplete ?? 'off'}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => props.onChange(emptyToUndefined(event.target.value))}
      onBlur={(event) => props.onBlur(props.id, event.target.value)}
      onFocus={(event) => props.onFocus(props.id, event.target.value)}
    />
  );
}
