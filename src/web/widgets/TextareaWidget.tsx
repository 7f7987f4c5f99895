import type { WidgetProps } from '@rjsf/utils';
import { emptyToUndefined, type FieldOf, useWidgetField } from './common.tsx';

export function TextareaWidget(props: WidgetProps) {
  const { field, required, invalid, describedBy, disabled } = useWidgetField<FieldOf<'textarea'>>(props);
  return (
    <textarea
      id={props.id}
      name={props.id}
      className="input textarea"
      rows={4}
      value={props.value ?? ''}
      placeholder={props.placeholder || undefined}
      maxLength={field.maxLength}
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
