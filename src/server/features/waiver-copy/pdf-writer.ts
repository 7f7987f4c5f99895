// A pdfkit document written top to bottom in one direction: paragraphs wrapped and drawn by
// pdf-lines.ts, new pages when the page is full, and a signature drawn as vector strokes. Fonts
// are the self-hosted Tajawal shipped with the pages (@fontsource; the WOFF files: fontkit reads WOFF2 too, but the glyphs of its subsets of a WOFF2 font come out broken).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import type { SignatureStrokes } from '../collections/index.ts';
import { drawLine, wrapLines, type Direction, type LineCanvas, type LineFonts } from './pdf-lines.ts';

const require = createRequire(import.meta.url);
const fontFile = (name: string) => fs.readFileSync(require.resolve(`@fontsource/tajawal/files/${name}.woff`));

/** Read once: the same four files for every copy. */
let fontFiles: Record<string, Buffer> | null = null;
function fonts(): Record<string, Buffer> {
  fontFiles ??= {
    latin: fontFile('tajawal-latin-400-normal'),
    arabic: fontFile('tajawal-arabic-400-normal'),
    'latin-bold': fontFile('tajawal-latin-700-normal'),
    'arabic-bold': fontFile('tajawal-arabic-700-normal'),
  };
  return fontFiles;
}

const REGULAR: LineFonts = { latin: 'latin', arabic: 'arabic' };
const BOLD: LineFonts = { latin: 'latin-bold', arabic: 'arabic-bold' };
const MARGIN = 50;
const LINE_SPACING = 1.35;

export interface TextStyle {
  size?: number;
  bold?: boolean;
  /** Space before the paragraph, in points. */
  before?: number;
  /** Indent from the side the text starts on. */
  indent?: number;
  grey?: boolean;
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private y = MARGIN;

  constructor(
    readonly direction: Direction,
    info: { title: string; subject: string; keywords: string; createdAt: Date; lang: string },
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      lang: info.lang,
      displayTitle: true,
      // The copy's own time is the signature's: the same row gives the same document.
      info: {
        Title: info.title,
        Subject: info.subject,
        Keywords: info.keywords,
        Creator: 'venue-forms',
        Producer: 'venue-forms',
        CreationDate: info.createdAt,
        ModDate: info.createdAt,
      },
    });
    for (const [name, file] of Object.entries(fonts())) this.doc.registerFont(name, file);
  }

  private get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  /** A new page when `height` more does not fit on this one. */
  private room(height: number): void {
    if (this.y + height <= this.doc.page.height - MARGIN) return;
    this.doc.addPage();
    this.y = MARGIN;
  }

  paragraph(text: string, style: TextStyle = {}): void {
    const size = style.size ?? 10.5;
    const fontsOf = style.bold ? BOLD : REGULAR;
    const indent = style.indent ?? 0;
    const canvas = this.doc as unknown as LineCanvas;
    this.y += style.before ?? 0;
    this.doc.fillColor(style.grey ? '#444444' : '#000000');
    for (const line of wrapLines(canvas, text, this.width - indent, this.direction, fontsOf, size)) {
      this.room(size * LINE_SPACING);
      const left = this.direction === 'rtl' ? MARGIN : MARGIN + indent;
      drawLine(canvas, line, { left, width: this.width - indent, y: this.y }, this.direction, fontsOf, size);
      this.y += size * LINE_SPACING;
    }
  }

  gap(points: number): void {
    this.y += points;
  }

  rule(): void {
    this.room(12);
    this.y += 6;
    this.doc
      .moveTo(MARGIN, this.y)
      .lineTo(MARGIN + this.width, this.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    this.y += 6;
  }

  /** The signature's strokes as lines in a framed box on the side the text starts. */
  signature(signature: SignatureStrokes): void {
    const width = Math.min(240, this.width);
    const height = Math.min(160, width / signature.aspect);
    const boxWidth = height * signature.aspect;
    this.room(height + 8);
    const left = this.direction === 'rtl' ? MARGIN + this.width - boxWidth : MARGIN;
    const top = this.y + 4;
    const doc = this.doc;
    doc.rect(left, top, boxWidth, height).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.lineWidth(1.4).lineCap('round').lineJoin('round').strokeColor('#000000');
    for (const stroke of signature.strokes) {
      const [first, ...rest] = stroke.map(([x, y]) => [left + x * boxWidth, top + y * height] as const);
      doc.moveTo(first[0], first[1]);
      if (rest.length === 0) doc.lineTo(first[0] + 0.01, first[1]);
      for (const [x, y] of rest) doc.lineTo(x, y);
      doc.stroke();
    }
    this.y = top + height + 6;
  }

  /** The finished file. */
  async bytes(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
    this.doc.end();
    await ended;
    return Buffer.concat(chunks);
  }
}
