import type { WidgetProps } from '@rjsf/utils';
import { fieldOf, type FieldOf } from './common.tsx';
import { formText } from '../../engine/text/messages.ts';
import type { GuestFormContext } from '../form/context.ts';
import { displayText } from '../form/sourcedValues.ts';

/**
 * A value the page fills itself. Shows nothing, unless the definition asks to show it (showAs).
 * Carried by a hidden input, so a post without JavaScript sends it as the script would (features/native-post).
 */
export function HiddenWidget(props: WidgetProps) {
  const field = fieldOf<FieldOf<'hidden'>>(props);
  const context = props.registry.formContext as GuestFormContext;
  if (props.value === undefined || props.value === null) return null;
  const carried = <input type="hidden" name={props.id} value={String(props.value)} />;
  if (!field.showAs) return carried;
  const display = displayText(context.sourced[field.name], context.lang) ?? String(props.value);
  return (
    <>
      <p className="hidden-value">{formText(context.form.id, field.showAs, context.lang, { value: String(props.value), display })}</p>
      {carried}
    </>
  );
}
