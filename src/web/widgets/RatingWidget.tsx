import type { WidgetProps } from '@rjsf/utils';
import { type FieldOf, useWidgetField } from './common.tsx';
import { OptionGroup } from './OptionGroup.tsx';

/**
 * A named ordered scale. Quality ratings (Poor … Excellent; the vocabulary sets `stars`) are drawn
 * as stars; every other scale (agreement with "I do not know", frequency, satisfaction) as a row of
 * labelled steps, since a star for "I do not know" would say something the answer does not.
 * The options follow the text direction, so in Arabic the scale runs from the right.
 */
export function RatingWidget(props: WidgetProps) {
  const state = useWidgetField<FieldOf<'rating'>>(props);
  const options = (state.field.options ?? []).map((o) => ({ value: o.value, label: state.text(o.label) }));
  if (!state.field.stars) return <OptionGroup widget={props} state={state} options={options} variant="steps" />;
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
