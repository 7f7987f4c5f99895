import type { WidgetProps } from '@rjsf/utils';
import { textControlProps, useWidgetField } from './common.tsx';

/** Addresses are Latin text: dir=ltr keeps them readable inside an Arabic page. */
export function EmailWidget(props: WidgetProps) {
  const state = useWidgetField(props);
  const { field } = state;
  return (
    <input
      type="email"
      dir="ltr"
      inputMode="email"
      className="input input-ltr"
      autoComplete={state.autoComplete(('autocomplete' in field && field.autocomplete) || 'email')}
      spellCheck={false}
      {...textControlProps(props, state, (typed) => typed.trim())}
    />
  );
}
