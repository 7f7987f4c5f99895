// Day, month and year as three labelled controls in the page's language (what DateWidget.tsx
// shows under a date question).
import { useMemo, useState } from 'react';
import { joinDateParts, splitDateParts, type DateParts as Parts } from '../../engine/checks/date-parts.ts';
import type { Lang } from '../../engine/text/languages.ts';
import { t } from '../../engine/text/messages.ts';
import { toAsciiDigits } from '../../engine/checks/digits.ts';

type Part = keyof Parts;

/**
 * The parts in the order the language writes a date (en: month day year; ar, fr: day month year),
 * and its month names: messages (what Intl says, checked by a test), not Intl itself, whose first
 * use in a page costs about 50 ms of a phone's main thread while the form hydrates.
 */
function dateLayout(lang: Lang) {
  const order = t('dateOrder', lang).split(' ') as Part[];
  const months = t('dateMonths', lang).split(',');
  return { order, months };
}

const LABEL = { day: 'dateDay', month: 'dateMonth', year: 'dateYear' } as const;
const DIGITS = { day: 2, year: 4 } as const;
const asAscii = (parts: Parts): Parts => ({ day: toAsciiDigits(parts.day), month: parts.month, year: toAsciiDigits(parts.year) });

interface Props {
  /** The first part's id (what a label or an error link points at); the others get __day, __month, __year. */
  id: string;
  lang: Lang;
  /** YYYY-MM-DD, a partial value with empty parts (engine/checks/date-parts.ts), or undefined. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** 'bday' gives the parts bday-day, bday-month, bday-year, so browsers fill a birth date. */
  autoComplete?: string;
  /** What the three controls share: ARIA state, disabled, focus. */
  control?: { 'aria-required'?: boolean; 'aria-invalid'?: boolean; 'aria-describedby'?: string; disabled?: boolean; onFocus?: () => void };
}

export function DateParts({ id, lang, value, onChange, autoComplete, control }: Props) {
  const { order, months } = useMemo(() => dateLayout(lang), [lang]);
  // What was typed (Arabic-Indic digits stay as typed) while it still means the value; a new value from outside (a draft, a reset) wins.
  const [typed, setTyped] = useState<Parts>(() => splitDateParts(value));
  const shown = joinDateParts(asAscii(typed)) === value ? typed : splitDateParts(value);
  const change = (part: Part, raw: string) => {
    const next = { ...shown, [part]: part === 'month' ? raw : raw.replace(/[^\d\u0660-\u0669\u06f0-\u06f9]/g, '') };
    setTyped(next);
    onChange(joinDateParts(asAscii(next)));
  };
  const idOf = (part: Part) => (part === order[0] ? id : `${id}__${part}`);
  // Named <id>__day, __month, __year: what a post without JavaScript sends (features/native-post joins them).
  const common = (part: Part) => ({ ...control, id: idOf(part), name: `${id}__${part}`, autoComplete: autoComplete === 'bday' ? `bday-${part}` : 'off' });
  return (
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
              className={`input date-${part}`}
              maxLength={DIGITS[part]}
              value={shown[part]}
              onChange={(event) => change(part, event.target.value)}
              {...common(part)}
            />
          )}
        </div>
      ))}
    </div>
  );
}
