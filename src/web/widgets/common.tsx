// Shared pieces of the widgets: the field a widget renders, its language, and the ids that tie
// a control to its help, hint and error text.
import type { ChangeEvent, FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { ResolvedField, TextKey } from '../../engine/compiler/compiled.ts';
import { isRequired } from '../../engine/checks/conditions.ts';
import type { FieldType, Lang } from '../../engine/definition/definition.ts';
import { formText } from '../../engine/text/messages.ts';
import type { GuestFormContext } from '../form/context.ts';

export const helpId = (id: string) => `${id}__help`;
export const errorId = (id: string) => `${id}__error`;
export const hintId = (id: string) => `${id}__hint`;

/** The resolved definition of one field type, e.g. FieldOf<'select'>. */
export type FieldOf<T extends FieldType> = Extract<ResolvedField, { type: T }>;

/** The field definition RJSF passes through ui:options (see engine/compiler/ui-schema.ts). */
export function fieldOf<F extends ResolvedField = ResolvedField>(props: WidgetProps): F {
  return props.options.field as unknown as F;
}

export interface WidgetField<F extends ResolvedField = ResolvedField> {
  field: F;
  lang: Lang;
  context: GuestFormContext;
  required: boolean;
  invalid: boolean;
  /** For aria-describedby: help, hint and error ids that exist for this field. */
  describedBy: string | undefined;
  disabled: boolean;
  /** A text of the form (a key of its namespace) in the page language. */
  text: (key: TextKey, vars?: Record<string, string | number>) => string;
  /** The autocomplete token a control carries: `token`, or "off" when none or on a kiosk (the next guest must not be offered this one's answers). */
  autoComplete: (token: string | undefined) => string;
}

/** Everything a widget needs from RJSF's props, in product terms. */
export function useWidgetField<F extends ResolvedField = ResolvedField>(props: WidgetProps, extraHints: string[] = []): WidgetField<F> {
  const field = fieldOf<F>(props);
  const lang = props.options.lang as Lang;
  const context = props.registry.formContext as GuestFormContext;
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  const ids = [...extraHints, 'help' in field && field.help ? helpId(props.id) : null, invalid ? errorId(props.id) : null].filter(Boolean);
  return {
    field,
    lang,
    context,
    required: isRequired(field, context.data),
    invalid,
    describedBy: ids.length ? ids.join(' ') : undefined,
    disabled: Boolean(props.disabled || props.readonly),
    text: (key, vars) => formText(context.form.id, key, lang, vars),
    autoComplete: (token) => (context.remember && token ? token : 'off'),
  };
}

/** Shown after a label; the requirement itself is announced through aria-required / required. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      *
    </span>
  );
}

/** RJSF keeps "no answer" as undefined, never as an empty string. */
export function emptyToUndefined(value: string): string | undefined {
  return value === '' ? undefined : value;
}

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/**
 * What every text-like control shares: identity, value, ARIA state and RJSF's change, blur and
 * focus calls. `clean` turns what was typed into the stored value (e.g. trimming an address).
 */
export function textControlProps(props: WidgetProps, state: WidgetField, clean: (typed: string) => string = (typed) => typed) {
  return {
    id: props.id,
    name: props.id,
    value: (props.value as string | undefined) ?? '',
    placeholder: props.placeholder || undefined,
    'aria-required': state.required || undefined,
    'aria-invalid': state.invalid || undefined,
    'aria-describedby': state.describedBy,
    disabled: state.disabled,
    onChange: (event: ChangeEvent<TextControl>) => props.onChange(emptyToUndefined(clean(event.target.value))),
    onBlur: (event: FocusEvent<TextControl>) => props.onBlur(props.id, event.target.value),
    onFocus: (event: FocusEvent<TextControl>) => props.onFocus(props.id, event.target.value),
  };
}
