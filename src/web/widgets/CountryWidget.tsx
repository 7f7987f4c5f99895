import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { countries, countryLabel } from '../../engine/countries.ts';
import { type FieldOf, useWidgetField } from './common.tsx';
import { type CountryChoice, CountryCombobox } from './CountryCombobox.tsx';

/**
 * Countries by their name in the page's language, found by typing a name or a dial code (see
 * CountryCombobox). The stored value is the English name or the code (field.store), so answers
 * compare across languages.
 */
export function CountryWidget(props: WidgetProps) {
  const { field, lang, required, invalid, describedBy, disabled } = useWidgetField<FieldOf<'country'>>(props);
  const choices = useMemo<CountryChoice[]>(() => {
    const collator = new Intl.Collator(lang);
    return countries.map((country) => ({ key: country.code, country, name: countryLabel(country, lang), dials: country.dial })).sort((a, b) => collator.compare(a.name, b.name));
  }, [lang]);
  const stored = (code: string) => {
    const country = countries.find((c) => c.code === code);
    return field.store === 'code' ? country?.code : country?.name.en;
  };
  const selected = countries.find((c) => (field.store === 'code' ? c.code : c.name.en) === props.value)?.code ?? '';
  return (
    <CountryCombobox
      id={props.id}
      choices={choices}
      selectedKey={selected}
      onSelect={(code) => props.onChange(code ? stored(code) : undefined)}
      lang={lang}
      shown={(choice) => choice.name}
      listLabel={props.label}
      describedBy={describedBy}
      required={required}
      invalid={invalid}
      disabled={disabled}
      placeholder={props.placeholder || undefined}
      autoComplete={field.autocomplete ?? 'off'}
      onFocus={() => props.onFocus(props.id, props.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}
