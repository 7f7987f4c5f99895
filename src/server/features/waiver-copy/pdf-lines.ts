// Lines of text in a PDF in either direction. pdfkit shapes Arabic through fontkit (joining forms
// from the font's GSUB, a run of Arabic glyphs laid right to left) but has no bidirectional
// algorithm and no font fallback: a line mixing Arabic with digits or Latin would come out in the
// wrong order, and the self-hosted Tajawal is two files (an Arabic subset without Latin digits or
// punctuation, a Latin subset without Arabic). So each line is cut here into pieces of one
// embedding level (bidi-js, the Unicode Bidirectional Algorithm) and one font, the pieces are put in
// visual order (UBA rule L2), and each is drawn in logical order when fontkit reverses it itself
// (Arabic script), reversed here otherwise. Wrapping is done on logical text, before reordering.
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** Characters the Arabic subset holds (Arabic blocks and presentation forms). */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Direction marks and isolates: they steer the algorithm, then are drawn as nothing. */
const CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export type Direction = 'ltr' | 'rtl';

export interface LineFonts {
  latin: string;
  arabic: string;
}

/** What the lines need of a pdfkit document (PDFKit.PDFDocument). */
export interface LineCanvas {
  font(name: string): LineCanvas;
  fontSize(size: number): LineCanvas;
  widthOfString(text: string): number;
  text(text: string, x: number, y: number, options: { lineBreak: false }): LineCanvas;
}

interface Piece {
  text: string;
  level: number;
  font: string;
}

const reversed = (text: string) => Array.from(text).reverse().join('');

/** One line cut into pieces of one level and one font, in logical order. */
function piecesOf(line: string, direction: Direction, fonts: LineFonts): Piece[] {
  const { levels } = bidi.getEmbeddingLevels(line, direction);
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const pieces: Piece[] = [];
  for (let index = 0; index < line.length; index++) {
    const char = mirrored.get(index) ?? line[index];
    if (CONTROLS.test(char)) continue;
    const level = levels[index];
    const last = pieces[pieces.length - 1];
    // A space belongs to the piece it is in (both fonts have one); anything else picks its font.
    const font = char === ' ' && last ? last.font : ARABIC.test(char) ? fonts.arabic : fonts.latin;
    if (last && last.level === level && last.font === font) last.text += char;
    else pieces.push({ text: char, level, font });
  }
  return pieces;
}

/** UBA rule L2: from the highest level down to the lowest odd one, reverse every run at that level or above. */
function visualOrder(pieces: Piece[]): Piece[] {
  const order = [...pieces];
  const levels = order.map((piece) => piece.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < order.length;) {
      if (order[start].level < level) {
        start++;
        continue;
      }
      let end = start;
      while (end < order.length && order[end].level >= level) end++;
      order.splice(start, end - start, ...order.slice(start, end).reverse());
      start = end;
    }
  }
  return order;
}

/** The characters to hand fontkit so the piece comes out in visual order. */
function drawnText(piece: Piece): string {
  const rightToLeft = piece.level % 2 === 1;
  const fontkitReverses = ARABIC.test(piece.text);
  return rightToLeft === fontkitReverses ? piece.text : reversed(piece.text);
}

function widthOfPieces(canvas: LineCanvas, pieces: Piece[], size: number): number {
  return pieces.reduce((sum, piece) => sum + canvas.font(piece.font).fontSize(size).widthOfString(piece.text), 0);
}

/** The width of a logical string as it will be drawn. */
export function lineWidth(canvas: LineCanvas, line: string, direction: Direction, fonts: LineFonts, size: number): number {
  return widthOfPieces(canvas, piecesOf(line, direction, fonts), size);
}

/** Draws one line between left and left + width, starting from the side its direction starts. */
export function drawLine(
  canvas: LineCanvas,
  line: string,
  box: { left: number; width: number; y: number },
  direction: Direction,
  fonts: LineFonts,
  size: number,
): void {
  const pieces = visualOrder(piecesOf(line, direction, fonts));
  const width = widthOfPieces(canvas, pieces, size);
  let x = direction === 'rtl' ? box.left + box.width - width : box.left;
  for (const piece of pieces) {
    canvas.font(piece.font).fontSize(size);
    // Word by word, each at its own place: a space is an advance of ours, not left to the viewer's
    // reading of pdfkit's glyph runs (where a space next to a mark with an offset came out lost).
    const tokens = piece.text.split(/( +)/).filter(Boolean);
    for (const token of piece.level % 2 === 1 ? tokens.reverse() : tokens) {
      if (token.trim()) canvas.text(drawnText({ ...piece, text: token }), x, box.y, { lineBreak: false });
      x += canvas.widthOfString(token);
    }
  }
}

/**
 * Greedy wrapping of a paragraph into lines no wider than `width`; each word is measured once and
 * a line is its words plus spaces (a word too long alone is cut).
 */
export function wrapLines(canvas: LineCanvas, paragraph: string, width: number, direction: Direction, fonts: LineFonts, size: number): string[] {
  const measure = (text: string) => lineWidth(canvas, text, direction, fonts, size);
  const space = measure(' ');
  const lines: string[] = [];
  let current = '';
  let used = 0;
  for (let word of paragraph.split(/\s+/).filter(Boolean)) {
    let wide = measure(word);
    if (current && used + space + wide <= width) {
      current += ` ${word}`;
      used += space + wide;
      continue;
    }
    if (current) lines.push(current);
    while (wide > width && word.length > 1) {
      let cut = word.length - 1;
      while (cut > 1 && measure(word.slice(0, cut)) > width) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
      wide = measure(word);
    }
    current = word;
    used = wide;
  }
  if (current) lines.push(current);
  return lines;
}
