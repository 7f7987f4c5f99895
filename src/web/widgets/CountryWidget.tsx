import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { type FieldOf, useWidgetField } from './common.tsx';
import { type CountryChoice, CountryCombobox } from './CountryCombobox.tsx';
import { countryName, englishName, useCountryNames } from './countryNames.ts';
import { countryDials } from './dialCodes.ts';

/**
 * Countries by their name in the page's language, found by typing a name or a dial code (see
 * CountryCombobox). The stored value is the English name or the code (field.store), so answers
 * compare across languages. The form's loader fetched the names in the page's language, so the
 * first render (the server's and the browser's) already names the stored country.
 */
export function CountryWidget(props: WidgetProps) {
  const { field, lang, required, invalid, describedBy, disabled, autoComplete } = useWidgetField<FieldOf<'country'>>(props);
  const { names } = useCountryNames(lang, true);
  const choices = useMemo<CountryChoice[]>(() => {
    const collator = new Intl.Collator(lang);
    return [...countryDials]
      .map(([code, dials]) => ({ key: code, code, name: countryName(code, lang, names), english: englishName(code, names), dials }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [lang, names]);
  const storedAs = (choice: CountryChoice) => (field.store === 'code' ? choice.code : choice.english);
  const selected = choices.find((c) => storedAs(c) === props.value)?.key ?? '';
  return (
    <CountryCombobox
      id={props.id}
      choices={choices}
      selectedKey={selected}
      onSelect={(code) => {
        const choice = choices.find((c) => c.key === code);
        props.onChange(choice ? storedAs(choice) : undefined);
      }}
      lang={lang}
      shown={(choice) => choice.name}
      listLabel={props.label}
      describedBy={describedBy}
      required={required}
      invalid={invalid}
      disabled={disabled}
      placeholder={props.placeholder || undefined}
      autoComplete={autoComplete(field.autocomplete)}
      onFocus={() => props.onFocus(props.id, props.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}
