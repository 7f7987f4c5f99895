import type { WidgetProps } from '@rjsf/utils';
import { useWidgetField } from './common.tsx';
import { OptionGroup } from './OptionGroup.tsx';

/** Several options (check boxes); the value is the list of chosen option values. */
export function MultiChoiceWidget(props: WidgetProps) {
  const state = useWidgetField(props);
  const options = (state.field.options ?? []).map((o) => ({ value: o.value, label: state.text(o.label), icon: o.icon }));
  return <OptionGroup widget={props} state={state} options={options} variant="multichoice" />;
}
