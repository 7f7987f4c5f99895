import { useMemo, useState, type FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { dateAnswerMessage } from '../../engine/date-limits.ts';
import { joinDateParts, splitDateParts, type DateParts } from '../../engine/date-parts.ts';
import { todayIso } from '../../engine/format.ts';
import type { Lang } from '../../engine/languages.ts';
import { t } from '../../engine/messages.ts';
import { errorId, type FieldOf, RequiredMark, useWidgetField } from './common.tsx';
import { toAsciiDigits } from './digits.ts';

type Part = keyof DateParts;

/** The parts in the order the language writes a date (en: month day year; ar, fr: day month year), and its month names. */
function dateLayout(lang: Lang) {
  const order = new Intl.DateTimeFormat(lang, { timeZone: 'UTC' })
    .formatToParts(0)
    .map((part) => part.type)
    .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
  const monthName = new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, index) => monthName.format(Date.UTC(2000, index, 1)));
  return { order, months };
}

const LABEL = { day: 'dateDay', month: 'dateMonth', year: 'dateYear' } as const;
const DIGITS = { day: 2, year: 4 } as const;

/**
 * Day, month and year as three labelled controls (the "memorable date" pattern): unlike the
 * browser's date picker, which follows the browser's language, it shows the date in the page's
 * language, with month names from Intl. The stored value stays YYYY-MM-DD; a date still being
 * typed is kept with its missing parts empty (engine/date-parts.ts), so nothing typed is lost and
 * the page and the server say what is missing.
 */
export function DateWidget(props: WidgetProps) {
  const state = useWidgetField<FieldOf<'date'>>(props);
  const { field, lang, required, invalid, disabled } = state;
  const { order, months } = useMemo(() => dateLayout(lang), [lang]);
  const stored = typeof props.value === 'string' ? props.value : undefined;
  // What was typed (Arabic-Indic digits stay as typed) while it still means the form's value; a new value from the form (a draft, a reset) wins.
  const [typed, setTyped] = useState<DateParts>(() => splitDateParts(stored));
  const shown = joinDateParts(asAscii(typed)) === stored ? typed : splitDateParts(stored);
  // Said when the guest leaves the date with something missing or wrong; the form says it again on submit.
  const [left, setLeft] = useState(false);
  const ownMessage = left && !invalid && stored !== undefined ? dateAnswerMessage(field, stored, todayIso(), lang) : null;
  const describedBy = [state.describedBy, ownMessage ? errorId(props.id) : null].filter(Boolean).join(' ') || undefined;

  const change = (part: Part, raw: string) => {
    const next = { ...shown, [part]: part === 'month' ? raw : raw.replace(/[^\d\u0660-\u0669\u06f0-\u06f9]/g, '') };
    setTyped(next);
    props.onChange(joinDateParts(asAscii(next)));
  };
  const leaveGroup = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setLeft(true);
    props.onBlur(props.id, stored);
  };
  const autoComplete = (part: Part) => (field.autocomplete === 'bday' ? `bday-${part}` : 'off');
  const idOf = (part: Part) => (part === order[0] ? props.id : `${props.id}__${part}`);
  const common = (part: Part) => ({
    id: idOf(part),
    name: idOf(part),
    autoComplete: autoComplete(part),
    'aria-required': required || undefined,
    'aria-invalid': invalid || Boolean(ownMessage) || undefined,
    'aria-describedby': describedBy,
    disabled,
    onFocus: () => {
      setLeft(false);
      props.onFocus(props.id, stored);
    },
  });

  return (
    <fieldset className="date-input" aria-labelledby={`${props.id}__legend`} onBlur={leaveGroup}>
      <legend className="field-label" id={`${props.id}__legend`}>
        {props.label}
        {required && <RequiredMark />}
      </legend>
      <div className="date-parts">
        {order.map((part) => (
          <div key={part} className={`date-part date-part-${part}`}>
            <label className="date-part-label" htmlFor={idOf(part)}>
              {t(LABEL[part], lang)}
            </label>
            {part === 'month' ? (
              <select className="input select date-month" value={shown.month} onChange={(event) => change('month', event.target.value)} {...common(part)}>
                <option value="" />
                {months.map((name, index) => (
                  <option key={name} value={String(index + 1)}>
                    {name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                type="text"
                inputMode="numeric"
                dir="ltr"
                className={`input date-${part}`}
                maxLength={DIGITS[part]}
                size={DIGITS[part] + 1}
                value={shown[part]}
                onChange={(event) => change(part, event.target.value)}
                {...common(part)}
              />
            )}
          </div>
        ))}
      </div>
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

const asAscii = (parts: DateParts): DateParts => ({ day: toAsciiDigits(parts.day), month: parts.month, year: toAsciiDigits(parts.year) });
