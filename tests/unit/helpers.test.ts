import { describe, expect, it } from 'vitest';
import { resolveLanguage } from '../../src/engine/text/language.ts';
import { i18n } from '../../src/engine/text/i18n.ts';
import { formatFileSize, megabytes, combineDateAndTime, copyCalendarDate, slugify, todayIso } from '../../src/engine/text/format.ts';
import { pageSettingsFor, type RoutesTable } from '../../src/engine/definition/routes.ts';
import routes from '../../routes.json' with { type: 'json' };

const table = routes as unknown as RoutesTable;

describe('language rule', () => {
  it('maps en to en, ar to ar, anything else to en', () => {
    expect(resolveLanguage('en', ['en', 'ar'])).toBe('en');
    expect(resolveLanguage('ar', ['en', 'ar'])).toBe('ar');
    expect(resolveLanguage('de', ['en', 'ar'])).toBe('en');
    expect(resolveLanguage(null, ['en', 'ar'])).toBe('en');
  });
  it('maps fr to ar unless the form declares French', () => {
    expect(resolveLanguage('fr', ['en', 'ar'])).toBe('ar');
    expect(resolveLanguage('fr', ['en', 'ar', 'fr'])).toBe('fr');
    expect(resolveLanguage('FR-ca', ['en', 'ar', 'fr'])).toBe('fr');
  });
  it('falls back to the form’s first language when the result is not offered', () => {
    expect(resolveLanguage('ar', ['en'])).toBe('en');
  });
  it('gives Arabic right-to-left', () => {
    expect(i18n.dir('ar')).toBe('rtl');
    expect(i18n.dir('fr')).toBe('ltr');
  });
});

describe('page settings by first matching prefix', () => {
  it('takes the first rule in list order', () => {
    expect(pageSettingsFor('/employee/whistle-blower', table).header?.en).toBe('Whistle Blower');
    expect(pageSettingsFor('/employee', table).header?.en).toBe('Employee Satisfaction Survey');
    expect(pageSettingsFor('/survey/fnb/cova', table)).toMatchObject({ header: { en: 'Survey F&B' }, theme: 'store', width: 'narrow' });
    expect(pageSettingsFor('/printemps/loyalty-registration', table)).toMatchObject({ theme: 'store', hideHeader: true, font: 'urbanist' });
  });
  it('defaults to the destination theme with no header title', () => {
    expect(pageSettingsFor('/somewhere', table)).toEqual({ theme: 'destination' });
  });
});

describe('file sizes and dates', () => {
  it('formats sizes in 1024 units with 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(500)).toBe('500 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5242880)).toBe('5 MB');
    expect(formatFileSize(6 * 1024 * 1024 + 12345)).toBe('6.01 MB');
    expect(formatFileSize(1024 ** 4 * 2)).toBe('2 TB');
    expect(megabytes(5242880)).toBe('5');
  });
  it('combines a date with HH:MM, zeroing seconds and milliseconds', () => {
    const iso = combineDateAndTime(new Date(2026, 10, 23, 8, 59, 30, 500), '14:05');
    const d = new Date(iso);
    expect([d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds(), d.getDate()]).toEqual([14, 5, 0, 0, 23]);
    expect(() => combineDateAndTime(new Date(), '2pm')).toThrow(/HH:MM/);
  });
  it('copies the calendar date onto another timestamp', () => {
    const d = new Date(copyCalendarDate(new Date(2026, 0, 31, 1, 2), new Date(2025, 5, 10, 16, 45, 12)));
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]).toEqual([2026, 0, 31, 16, 45, 12]);
  });
  it('slugs restaurant names and gives today as YYYY-MM-DD', () => {
    expect(slugify('Crazy Pizza')).toBe('crazy-pizza');
    expect(slugify('Wild and the Moon')).toBe('wild-and-the-moon');
    expect(todayIso(new Date(2026, 1, 3))).toBe('2026-02-03');
  });
});
