import type { WidgetProps } from '@rjsf/utils';
import { RequiredMark, useWidgetField } from './common.tsx';

/** A check box that always starts unticked: consent is never assumed. */
export function ConsentWidget(props: WidgetProps) {
  const { required, invalid, describedBy, disabled } = useWidgetField(props);
  return (
    <div className="consent">
      <input
        id={props.id}
        name={props.id}
        type="checkbox"
        className="consent-input"
        checked={props.value === true}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(event) => props.onChange(event.target.checked)}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
      <label htmlFor={props.id} className="consent-label">
        {props.label}
        {required && <RequiredMark />}
      </label>
    </div>
  );
}
