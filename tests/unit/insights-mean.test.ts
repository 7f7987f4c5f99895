// A question's mean in the insights is computed from its period's answer counts (features/insights/
// aggregate.ts): rounded to two decimals half up, exactly as the database's round(numeric, 2) did.
import { describe, expect, it } from 'vitest';
import { meanOf } from '../../src/server/features/insights/aggregate.ts';

describe('meanOf', () => {
  it('rounds to two decimals, a half up, and is null with no answer', () => {
    expect(meanOf(3745, 1000)).toBe(3.75);
    expect(meanOf(3744, 1000)).toBe(3.74);
    expect(meanOf(1, 3)).toBe(0.33);
    expect(meanOf(2, 3)).toBe(0.67);
    expect(meanOf(29, 8)).toBe(3.63);
    expect(meanOf(15, 4)).toBe(3.75);
    expect(meanOf(0, 5)).toBe(0);
    expect(meanOf(0, 0)).toBeNull();
  });

  it('agrees with round(numeric, 2) on every mean of up to 40 answers of a 1-5 rating', () => {
    for (let answered = 1; answered <= 40; answered++) {
      for (let total = answered; total <= answered * 5; total++) {
        const exact = (BigInt(total) * 1000n) / BigInt(answered); // three decimals, truncated
        const expected = Number((exact + 5n) / 10n) / 100; // half up on the third decimal
        expect(meanOf(total, answered), `${total}/${answered}`).toBe(expected);
      }
    }
  });
});
