// The signature pad's conversions between what signature_pad records and draws (pixels, times) and
// what the form stores (points relative to the signature's frame, no time).
import { describe, expect, it } from 'vitest';
import { SIGNATURE_LIMITS } from '../../src/engine/compiler/compile.ts';
import {
  addPadStroke,
  fromPadStroke,
  padAspect,
  sameSignature,
  toPadData,
  writingTimes,
  WRITING_SPEED,
  type PadPoint,
} from '../../src/web/widgets/signature/pad-data.ts';
import { flourish, frameIn, MAX_STROKES, type SignatureValue } from '../../src/web/widgets/signature/strokes.ts';

/** Points as signature_pad records them, 1 ms apart. */
const recorded = (...points: [number, number][]): PadPoint[] => points.map(([x, y], i) => ({ x, y, time: 1000 + i }));

describe('a stroke drawn on the pad becomes stored numbers', () => {
  it('pixels become points relative to the frame, each within 0..1', () => {
    // A 2:1 signature on a 400 × 100 pad sits in the middle 200 pixels.
    const frame = frameIn(400, 100, 2);
    expect(fromPadStroke(recorded([100, 0], [200, 50], [300, 100], [390, 120]), frame)).toEqual([
      [0, 0],
      [0.5, 0.5],
      [1, 1],
    ]);
  });

  it('points too close to the last kept one are dropped', () => {
    const frame = frameIn(1000, 1000, 1);
    expect(fromPadStroke(recorded([100, 100], [101, 100], [102, 101], [110, 100]), frame)).toEqual([
      [0.1, 0.1],
      [0.11, 0.1],
    ]);
  });

  it('the point signature_pad records again as a stroke ends does not draw a hook back', () => {
    const points = recorded([10, 10], [20, 10], [30, 10], [40, 10], [50, 10]);
    const stroke = fromPadStroke([...points, { ...points[2] }], frameIn(100, 100, 1));
    expect(stroke.map(([x]) => x)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
  });

  it('a long stroke keeps at most the points the schema allows, with both ends', () => {
    const zigzag = recorded(...Array.from({ length: 5000 }, (_, i): [number, number] => [i / 10, i % 2 ? 100 : 0]));
    const stroke = fromPadStroke(zigzag, frameIn(500, 100, 5));
    expect(stroke.length).toBeLessThanOrEqual(SIGNATURE_LIMITS.pointsPerStroke);
    expect(stroke.length).toBeGreaterThan(SIGNATURE_LIMITS.pointsPerStroke / 2);
    expect(stroke[0]).toEqual([0, 0]);
    expect(stroke[stroke.length - 1]).toEqual([0.9998, 1]);
  });

  it('a tap is a one-point stroke (a dot)', () => {
    expect(fromPadStroke(recorded([50, 50]), frameIn(100, 100, 1))).toEqual([[0.5, 0.5]]);
  });
});

describe('adding a stroke to the signature', () => {
  it('a first stroke gives the signature the shape of the pad', () => {
    const signature = addPadStroke(null, recorded([0, 0], [250, 100]), 250, 100);
    expect(signature).toEqual({
      strokes: [
        [
          [0, 0],
          [1, 1],
        ],
      ],
      aspect: 2.5,
    });
  });

  it('later strokes keep the signature’s shape, even on a pad that changed shape', () => {
    const first: SignatureValue = { strokes: [[[0, 0]]], aspect: 2 };
    // The pad turned to 100 × 100: the 2:1 signature is the middle 50 pixels in height.
    const signature = addPadStroke(first, recorded([0, 25], [100, 75]), 100, 100);
    expect(signature).toEqual({
      strokes: [
        [[0, 0]],
        [
          [0, 0],
          [1, 1],
        ],
      ],
      aspect: 2,
    });
  });

  it('a full signature takes no more strokes', () => {
    const full: SignatureValue = { strokes: Array.from({ length: MAX_STROKES }, () => [[0.5, 0.5]]), aspect: 2 };
    expect(addPadStroke(full, recorded([0, 0], [10, 10]), 200, 100)).toBe(full);
    const almost: SignatureValue = { strokes: full.strokes.slice(1), aspect: 2 };
    expect(addPadStroke(almost, recorded([0, 0], [10, 10]), 200, 100)?.strokes).toHaveLength(MAX_STROKES);
  });

  it('nothing recorded changes nothing', () => {
    expect(addPadStroke(null, [], 200, 100)).toBeNull();
  });

  it('the pad’s shape is kept within the limits the schema allows', () => {
    expect(padAspect(2000, 10)).toBe(10);
    expect(padAspect(10, 2000)).toBe(0.1);
    expect(padAspect(300, 0)).toBe(10);
  });
});

describe('a stored signature redrawn by signature_pad', () => {
  const signature: SignatureValue = {
    strokes: [
      [
        [0, 0],
        [0.5, 0.5],
        [1, 0],
      ],
      [[0.25, 1]],
    ],
    aspect: 2,
  };

  it('points are pixels in the frame of the pad’s current size, in the theme’s colour', () => {
    const [stroke, dot] = toPadData(signature, 400, 100, 'rgb(29, 18, 48)');
    expect(stroke.map(({ x, y }) => [x, y])).toEqual([
      [100, 0],
      [200, 50],
      [300, 0],
      // The last point again, twice, so signature_pad draws the stroke to its end.
      [300, 0],
      [300, 0],
    ]);
    expect(dot.map(({ x, y }) => [x, y])).toEqual([[150, 100]]);
    for (const point of [...stroke, ...dot]) expect(point.color).toBe('rgb(29, 18, 48)');
  });

  it('the pen moves at the same writing speed on every stroke and at every size, so the ink has one width', () => {
    for (const [width, height] of [
      [300, 120],
      [900, 360],
    ]) {
      for (const stroke of toPadData(flourish(2.5), width, height, 'black')) {
        for (let i = 1; i < stroke.length - 2; i++) {
          const distance = Math.hypot(stroke[i].x - stroke[i - 1].x, stroke[i].y - stroke[i - 1].y);
          expect(distance / (stroke[i].time - stroke[i - 1].time)).toBeCloseTo(WRITING_SPEED, 6);
        }
      }
    }
  });

  it('times start after 0 (signature_pad reads 0 as "now") and never go back', () => {
    const times = writingTimes([
      [0, 0],
      [8, 0],
      [8, 6],
      [8, 6],
    ]);
    expect(times).toEqual([1, 1 + 8 / WRITING_SPEED, 1 + 14 / WRITING_SPEED, 1 + 14 / WRITING_SPEED]);
  });

  it('redrawn at another size and read back, a signature loses nothing', () => {
    const drawn = flourish(2.5);
    for (const [width, height] of [
      [342, 134],
      [594, 235],
      [300, 400],
    ]) {
      const groups = toPadData(drawn, width, height, 'black');
      const read = groups.reduce<SignatureValue | null>((value, group) => addPadStroke(value, group, width, height), { strokes: [], aspect: drawn.aspect });
      expect(read!.strokes).toHaveLength(drawn.strokes.length);
      read!.strokes.forEach((stroke, i) => {
        expect(stroke).toHaveLength(drawn.strokes[i].length);
        stroke.forEach(([x, y], j) => {
          expect(x).toBeCloseTo(drawn.strokes[i][j][0], 3);
          expect(y).toBeCloseTo(drawn.strokes[i][j][1], 3);
        });
      });
    }
  });

  it('no signature is a blank pad', () => {
    expect(toPadData(null, 400, 100, 'black')).toEqual([]);
  });
});

describe('the value handed back by the form', () => {
  it('a copy of the signature is the same signature; a moved point or another shape is not', () => {
    const signature: SignatureValue = {
      strokes: [
        [
          [0.1, 0.2],
          [0.3, 0.4],
        ],
      ],
      aspect: 2,
    };
    expect(sameSignature(signature, structuredClone(signature))).toBe(true);
    expect(sameSignature(signature, { ...signature, aspect: 3 })).toBe(false);
    expect(
      sameSignature(signature, {
        strokes: [
          [
            [0.1, 0.2],
            [0.3, 0.5],
          ],
        ],
        aspect: 2,
      }),
    ).toBe(false);
    expect(sameSignature(signature, { strokes: [...signature.strokes, [[0.5, 0.5]]], aspect: 2 })).toBe(false);
    expect(sameSignature(signature, null)).toBe(false);
    expect(sameSignature(null, null)).toBe(true);
  });
});
