import type { WidgetProps } from '@rjsf/utils';
import { todayIso } from '../../engine/format.ts';
import { type FieldOf, textControlProps, useWidgetField } from './common.tsx';

/**
 * The browser's own date picker (accessible, and it shows the date in the device's format); the
 * stored value is YYYY-MM-DD. No format hint beside it: a fixed "mm/dd/yyyy" would contradict
 * the control's own order in most languages.
 */
export function DateWidget(props: WidgetProps) {
  const state = useWidgetField<FieldOf<'date'>>(props);
  const limit = (value: string | undefined) => (value === 'today' ? todayIso() : value);
  return <input type="date" className="input input-date" min={limit(state.field.min)} max={limit(state.field.max)} autoComplete={state.field.autocomplete ?? 'off'} {...textControlProps(props, state)} />;
}
