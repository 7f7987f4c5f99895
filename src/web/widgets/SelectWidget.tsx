import type { WidgetProps } from '@rjsf/utils';
import { t } from '../../engine/text/messages.ts';
import { choicesFor, type Choice } from '../form/optionLists.ts';
import { useWidgetField, type FieldOf } from './common.tsx';

/** A drop-down of inline options, or of a backend collection's documents (see form/optionLists.ts). */
export function SelectWidget(props: WidgetProps) {
  const { field, lang, context, required, invalid, describedBy, disabled, text } = useWidgetField<FieldOf<'select'>>(props);
  const from = field.optionsFrom;
  let choices: Choice[] = (field.options ?? []).map((o) => ({ value: o.value, label: text(o.label) }));
  if (from) {
    const loaded = choicesFor({ ...field, optionsFrom: from }, context.optionDocs, context.data, lang);
    choices = loaded ?? [];
    // While the list is missing, an answer restored from a draft stays selectable.
    if (loaded === null && props.value !== undefined) choices.unshift({ value: props.value, label: String(props.value) });
  }
  const index = choices.findIndex((c) => c.value === props.value);
  // Each option's value is the answer itself, so a post without JavaScript names it (features/native-post decodes it).
  return (
    <select
      id={props.id}
      name={props.id}
      className="input select"
      value={index < 0 ? '' : String(choices[index].value)}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => props.onChange(event.target.value === '' ? undefined : choices.find((c) => String(c.value) === event.target.value)?.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    >
      <option value="">{props.placeholder || t('selectPlaceholder', lang)}</option>
      {choices.map((choice, i) => (
        <option key={`${i}-${String(choice.value)}`} value={String(choice.value)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
