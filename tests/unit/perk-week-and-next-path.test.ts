// The Doha-time ISO week a redemption counts in, and the only places ?next= may lead after signing in.
import { describe, expect, it } from 'vitest';
import { dohaWeekKey } from '../../src/server/features/perks/week-key.ts';
import { safeNextPath } from '../../src/engine/access/next-path.ts';

describe('dohaWeekKey', () => {
  it('is the ISO week in Doha time (UTC+3): the week turns at Monday 00:00 in Doha, Sunday 21:00 UTC', () => {
    expect(dohaWeekKey(new Date('2026-11-22T20:59:59Z'))).toBe('2026-W47'); // Sunday 23:59:59 in Doha
    expect(dohaWeekKey(new Date('2026-11-22T21:00:00Z'))).toBe('2026-W48'); // Monday 00:00 in Doha
    expect(dohaWeekKey(new Date('2026-11-29T20:59:59Z'))).toBe('2026-W48');
  });

  it('follows ISO years at the turn of the year', () => {
    expect(dohaWeekKey(new Date('2026-12-31T12:00:00Z'))).toBe('2026-W53');
    expect(dohaWeekKey(new Date('2027-01-03T12:00:00Z'))).toBe('2026-W53');
    expect(dohaWeekKey(new Date('2027-01-03T21:00:00Z'))).toBe('2027-W01');
    expect(dohaWeekKey(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
  });

  it('a week later is another week', () => {
    const now = new Date('2026-11-24T07:00:00Z');
    expect(dohaWeekKey(new Date(now.getTime() + 7 * 86_400_000))).not.toBe(dohaWeekKey(now));
  });
});

describe('safeNextPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeNextPath('/staff')).toBe('/staff');
    expect(safeNextPath('/employee/perks?lang=ar#cova')).toBe('/employee/perks?lang=ar#cova');
  });

  it('refuses other sites, schemes and tricks', () => {
    for (const next of [
      '//evil.com',
      '//evil.com/staff',
      'https://evil.com/',
      'http:evil.com',
      '/\\evil.com',
      'javascript:alert(1)',
      'staff',
      '',
      ' /staff',
      '/\tstaff',
      null,
      undefined,
    ]) {
      expect(safeNextPath(next)).toBeNull();
    }
  });
});
