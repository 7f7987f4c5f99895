import type { WidgetProps } from '@rjsf/utils';
import { emptyToUndefined, useWidgetField } from './common.tsx';

/** Addresses are Latin text: dir=ltr keeps them readable inside an Arabic page. */
export function EmailWidget(props: WidgetProps) {
  const { field, required, invalid, describedBy, disabled } = useWidgetField(props);
  return (
    <input
      id={props.id}
      name={props.id}
      type="email"
      dir="ltr"
      inputMode="email"
      className="input input-ltr"
      value={props.value ?? ''}
      placeholder={props.placeholder || undefined}
      autoComplete={('autocomplete' in field && field.autocomplete) || 'email'}
      spellCheck={false}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => props.onChange(emptyToUndefined(event.target.value.trim()))}
      onBlur={(event) => props.onBlur(props.id, event.target.value)}
      onFocus={(event) => props.onFocus(props.id, event.target.value)}
    />
  );
}
