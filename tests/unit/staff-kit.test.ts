// The staff kit's rules (src/web/staff/): every staff date in Doha time with Latin digits, links that
// keep ?lang and nothing else, and the one reading of the Payload error body.
import { describe, expect, it } from 'vitest';
import { staffDay, staffNumber, staffTime, VENUE_TIME_ZONE } from '../../src/web/staff/staffTime.ts';
import { staffLink } from '../../src/web/staff/staffLink.ts';
import { refusalOf } from '../../src/web/staff/staffRequest.ts';

// 21:30 UTC is 00:30 the next day in Doha (UTC+3, no daylight saving).
const LATE_EVENING_UTC = '2026-03-01T21:30:00.000Z';

describe('staffTime', () => {
  it('shows an instant in Doha time, whatever the zone the page runs in', () => {
    expect(VENUE_TIME_ZONE).toBe('Asia/Qatar');
    expect(staffTime(LATE_EVENING_UTC, 'en')).toBe('Mar 2, 2026, 12:30 AM');
    expect(staffTime(LATE_EVENING_UTC, 'en', 'day')).toBe('Mar 2, 2026');
    expect(staffTime(LATE_EVENING_UTC, 'en', 'second')).toBe('Mar 2, 2026, 12:30:00 AM');
  });

  it('writes Latin digits in Arabic too (one digit rule for the console)', () => {
    const arabic = staffTime(LATE_EVENING_UTC, 'ar');
    expect(arabic).toMatch(/2026/);
    expect(arabic).toMatch(/12:30/);
    expect(arabic).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    expect(staffNumber('ar', { maximumFractionDigits: 2 }).format(4.5)).toBe('4.5');
    expect(staffDay('2026-03-02', 'ar', 'month')).not.toMatch(/[\u0660-\u0669]/);
  });

  it('shows a calendar day as that day in every zone, and leaves what is no date as it is', () => {
    expect(staffDay('2026-03-02', 'en')).toBe('Mar 2, 2026');
    expect(staffDay('2026-03-02', 'ar')).toBe('2 مارس 2026');
    expect(staffDay('2026-03-02', 'en', 'month')).toBe('Mar 2026');
    expect(staffTime(undefined, 'en')).toBe('');
    expect(staffTime('soon', 'en')).toBe('soon');
  });
});

describe('staffLink', () => {
  it('keeps ?lang and drops the rest of the current query', () => {
    expect(staffLink('/staff', '?lang=ar&page=3&q=x')).toBe('/staff?lang=ar');
    expect(staffLink('/staff', new URLSearchParams({ lang: 'fr' }))).toBe('/staff?lang=fr');
    expect(staffLink('/staff', '?page=2')).toBe('/staff');
  });

  it("keeps the path's own query and hash, and a lang the path names itself", () => {
    expect(staffLink('/chat?conversation=4', '?lang=ar')).toBe('/chat?conversation=4&lang=ar');
    expect(staffLink('/staff/forms/dining#list', '?lang=ar')).toBe('/staff/forms/dining?lang=ar#list');
    expect(staffLink('/login?lang=en', '?lang=ar')).toBe('/login?lang=en');
  });
});

describe('refusalOf', () => {
  it("reads a validation error's fields, name and code", () => {
    const body = {
      errors: [
        {
          name: 'ValidationError',
          message: 'The following field is invalid: Roles',
          data: { collection: 'users', errors: [{ path: 'roles', message: 'This is the last admin.', code: 'last-admin' }] },
        },
      ],
    };
    expect(refusalOf(body)).toEqual({
      name: 'ValidationError',
      message: 'The following field is invalid: Roles',
      fields: [{ path: 'roles', message: 'This is the last admin.', code: 'last-admin' }],
      text: 'This is the last admin.',
    });
  });

  it('reads a message-only error, and says nothing for a body of another shape', () => {
    expect(refusalOf({ errors: [{ message: 'Not Found' }] })).toEqual({ name: null, message: 'Not Found', fields: [], text: 'Not Found' });
    // A QueryError's data is a list of paths, not fields.
    expect(refusalOf({ errors: [{ name: 'QueryError', message: 'x', data: [{ path: 'a' }] }] }).fields).toEqual([]);
    for (const body of [null, 'Bad gateway', { message: 'Route not found' }, { errors: [] }])
      expect(refusalOf(body)).toEqual({ name: null, message: null, fields: [], text: null });
  });
});
