import type { WidgetProps } from '@rjsf/utils';
import { todayIso } from '../../engine/format.ts';
import { fieldOf, type FieldOf, hintId, textControlProps, useWidgetField } from './common.tsx';

/** The browser's own date picker (accessible and localised); the stored value is YYYY-MM-DD. */
export function DateWidget(props: WidgetProps) {
  const field = fieldOf<FieldOf<'date'>>(props);
  const hint = field.displayFormat;
  const state = useWidgetField(props, hint ? [hintId(props.id)] : []);
  const limit = (value: string | undefined) => (value === 'today' ? todayIso() : value);
  return (
    <>
      {hint && (
        <p className="field-hint" id={hintId(props.id)} dir="ltr">
          {hint}
        </p>
      )}
      <input type="date" className="input input-date" min={limit(field.min)} max={limit(field.max)} autoComplete={field.autocomplete ?? 'off'} {...textControlProps(props, state)} />
    </>
  );
}
