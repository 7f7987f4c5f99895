import type { WidgetProps } from '@rjsf/utils';
import { todayIso } from '../../engine/format.ts';
import { emptyToUndefined, fieldOf, type FieldOf, hintId, useWidgetField } from './common.tsx';

/** The browser's own date picker (accessible and localised); the stored value is YYYY-MM-DD. */
export function DateWidget(props: WidgetProps) {
  const field = fieldOf<FieldOf<'date'>>(props);
  const hint = field.displayFormat;
  const { required, invalid, describedBy, disabled } = useWidgetField(props, hint ? [hintId(props.id)] : []);
  const limit = (value: string | undefined) => (value === 'today' ? todayIso() : value);
  return (
    <>
      {hint && (
        <p className="field-hint" id={hintId(props.id)} dir="ltr">
          {hint}
        </p>
      )}
      <input
        id={props.id}
        name={props.id}
        type="date"
        className="input input-date"
        value={props.value ?? ''}
        min={limit(field.min)}
        max={limit(field.max)}
        autoComplete={field.autocomplete ?? 'off'}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(event) => props.onChange(emptyToUndefined(event.target.value))}
        onBlur={(event) => props.onBlur(props.id, event.target.value)}
        onFocus={(event) => props.onFocus(props.id, event.target.value)}
      />
    </>
  );
}
