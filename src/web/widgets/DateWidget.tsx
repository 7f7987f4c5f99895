import { useState, type FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { dateAnswerMessage } from '../../engine/checks/date-limits.ts';
import { todayIso } from '../../engine/text/format.ts';
import { errorId, type FieldOf, RequiredMark, useWidgetField } from './common.tsx';
import { DateParts } from './DateParts.tsx';

/**
 * A date question as day, month and year (the "memorable date" pattern) under its question as a
 * legend: unlike the browser's date picker, which follows the browser's language, it shows the date
 * in the page's language. The stored value stays YYYY-MM-DD; a date still being typed is kept with
 * its missing parts empty (engine/checks/date-parts.ts), so nothing typed is lost and the page and the
 * server say what is missing.
 */
export function DateWidget(props: WidgetProps) {
  const state = useWidgetField<FieldOf<'date'>>(props);
  const { field, lang, required, invalid, disabled } = state;
  const stored = typeof props.value === 'string' ? props.value : undefined;
  // Said when the guest leaves the date with something missing or wrong; the form says it again on submit.
  const [left, setLeft] = useState(false);
  const ownMessage = left && !invalid && stored !== undefined ? dateAnswerMessage(field, stored, todayIso(), lang) : null;
  const leaveGroup = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setLeft(true);
    props.onBlur(props.id, stored);
  };
  return (
    // data-checked: the page checked the date as the guest left it (what a script or test can wait for).
    <fieldset className="date-input" aria-labelledby={`${props.id}__legend`} onBlur={leaveGroup} data-checked={left || undefined}>
      <legend className="field-label" id={`${props.id}__legend`}>
        {props.label}
        {required && <RequiredMark />}
      </legend>
      <DateParts
        id={props.id}
        lang={lang}
        value={stored}
        onChange={props.onChange}
        autoComplete={state.autoComplete(field.autocomplete)}
        control={{
          'aria-required': required || undefined,
          'aria-invalid': invalid || Boolean(ownMessage) || undefined,
          'aria-describedby': [state.describedBy, ownMessage ? errorId(props.id) : null].filter(Boolean).join(' ') || undefined,
          disabled,
          onFocus: () => {
            setLeft(false);
            props.onFocus(props.id, stored);
          },
        }}
      />
      <div aria-live="polite">
        {ownMessage && (
          <p className="field-error" id={errorId(props.id)}>
            {ownMessage}
          </p>
        )}
      </div>
    </fieldset>
  );
}
