import type { WidgetProps } from '@rjsf/utils';
import { type FieldOf, textControlProps, useWidgetField } from './common.tsx';

export function TextareaWidget(props: WidgetProps) {
  const state = useWidgetField<FieldOf<'textarea'>>(props);
  return <textarea dir="auto" className="input textarea" rows={4} maxLength={state.field.maxLength} {...textControlProps(props, state)} />;
}
