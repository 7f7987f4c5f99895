// The order and fonts in which a line of the PDF copy is drawn (features/waiver-copy/pdf-lines.ts),
// on a canvas that records each call: every character one unit wide, so positions are exact.
import { describe, expect, it } from 'vitest';
import { drawLine, wrapLines, type LineCanvas } from '../../src/server/features/waiver-copy/pdf-lines.ts';

const FONTS = { latin: 'latin', arabic: 'arabic' };

function recorder() {
  const drawn: { text: string; x: number; font: string }[] = [];
  let font = '';
  const canvas: LineCanvas = {
    font(name) {
      font = name;
      return canvas;
    },
    fontSize: () => canvas,
    widthOfString: (text) => Array.from(text).length,
    text(text, x) {
      drawn.push({ text, x, font });
      return canvas;
    },
  };
  return { canvas, drawn };
}

describe('a line of the PDF copy', () => {
  it('in English: words left to right from the left edge, each in the Latin font', () => {
    const { canvas, drawn } = recorder();
    drawLine(canvas, 'Form ID: K7QM', { left: 10, width: 100, y: 0 }, 'ltr', FONTS, 10);
    expect(drawn).toEqual([
      { text: 'Form', x: 10, font: 'latin' },
      { text: 'ID:', x: 15, font: 'latin' },
      { text: 'K7QM', x: 19, font: 'latin' },
    ]);
  });

  it('in Arabic: flush right, words right to left, the Form ID left to right at the line end, the colon in the Latin font', () => {
    const { canvas, drawn } = recorder();
    // "رقم النموذج: K7QM-4XW2-9D" is 25 characters wide, so it starts at 10 + 100 - 25.
    drawLine(canvas, 'رقم النموذج: K7QM-4XW2-9D', { left: 10, width: 100, y: 0 }, 'rtl', FONTS, 10);
    expect(drawn.map(({ text, font }) => [text, font])).toEqual([
      ['K7QM-4XW2-9D', 'latin'],
      [':', 'latin'],
      // Arabic words are handed over in logical order: fontkit shapes them and lays them right to left.
      ['النموذج', 'arabic'],
      ['رقم', 'arabic'],
    ]);
    expect(drawn[0].x).toBe(85);
    expect(drawn[3].x + 3).toBe(110);
  });

  it('in Arabic, Arabic-Indic digits keep their order (fontkit would reverse them, so they are handed over reversed)', () => {
    const { canvas, drawn } = recorder();
    drawLine(canvas, 'في ٢٠٢٦', { left: 0, width: 50, y: 0 }, 'rtl', FONTS, 10);
    expect(drawn.map(({ text }) => text)).toEqual(['٦٢٠٢', 'في']);
  });

  it('wraps at spaces within the width, and cuts a word longer than a line', () => {
    const { canvas } = recorder();
    expect(wrapLines(canvas, 'one two three four', 9, 'ltr', FONTS, 10)).toEqual(['one two', 'three', 'four']);
    expect(wrapLines(canvas, 'abcdefghijkl', 5, 'ltr', FONTS, 10)).toEqual(['abcde', 'fghij', 'kl']);
  });
});
