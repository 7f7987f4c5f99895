import type { WidgetProps } from '@rjsf/utils';
import { type FieldOf, hintId, useWidgetField } from './common.tsx';
import { OptionGroup } from './OptionGroup.tsx';

/** A whole-number scale such as 0 to 10, one radio per number, with the end labels as a hint. */
export function ScaleWidget(props: WidgetProps) {
  const state = useWidgetField<FieldOf<'scale'>>(props);
  const { field } = state;
  const options = [];
  for (let n = field.min; n <= field.max; n++) options.push({ value: n, label: String(n) });
  const minLabel = field.minLabel && state.text(field.minLabel);
  const maxLabel = field.maxLabel && state.text(field.maxLabel);
  const hasEnds = Boolean(minLabel || maxLabel);
  const footer = hasEnds && (
    <p className="scale-ends" id={hintId(props.id)}>
      <span>{minLabel && `${field.min}: ${minLabel}`}</span>
      <span>{maxLabel && `${field.max}: ${maxLabel}`}</span>
    </p>
  );
  return <OptionGroup widget={props} state={state} options={options} variant="scale" footer={footer} describedBy={hasEnds ? hintId(props.id) : undefined} />;
}
