// The countries as the pages get them from forms:build: dial codes without names, the main country
// of a shared code first, and one language's names a file.
import { describe, expect, it } from 'vitest';
import { countries } from '../../src/engine/checks/countries.ts';
import { dialsByCountry, flagEmoji, mainCountry, splitPhone } from '../../src/engine/checks/country-codes.ts';
import { countryNamesOf, dialCodesOf } from '../../scripts/lib/country-files.ts';

const dialCodes = dialCodesOf(countries);

describe('dial codes', () => {
  it('puts the main country of a shared dial code first: +1 the US, +44 the UK, +7 Russia', () => {
    expect(dialCodes['1'][0]).toBe('US');
    expect(dialCodes['44'][0]).toBe('GB');
    expect(dialCodes['7'][0]).toBe('RU');
    expect(mainCountry('1', dialCodes)).toBe('US');
    expect(mainCountry('262', dialCodes)).toBe('RE');
    expect(mainCountry('974', dialCodes)).toBe('QA');
    expect(mainCountry('999', dialCodes)).toBeUndefined();
  });
  it('keeps every country and every one of its dial codes', () => {
    const byCountry = dialsByCountry(dialCodes);
    expect(byCountry.size).toBe(countries.length);
    for (const country of countries) expect(byCountry.get(country.code)).toEqual([...country.dial].sort((a, b) => Number(a) - Number(b)));
    expect(byCountry.get('DO')).toEqual(['1809', '1829', '1849']);
  });
  it('splits a stored phone back into dial code and number, the longest code that fits', () => {
    expect(splitPhone('+97412345678', dialCodes)).toEqual({ dial: '974', number: '12345678' });
    expect(splitPhone('+18095551234', dialCodes)).toEqual({ dial: '1809', number: '5551234' });
    expect(splitPhone('+12025550123', dialCodes)).toEqual({ dial: '1', number: '2025550123' });
    expect(splitPhone('+447911123456', dialCodes)).toEqual({ dial: '44', number: '7911123456' });
    expect(splitPhone('12345678', dialCodes)).toBeNull();
    expect(flagEmoji('QA')).toBe('🇶🇦');
  });
  it('writes one language per names file, with the English names a country question stores', () => {
    const arabic = countryNamesOf(countries, 'ar');
    expect(arabic.names.FR).toBe('فرنسا');
    expect(arabic.english?.FR).toBe('France');
    const english = countryNamesOf(countries, 'en');
    expect(english.names.FR).toBe('France');
    expect(english.english).toBeUndefined();
    expect(JSON.stringify(english)).not.toMatch(/فرنسا|Allemagne/);
  });
});
