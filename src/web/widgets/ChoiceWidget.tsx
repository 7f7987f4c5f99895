import type { WidgetProps } from '@rjsf/utils';
import { useWidgetField } from './common.tsx';
import { OptionGroup } from './OptionGroup.tsx';

/** One option among several (radio group), each with its label and optional emoji. */
export function ChoiceWidget(props: WidgetProps) {
  const state = useWidgetField(props);
  const options = (state.field.options ?? []).map((o) => ({ value: o.value, label: state.text(o.label), icon: o.icon }));
  return <OptionGroup widget={props} state={state} options={options} variant="choice" />;
}
