// The signature question. Its value is an object (strokes and aspect), which RJSF hands to a
// field rather than a widget (ui:field, see engine/compiler/ui-schema.ts). The drawing code is its own
// chunk: only forms that ask for a signature download it.
import { lazy, Suspense } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { isRequired } from '../../engine/checks/conditions.ts';
import { formText, t } from '../../engine/text/messages.ts';
import type { FieldUiOptions } from '../../engine/compiler/ui-schema.ts';
import type { GuestFormContext } from '../form/context.ts';
import { errorId, helpId, RequiredMark, type FieldOf } from './common.tsx';

const SignaturePad = lazy(() => import('./signature/SignaturePad.tsx'));

export function SignatureWidget(props: FieldProps) {
  const { formId, field, lang } = props.uiSchema?.['ui:options'] as unknown as FieldUiOptions & { field: FieldOf<'signature'> };
  const context = props.registry.formContext as GuestFormContext;
  const id = props.fieldPathId.$id;
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  const required = isRequired(field, context.data);
  const labelId = `${id}__label`;
  const describedBy = [field.help ? helpId(id) : null, invalid ? errorId(id) : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <p className="field-label" id={labelId}>
        {formText(formId, field.label, lang)}
        {required && <RequiredMark />}
      </p>
      <Suspense fallback={<div className="signature-pad signature-pad-loading" aria-hidden="true" />}>
        <SignaturePad
          id={id}
          value={props.formData}
          onChange={(value) => props.onChange(value, props.fieldPathId.path)}
          onBlur={() => props.onBlur(id, props.formData)}
          lang={lang}
          labelId={labelId}
          clearLabel={field.clearLabel ? formText(formId, field.clearLabel, lang) : t('clearSignature', lang)}
          describedBy={describedBy}
          required={required}
          invalid={invalid}
          disabled={Boolean(props.disabled || props.readonly)}
        />
      </Suspense>
    </>
  );
}
