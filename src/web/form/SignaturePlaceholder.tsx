// A signature question as the server renders it, and as hydration first sees it: its label and
// the pad's empty frame. The pad itself (a canvas and its drawing code) is the browser's own, so
// it replaces this right after hydration, as it replaced the frame while its code downloaded.
import type { FieldProps } from '@rjsf/utils';
import { isRequired } from '../../engine/checks/conditions.ts';
import { formText } from '../../engine/text/messages.ts';
import type { FieldUiOptions } from '../../engine/compiler/ui-schema.ts';
import { RequiredMark, type FieldOf } from '../widgets/common.tsx';
import { fields } from '../widgets/registry.ts';
import type { GuestFormContext } from './context.ts';
import { useHydrated } from './useHydrated.ts';

const SignatureWidget = fields.signature;

/** The signature question: its frame on the server and while hydrating, the pad afterwards. */
export function HydratingSignature(props: FieldProps) {
  return useHydrated() ? <SignatureWidget {...props} /> : <SignaturePlaceholder {...props} />;
}

export function SignaturePlaceholder(props: FieldProps) {
  const { formId, field, lang } = props.uiSchema?.['ui:options'] as unknown as FieldUiOptions & { field: FieldOf<'signature'> };
  const context = props.registry.formContext as GuestFormContext;
  return (
    <>
      <p className="field-label" id={`${props.fieldPathId.$id}__label`}>
        {formText(formId, field.label, lang)}
        {isRequired(field, context.data) && <RequiredMark />}
      </p>
      <div className="signature-pad signature-pad-loading" aria-hidden="true" />
    </>
  );
}
