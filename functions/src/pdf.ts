/**
 * Draws an order document (domain `invoiceContent` / `packingSlipContent`) as a PDF with pdf-lib's
 * standard Helvetica, so its text stays extractable (accounts software and the tests read it).
 */
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { BRAND, type DocumentBlock, type OrderDocumentContent } from '@harbor/domain';

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const SIZE = 10;
const LINE = 14;
/** Colours as pdf-lib's rgb() makes them (pdf-lib is loaded on first use, not with every function). */
const rgb = (red: number, green: number, blue: number): Color => ({ type: 'RGB', red, green, blue }) as unknown as Color;
const NAVY = rgb(0.07, 0.2, 0.36);
const GREY = rgb(0.4, 0.4, 0.4);

/** The standard fonts encode WinAnsi only: anything else becomes "?" rather than failing the document. */
function printable(text: string): string {
  return text.normalize('NFC').replace(/[\u2018\u2019]/g, "'").replace(/[\u201C\u201D]/g, '"').replace(/[\u2013\u2014]/g, '-').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly document: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.document.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** Room for `lines` more lines, on a new page if need be. */
  need(lines: number): void {
    if (this.y - lines * LINE < MARGIN) this.newPage();
  }

  text(text: string, x: number, options: { bold?: boolean; size?: number; color?: Color; align?: 'left' | 'right'; width?: number } = {}): void {
    const font = options.bold ? this.bold : this.regular;
    const size = options.size ?? SIZE;
    let value = printable(text);
    const width = options.width ?? CONTENT_WIDTH;
    while (value.length > 1 && font.widthOfTextAtSize(value, size) > width - 4) value = `${value.slice(0, -2)}…`.replace('…', '.');
    const drawX = options.align === 'right' ? x + width - font.widthOfTextAtSize(value, size) : x;
    this.page.drawText(value, { x: drawX, y: this.y, size, font, color: options.color ?? rgb(0, 0, 0) });
  }

  down(lines = 1): void {
    this.y -= lines * LINE;
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + LINE - 4 }, end: { x: PAGE.width - MARGIN, y: this.y + LINE - 4 }, thickness: 0.5, color: GREY });
  }
}

function drawBlock(writer: Writer, block: DocumentBlock): void {
  switch (block.kind) {
    case 'columns': {
      const rows = Math.max(block.left.lines.length, block.right.lines.length);
      writer.need(rows + 2);
      const half = CONTENT_WIDTH / 2;
      writer.text(block.left.title, MARGIN, { bold: true, color: NAVY });
      writer.text(block.right.title, MARGIN + half, { bold: true, color: NAVY });
      writer.down();
      for (let index = 0; index < rows; index++) {
        writer.text(block.left.lines[index] ?? '', MARGIN, { width: half });
        writer.text(block.right.lines[index] ?? '', MARGIN + half, { width: half });
        writer.down();
      }
      break;
    }
    case 'facts':
      writer.need(block.facts.length + 1);
      for (const [label, value] of block.facts) {
        writer.text(`${label}:`, MARGIN, { bold: true, width: 130 });
        writer.text(value, MARGIN + 130, { width: CONTENT_WIDTH - 130 });
        writer.down();
      }
      break;
    case 'table': {
      const { columns, rows } = block.table;
      const drawRow = (cells: string[], bold: boolean) => {
        let x = MARGIN;
        columns.forEach((column, index) => {
          const width = column.width * CONTENT_WIDTH;
          writer.text(cells[index] ?? '', x, { bold, align: column.align, width });
          x += width;
        });
        writer.down();
      };
      writer.need(3);
      drawRow(columns.map((column) => column.title), true);
      writer.rule();
      for (const row of rows) {
        writer.need(1);
        drawRow(row, false);
      }
      break;
    }
    case 'totals':
      writer.need(block.totals.length + 1);
      block.totals.forEach(([label, value], index) => {
        const last = index === block.totals.length - 1;
        writer.text(label, MARGIN + CONTENT_WIDTH * 0.55, { bold: last, width: CONTENT_WIDTH * 0.25 });
        writer.text(value, MARGIN + CONTENT_WIDTH * 0.8, { bold: last, align: 'right', width: CONTENT_WIDTH * 0.2 });
        writer.down();
      });
      break;
    case 'paragraph':
      writer.need(block.lines.length + 1);
      writer.text(block.title, MARGIN, { bold: true, color: NAVY });
      writer.down();
      for (const line of block.lines) {
        writer.text(line, MARGIN);
        writer.down();
      }
      break;
  }
}

export async function renderPdf(content: OrderDocumentContent): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const document = await PDFDocument.create();
  document.setTitle(printable(content.title));
  document.setAuthor(BRAND.fullName);
  document.setCreator(BRAND.name);
  const writer = new Writer(document, await document.embedFont(StandardFonts.Helvetica), await document.embedFont(StandardFonts.HelveticaBold));
  writer.text(BRAND.name, MARGIN, { bold: true, size: 18, color: NAVY });
  writer.text(content.title, MARGIN, { bold: true, size: 14, align: 'right' });
  writer.down(2.5);
  for (const block of content.blocks) {
    drawBlock(writer, block);
    writer.down();
  }
  return document.save();
}
