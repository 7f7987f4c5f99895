import type { WidgetProps } from '@rjsf/utils';
import { useWidgetField } from './common.tsx';
import { OptionGroup } from './OptionGroup.tsx';

/**
 * A named ordered scale (Poor … Excellent) drawn as stars. The options are laid out with the
 * text direction, so in Arabic the scale runs from the right, as readers expect.
 */
export function RatingWidget(props: WidgetProps) {
  const state = useWidgetField(props);
  const options = (state.field.options ?? []).map((o) => ({ value: o.value, label: state.text(o.label) }));
  return (
    <OptionGroup
      widget={props}
      state={state}
      options={options}
      variant="rating"
      decorate={() => (
        <span className="rating-star" aria-hidden="true">
          ★
        </span>
      )}
    />
  );
}
