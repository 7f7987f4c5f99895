import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { flagEmoji, splitPhone, type CountryNames } from '../../engine/checks/country-codes.ts';
import type { Lang } from '../../engine/text/languages.ts';
import { t } from '../../engine/text/messages.ts';
import { type FieldOf, useWidgetField } from './common.tsx';
import { type CountryChoice, CountryCombobox } from './CountryCombobox.tsx';
import { countryName, englishName, useCountryNames } from './countryNames.ts';
import { dialCodeKey, dialCodeOptions, dialCodes } from './dialCodes.ts';
import { toAsciiDigits } from '../../engine/checks/digits.ts';
import { useHydrated } from '../form/useHydrated.ts';

type DialChoice = CountryChoice & { dial: string };

/** The dial codes by country name in the page's language (the browser's names until the reviewed ones arrive). */
function dialChoices(lang: Lang, names: CountryNames | undefined): DialChoice[] {
  const collator = new Intl.Collator(lang);
  return dialCodeOptions
    .map((o) => ({ ...o, name: countryName(o.code, lang, names), english: englishName(o.code, names), dials: [o.dial] }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Before the guest opens the picker it shows a flag and a dial code only: no names to make. */
const closedChoices: DialChoice[] = dialCodeOptions.map((o) => ({ ...o, name: '', dials: [o.dial] }));
/** One choice per dial code (a shared one stands for its main country), for the plain select. */
const plainChoices = closedChoices.filter((choice, index) => closedChoices.findIndex((o) => o.dial === choice.dial) === index);

/**
 * A dial code and a number, stored joined as '+<dial><digits>' (e.g. '+97412345678').
 * Numbers are read left to right even on Arabic pages, so the row keeps dir=ltr.
 * A shared dial code ('+1') stands for its main country (the US) until the guest picks another.
 */
export function PhoneWidget(props: WidgetProps) {
  const { field, lang, required, invalid, describedBy, disabled, autoComplete } = useWidgetField<FieldOf<'phone'>>(props);
  const { names, need } = useCountryNames(lang);
  const [searching, setSearching] = useState(false);
  const options = useMemo(() => (searching ? dialChoices(lang, names) : closedChoices), [searching, lang, names]);
  const restored = typeof props.value === 'string' ? splitPhone(props.value, dialCodes) : null;
  const [dialKey, setDialKey] = useState(() => dialCodeKey(restored?.dial ?? field.defaultDialCode));
  const [typed, setTyped] = useState(restored?.number ?? '');
  const dial = options.find((o) => o.key === dialKey)?.dial;
  // The searchable picker needs the script: until the page is hydrated (or without JavaScript) it is a
  // plain select named <id>__dial, sent with the number by a post without JavaScript (features/native-post).
  const hydrated = useHydrated();
  const plainSelect = useRef<HTMLSelectElement>(null);
  // A dial code picked in the server's HTML before hydration is the picker's when it replaces the plain
  // select (in the hydration's commit, before that render; the number typed then is form/earlyInput.ts's).
  useLayoutEffect(() => {
    const picked = plainSelect.current?.value;
    if (hydrated || !picked || picked === dial) return;
    const choice = plainChoices.find((o) => o.dial === picked);
    if (choice) setDialKey(choice.key);
    // Only the hydration's commit shows the plain select with a value the page did not set.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const emit = (nextDial: string | undefined, nextTyped: string) => {
    const digits = toAsciiDigits(nextTyped).replace(/\D/g, '');
    props.onChange(digits && nextDial ? `+${nextDial}${digits}` : digits ? digits : undefined);
  };

  return (
    <div className="phone" dir="ltr">
      {hydrated ? (
        <CountryCombobox
          id={`${props.id}__dial`}
          className="phone-dial"
          choices={options}
          selectedKey={dialKey}
          onSelect={(key) => {
            setDialKey(key);
            emit(options.find((o) => o.key === key)?.dial, typed);
          }}
          lang={lang}
          shown={(choice) => `${flagEmoji(choice.code)} +${choice.dial}`}
          ariaLabel={t('dialCode', lang)}
          listLabel={t('dialCode', lang)}
          placeholder={t('dialCode', lang)}
          describedBy={undefined}
          onFocus={() => {
            setSearching(true);
            need();
          }}
          required={required}
          invalid={invalid}
          disabled={disabled}
        />
      ) : (
        <select
          ref={plainSelect}
          id={`${props.id}__dial`}
          name={`${props.id}__dial`}
          className="input select phone-dial"
          aria-label={t('dialCode', lang)}
          value={dial ?? ''}
          disabled={disabled}
          onChange={(event) => {
            const choice = plainChoices.find((o) => o.dial === event.target.value);
            if (!choice) return;
            setDialKey(choice.key);
            emit(choice.dial, typed);
          }}
        >
          {plainChoices.map((choice) => (
            <option key={choice.key} value={choice.dial}>{`${flagEmoji(choice.code)} +${choice.dial}`}</option>
          ))}
        </select>
      )}
      <input
        id={props.id}
        name={props.id}
        type="tel"
        inputMode="numeric"
        dir="ltr"
        className="input phone-number"
        value={typed}
        placeholder={props.placeholder || undefined}
        autoComplete={autoComplete('tel-national')}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(event) => {
          const next = toAsciiDigits(event.target.value).replace(/[^\d\s-]/g, '');
          setTyped(next);
          emit(dial, next);
        }}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
    </div>
  );
}
