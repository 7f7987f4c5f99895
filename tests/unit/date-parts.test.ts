// A date typed as day, month and year: what is stored while it is incomplete, and the words a
// guest reads, which must agree with the schema's format "date" (the validator page and server share).
import { describe, expect, it } from 'vitest';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { dateProblem, joinDateParts, splitDateParts } from '../../src/engine/checks/date-parts.ts';
import { dateAnswerMessage } from '../../src/engine/checks/date-limits.ts';
import { LANGUAGES } from '../../src/engine/text/languages.ts';
import { t } from '../../src/engine/text/messages.ts';

const isSchemaDate = (fullFormats.date as { validate: (value: string) => boolean }).validate;

describe('a date typed in parts', () => {
  it('is stored as YYYY-MM-DD, and an unfinished one keeps what was typed with the missing parts empty', () => {
    expect(joinDateParts({ day: '5', month: '4', year: '1990' })).toBe('1990-04-05');
    expect(joinDateParts({ day: '12', month: '4', year: '' })).toBe('-04-12');
    expect(joinDateParts({ day: '', month: '', year: '' })).toBeUndefined();
    expect(splitDateParts('-04-12')).toEqual({ day: '12', month: '4', year: '' });
    expect(splitDateParts('1990-11-02')).toEqual({ day: '02', month: '11', year: '1990' });
    expect(splitDateParts('not a date')).toEqual({ day: '', month: '', year: '' });
  });

  it('names what is missing or wrong, in the page language', () => {
    const field = { type: 'date' as const, name: 'birth_date', label: 'birth_date.label', max: 'today' as const };
    expect(dateAnswerMessage(field, '-04-12', '2026-11-24', 'en')).toBe('Enter a complete date: day, month and year.');
    expect(dateAnswerMessage(field, '1990--12', '2026-11-24', 'fr')).toBe('Saisissez une date complète\u202f: jour, mois et année.');
    expect(dateAnswerMessage(field, '2001-02-29', '2026-11-24', 'ar')).toBe('هذا التاريخ غير موجود: تحقّق من اليوم والشهر.');
    expect(dateAnswerMessage(field, '90-04-12', '2026-11-24', 'en')).toBe('Enter the year with 4 digits, e.g. 1990.');
    expect(dateAnswerMessage(field, '2026-11-25', '2026-11-24', 'en')).toBe('The date cannot be in the future.');
    expect(dateAnswerMessage(field, '2000-02-29', '2026-11-24', 'en')).toBeNull();
  });

  it('accepts exactly the dates the schema accepts', () => {
    const values = [
      '2000-02-29',
      '1900-02-29',
      '2024-02-29',
      '2023-02-29',
      '2023-04-31',
      '2023-12-31',
      '2023-13-01',
      '2023-00-10',
      '2023-01-00',
      '0000-01-01',
      '2023-1-01',
      '-01-01',
      '',
      'x',
      '2023-01-01T00:00',
    ];
    for (let day = 1; day <= 32; day++)
      for (const month of ['01', '02', '04', '06', '09', '11', '12']) values.push(`2023-${month}-${String(day).padStart(2, '0')}`);
    for (const value of values) expect(dateProblem(value) === null, value).toBe(isSchemaDate(value));
  });

  it('shows its parts in the order, and its months with the names, Intl gives each language', () => {
    for (const lang of LANGUAGES) {
      const order = new Intl.DateTimeFormat(lang, { timeZone: 'UTC' })
        .formatToParts(0)
        .map((part) => part.type)
        .filter((type) => ['day', 'month', 'year'].includes(type));
      const month = new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' });
      expect(t('dateOrder', lang).split(' ')).toEqual(order);
      expect(t('dateMonths', lang).split(',')).toEqual(Array.from({ length: 12 }, (_, index) => month.format(Date.UTC(2000, index, 1))));
    }
  });
});
