// A repeated group (e.g. dependents): RJSF's array field keeps the items and their keys; these
// templates draw them. Each item is a labelled group ("Child 1") with the same widgets, labels
// and errors as any question, a remove button that says which item it removes, and an add
// button that stops at maxItems and says why. Focus follows: to the new item's first answer
// after adding, to the item that took the removed one's place (or the add button) after removing.
import { useEffect, useRef, type MouseEvent } from 'react';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, UiSchema } from '@rjsf/utils';
import { formText, t } from '../../../engine/text/messages.ts';
import type { FieldUiOptions } from '../../../engine/compiler/ui-schema.ts';
import type { FieldOf } from '../../widgets/common.tsx';
import type { GuestFormContext } from '../context.ts';

type RepeatOptions = FieldUiOptions & { field: FieldOf<'repeat'> };

function repeatOf(uiSchema: UiSchema | undefined): RepeatOptions | undefined {
  const options = uiSchema?.['ui:options'] as Partial<RepeatOptions> | undefined;
  return options?.field?.type === 'repeat' ? (options as RepeatOptions) : undefined;
}

export function itemTitle({ formId, field, lang }: Pick<RepeatOptions, 'formId' | 'field' | 'lang'>, index: number): string {
  return formText(formId, field.itemLabel, lang, { n: index + 1 });
}

/** The first answer of an item (not its remove button). */
const FIRST_ANSWER = '.field :is(input:not([type="hidden"]), select, textarea, [tabindex="0"]):not([disabled])';

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const repeat = repeatOf(props.uiSchema);
  const list = useRef<HTMLOListElement>(null);
  const focusNewItem = useRef(false);
  const count = props.items.length;

  useEffect(() => {
    if (!focusNewItem.current) return;
    focusNewItem.current = false;
    const item = list.current?.lastElementChild;
    (item?.querySelector<HTMLElement>(FIRST_ANSWER) ?? item?.querySelector<HTMLElement>('.repeat-item-title'))?.focus();
  }, [count]);

  if (!repeat) return <>{props.items}</>;
  const { formId, field, lang } = repeat;
  const text = (key: string) => formText(formId, key, lang);
  const context = props.registry.formContext as GuestFormContext;
  const id = props.fieldPathId.$id;
  const label = text(field.label);
  // The group's label is still the fieldset's name when it only repeats its section's title.
  const section = context.form.sections.find((s) => s.fields.some((f) => f.name === field.name));
  const repeatsTitle = section?.title !== undefined && text(section.title) === label;
  const canAdd = props.canAdd !== false && count < field.maxItems;
  const limitId = `${id}__limit`;
  const add = (event: MouseEvent) => {
    focusNewItem.current = true;
    props.onAddClick(event);
  };
  return (
    <fieldset className="repeat" id={id} aria-describedby={canAdd ? undefined : limitId}>
      <legend className={repeatsTitle ? 'visually-hidden' : 'field-label'}>{label}</legend>
      {count > 0 && (
        <ol className="repeat-items" ref={list}>
          {props.items}
        </ol>
      )}
      <div className="repeat-actions">
        <button
          type="button"
          className="button button-secondary repeat-add"
          onClick={add}
          disabled={!canAdd || props.disabled}
          aria-describedby={canAdd ? undefined : limitId}
        >
          <span aria-hidden="true">+ </span>
          {text(field.addLabel)}
        </button>
        {!canAdd && (
          <p className="field-hint" id={limitId}>
            {t('itemLimit', lang, { max: field.maxItems })}
          </p>
        )}
      </div>
    </fieldset>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const repeat = repeatOf(props.parentUiSchema);
  if (!repeat) return <div className="rjsf-array-item">{props.children}</div>;
  const { formId, field, lang } = repeat;
  const { buttonsProps, index, totalItems } = props;
  const titleId = `${buttonsProps.fieldPathId.$id}__title`;
  const title = itemTitle(repeat, index);
  const removable = buttonsProps.hasRemove && totalItems > (field.minItems ?? 0);

  const remove = (event: MouseEvent<HTMLButtonElement>) => {
    const group = event.currentTarget.closest('.repeat');
    buttonsProps.onRemoveItem(event);
    // After React has drawn the shorter list: the item now at this place, else the previous one, else "add".
    requestAnimationFrame(() => {
      const titles = group?.querySelectorAll<HTMLElement>('.repeat-item-title');
      const next = titles?.length ? titles[Math.min(index, titles.length - 1)] : group?.querySelector<HTMLElement>('.repeat-add');
      next?.focus();
    });
  };

  return (
    <li className="repeat-item">
      <fieldset className="repeat-item-group" aria-labelledby={titleId}>
        <div className="repeat-item-header">
          <h3 className="repeat-item-title" id={titleId} tabIndex={-1}>
            {title}
          </h3>
          {removable && (
            <button type="button" className="link-button repeat-remove" onClick={remove} disabled={props.disabled || props.readonly}>
              {formText(formId, field.removeLabel, lang)}
              <span className="visually-hidden"> ({title})</span>
            </button>
          )}
        </div>
        {props.children}
      </fieldset>
    </li>
  );
}
