import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { type FieldOf, useWidgetField } from './common.tsx';
import { toAsciiDigits } from '../../engine/checks/digits.ts';

/** A text input with a numeric keyboard: unlike type=number it accepts Arabic-Indic digits and keeps what was typed. */
export function NumberWidget(props: WidgetProps) {
  const { field, context, required, invalid, describedBy, disabled } = useWidgetField<FieldOf<'number'>>(props);
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (props.value === undefined || props.value === null ? '' : String(props.value));
  const change = (raw: string) => {
    const ascii = toAsciiDigits(raw).replace(',', '.').trim();
    setTyped(raw);
    if (ascii === '') return props.onChange(undefined);
    const number = Number(ascii);
    // A value that is not a number is passed on as text so validation names the problem.
    props.onChange(Number.isFinite(number) ? number : ascii);
  };
  return (
    <input
      id={props.id}
      name={props.id}
      type="text"
      dir="ltr"
      inputMode={field.integer ? 'numeric' : 'decimal'}
      className="input input-ltr input-number"
      value={shown}
      placeholder={props.placeholder || undefined}
      autoComplete={context.remember ? undefined : 'off'}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => change(event.target.value)}
      onBlur={(event) => {
        setTyped(null);
        props.onBlur(props.id, event.target.value);
      }}
      onFocus={(event) => props.onFocus(props.id, event.target.value)}
    />
  );
}
