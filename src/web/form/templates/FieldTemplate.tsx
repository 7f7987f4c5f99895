// Every question: its label tied to the control, the required mark only where an answer is
// required, then help and error text whose ids the control lists in aria-describedby.
import type { FieldTemplateProps } from '@rjsf/utils';
import { isRequired, isVisible } from '../../../engine/checks/conditions.ts';
import type { FieldUiOptions } from '../../../engine/compiler/ui-schema.ts';
import { formText } from '../../../engine/text/messages.ts';
import { errorId, helpId, RequiredMark } from '../../widgets/common.tsx';
import { widgetsWithOwnLabel } from '../../widgets/registry.ts';
import type { GuestFormContext } from '../context.ts';
import { hasNoChoices } from '../optionLists.ts';

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, rawErrors, registry, uiSchema, label, fieldPathId } = props;
  const options = uiSchema?.['ui:options'] as Partial<FieldUiOptions> | undefined;
  const field = options?.field;
  if (!field || !options.lang) return children; // the form itself, or one item of a repeated group
  const context = registry.formContext as GuestFormContext;
  // Conditions and sourced values name top-level questions; a repeated group's sub-questions have neither.
  if (!options.within) {
    if (!isVisible(context.form, field.name, context.data)) return null;
    // A select the page already answered from the address (e.g. the restaurant) is not asked again;
    // its answer is carried, so a post without JavaScript sends it (features/native-post).
    if (field.type === 'select' && context.sourced[field.name]?.state === 'found')
      return <input type="hidden" name={id} value={String(context.data[field.name] ?? '')} />;
    // A list that follows another answer and has nothing for it (e.g. no sub-departments) is not asked.
    if (hasNoChoices(field, context.optionDocs, context.data)) return null;
  }
  if (field.type === 'hidden') return children;
  const errors = (rawErrors ?? []).filter(Boolean);
  const help = 'help' in field && field.help ? formText(context.form.id, field.help, options.lang) : undefined;
  const ownLabel = widgetsWithOwnLabel.has(field.type);
  return (
    <div className={`field field-${field.type}${errors.length ? ' has-error' : ''}`} data-field={fieldPathId.path.join('.')}>
      {!ownLabel && (
        <label className="field-label" htmlFor={id}>
          {label}
          {isRequired(field, context.data) && <RequiredMark />}
        </label>
      )}
      {children}
      {help && (
        <p className="field-help" id={helpId(id)}>
          {help}
        </p>
      )}
      {errors.length > 0 && (
        <p className="field-error" id={errorId(id)}>
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
