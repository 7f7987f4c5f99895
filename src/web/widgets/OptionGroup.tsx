// A question answered by picking among options: a fieldset whose legend is the question, one
// native radio (or check box) per option, so arrow keys, Space and screen readers work as usual.
import type { ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { RequiredMark, type WidgetField } from './common.tsx';

export interface GroupOption {
  value: unknown;
  label: string;
  icon?: string;
}

interface Props {
  widget: WidgetProps;
  state: WidgetField;
  options: GroupOption[];
  variant: 'choice' | 'rating' | 'steps' | 'scale' | 'multichoice';
  /** Extra content of each option (stars, numbers); the label text stays its accessible name. */
  decorate?: (option: GroupOption, index: number) => ReactNode;
  footer?: ReactNode;
  describedBy?: string;
}

export function OptionGroup({ widget, state, options, variant, decorate, footer, describedBy }: Props) {
  const multiple = variant === 'multichoice';
  const chosen: unknown[] = multiple ? (Array.isArray(widget.value) ? widget.value : []) : widget.value === undefined ? [] : [widget.value];
  const chosenIndex = options.findIndex((o) => chosen.includes(o.value));
  const toggle = (option: GroupOption, checked: boolean) => {
    if (!multiple) return widget.onChange(option.value);
    // Keep the options' order, whatever the order of clicks.
    const next = options.filter((o) => (o === option ? checked : chosen.includes(o.value))).map((o) => o.value);
    widget.onChange(next.length ? next : undefined);
  };
  const ids = [describedBy, state.describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={`option-group option-group-${variant}`}
      role={multiple ? undefined : 'radiogroup'}
      aria-required={(!multiple && state.required) || undefined}
      aria-invalid={state.invalid || undefined}
      aria-labelledby={`${widget.id}__legend`}
      aria-describedby={ids}
      disabled={state.disabled}
    >
      <legend className="field-label" id={`${widget.id}__legend`}>
        {widget.label}
        {state.required && <RequiredMark />}
      </legend>
      <div className="options">
        {options.map((option, index) => {
          const checked = chosen.includes(option.value);
          const filled = variant === 'rating' && chosenIndex >= 0 && index <= chosenIndex;
          return (
            <label key={String(option.value)} className={`option${checked ? ' is-selected' : ''}${filled ? ' is-filled' : ''}`}>
              <input
                className="option-input"
                type={multiple ? 'checkbox' : 'radio'}
                id={index === 0 ? widget.id : `${widget.id}-${index}`}
                name={widget.id}
                // The answer itself, so a post without JavaScript names it (features/native-post decodes it).
                value={String(option.value)}
                checked={checked}
                aria-invalid={(multiple && state.invalid) || undefined}
                onChange={(event) => toggle(option, event.target.checked)}
                onBlur={() => widget.onBlur(widget.id, widget.value)}
                onFocus={() => widget.onFocus(widget.id, widget.value)}
              />
              {decorate?.(option, index)}
              {option.icon && (
                <span className="option-icon" aria-hidden="true">
                  {option.icon}
                </span>
              )}
              <span className="option-label">{option.label}</span>
            </label>
          );
        })}
      </div>
      {footer}
    </fieldset>
  );
}
