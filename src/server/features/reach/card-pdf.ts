// Printable QR cards of distribution points: one card or a sheet of them (A4, 8 a page, 2 x 4,
// with cut marks). Each card: the venue's name as its heading (the venues carry no logo file yet),
// the QR code of the point's short address (vector squares: sharp at any print size), the call to
// action in English and in Arabic (shaped, right to left, by the waiver copy's line drawing) and
// the short address under the code for guests without a scanner.
import QRCode from 'qrcode';
import { t } from '../../../engine/text/messages.ts';
import { drawLine, PdfWriter, wrapLines, type LineCanvas } from '../waiver-copy/index.ts';

export interface Card {
  venueName: string;
  pointName: string;
  shortUrl: string;
}

const A4 = { width: 595.28, height: 841.89 };
const COLUMNS = 2;
const ROWS = 4;
export const CARDS_PER_PAGE = COLUMNS * ROWS;
const MARK = 10;

/** The QR code's dark modules as squares in a box of `size` points (with its quiet zone of 4 modules). */
function drawQr(doc: PDFKit.PDFDocument, text: string, left: number, top: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / (count + 8);
  doc.rect(left, top, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < count; row++)
    for (let column = 0; column < count; column++)
      if (qr.modules.get(row, column)) doc.rect(left + (column + 4) * cell, top + (row + 4) * cell, cell + 0.01, cell + 0.01);
  doc.fill('#000000');
}

function drawCard(writer: PdfWriter, card: Card, box: { left: number; top: number; width: number; height: number }): void {
  const doc = writer.doc;
  const canvas = doc as unknown as LineCanvas;
  const pad = 14;
  const inner = { left: box.left + pad, width: box.width - 2 * pad };
  let y = box.top + pad;
  const write = (text: string, size: number, direction: 'ltr' | 'rtl', bold = false) => {
    const fonts = bold ? { latin: 'latin-bold', arabic: 'arabic-bold' } : { latin: 'latin', arabic: 'arabic' };
    doc.fillColor('#000000');
    for (const line of wrapLines(canvas, text, inner.width, direction, fonts, size)) {
      drawLine(canvas, line, { left: inner.left, width: inner.width, y }, direction, fonts, size);
      y += size * 1.3;
    }
  };
  write(card.venueName, 13, 'ltr', true);
  const qrSize = Math.min(box.height * 0.48, inner.width * 0.62);
  drawQr(doc, card.shortUrl, box.left + (box.width - qrSize) / 2, y, qrSize);
  y += qrSize + 2;
  write(`${t('cardNoScanner', 'en')} ${card.shortUrl}`, 7.5, 'ltr');
  y += 3;
  write(t('cardCallToAction', 'en'), 9, 'ltr', true);
  write(t('cardCallToAction', 'ar'), 9, 'rtl', true);
}

/** Cut marks at each corner of every card cell, outside the card. */
function cutMarks(doc: PDFKit.PDFDocument, left: number, top: number, width: number, height: number): void {
  doc.lineWidth(0.4).strokeColor('#777777');
  for (const x of [left, left + width])
    for (const y of [top, top + height]) {
      const dx = x === left ? -1 : 1;
      const dy = y === top ? -1 : 1;
      doc
        .moveTo(x + dx * 2, y)
        .lineTo(x + dx * (MARK + 2), y)
        .stroke();
      doc
        .moveTo(x, y + dy * 2)
        .lineTo(x, y + dy * (MARK + 2))
        .stroke();
    }
}

/**
 * Cards on A4 sheets, 8 a page (2 x 4, each about A7) with cut marks: one card is the first place
 * of a sheet, printed on any office printer and cut out.
 */
export async function cardsPdf(cards: readonly Card[], createdAt: Date): Promise<Buffer> {
  const writer = new PdfWriter('ltr', { title: cards.map((card) => card.pointName).join(', '), subject: 'QR cards', keywords: '', createdAt, lang: 'en' });
  const doc = writer.doc;
  const margin = 28;
  const width = (A4.width - 2 * margin) / COLUMNS;
  const height = (A4.height - 2 * margin) / ROWS;
  cards.forEach((card, index) => {
    const place = index % CARDS_PER_PAGE;
    // The writer starts with an A4 page: the first sheet is that page.
    if (place === 0 && index > 0) doc.addPage({ size: 'A4', margin: 0 });
    const left = margin + (place % COLUMNS) * width + 6;
    const top = margin + Math.floor(place / COLUMNS) * height + 6;
    cutMarks(doc, left, top, width - 12, height - 12);
    drawCard(writer, card, { left, top, width: width - 12, height: height - 12 });
  });
  return writer.bytes();
}
