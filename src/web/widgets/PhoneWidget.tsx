import { useMemo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { countryLabel, dialCodeOptions, flagEmoji, splitPhone } from '../../engine/countries.ts';
import { t } from '../../engine/messages.ts';
import { type FieldOf, useWidgetField } from './common.tsx';
import { type CountryChoice, CountryCombobox } from './CountryCombobox.tsx';
import { toAsciiDigits } from './digits.ts';

/**
 * A dial code and a number, stored joined as '+<dial><digits>' (e.g. '+97412345678').
 * Numbers are read left to right even on Arabic pages, so the row keeps dir=ltr.
 */
export function PhoneWidget(props: WidgetProps) {
  const { field, lang, required, invalid, describedBy, disabled } = useWidgetField<FieldOf<'phone'>>(props);
  const options = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return dialCodeOptions()
      .map((o): CountryChoice & { dial: string } => ({ ...o, name: countryLabel(o.country, lang), dials: [o.dial] }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [lang]);
  const restored = typeof props.value === 'string' ? splitPhone(props.value) : null;
  const firstWithDial = (dial: string | undefined) => options.find((o) => o.dial === dial)?.key;
  const [dialKey, setDialKey] = useState(() => firstWithDial(restored?.dial ?? field.defaultDialCode) ?? '');
  const [typed, setTyped] = useState(restored?.number ?? '');
  const dial = options.find((o) => o.key === dialKey)?.dial;

  const emit = (nextDial: string | undefined, nextTyped: string) => {
    const digits = toAsciiDigits(nextTyped).replace(/\D/g, '');
    props.onChange(digits && nextDial ? `+${nextDial}${digits}` : digits ? digits : undefined);
  };

  return (
    <div className="phone" dir="ltr">
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
        shown={(choice) => `${flagEmoji(choice.country.code)} +${choice.dial}`}
        ariaLabel={t('dialCode', lang)}
        listLabel={t('dialCode', lang)}
        placeholder={t('dialCode', lang)}
        describedBy={undefined}
        required={required}
        invalid={invalid}
        disabled={disabled}
      />
      <input
        id={props.id}
        name={props.id}
        type="tel"
        inputMode="numeric"
        dir="ltr"
        className="input phone-number"
        value={typed}
        placeholder={props.placeholder || undefined}
        autoComplete="tel-national"
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
