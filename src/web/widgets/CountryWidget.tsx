import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { countries, countryLabel, flagEmoji } from '../../engine/countries.ts';
import { t } from '../../engine/messages.ts';
import { type FieldOf, useWidgetField } from './common.tsx';

/**
 * Countries by their name in the page's language, with flags. A native select: typing the first
 * letters jumps to a country on every device and screen reader (hence the name before the flag). The stored value is the English
 * name or the code (field.store), so answers compare across languages.
 */
export function CountryWidget(props: WidgetProps) {
  const { field, lang, required, invalid, describedBy, disabled } = useWidgetField<FieldOf<'country'>>(props);
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return [...countries].map((c) => ({ country: c, name: countryLabel(c, lang) })).sort((a, b) => collator.compare(a.name, b.name));
  }, [lang]);
  const stored = (code: string) => {
    const country = countries.find((c) => c.code === code);
    return field.store === 'code' ? country?.code : country?.name.en;
  };
  const selected = countries.find((c) => (field.store === 'code' ? c.code : c.name.en) === props.value)?.code ?? '';
  return (
    <select
      id={props.id}
      name={props.id}
      className="input select"
      value={selected}
      autoComplete={field.autocomplete ?? 'country-name'}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => props.onChange(event.target.value ? stored(event.target.value) : undefined)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    >
      <option value="">{props.placeholder || t('selectPlaceholder', lang)}</option>
      {sorted.map(({ country, name }) => (
        <option key={country.code} value={country.code}>
          {`${name} ${flagEmoji(country.code)}`}
        </option>
      ))}
    </select>
  );
}
