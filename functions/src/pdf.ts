/**
 * Draws a document (domain orderDocuments.ts) as a PDF with pdf-lib's standard Helvetica, so its
 * text stays extractable (accounts software and the tests read it). Every text wraps to its box
 * and rows grow to fit: nothing is cut. A table that runs over a page repeats its header.
 */
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { BRAND, type DocumentBlock, type DocumentColumn, type OrderDocumentContent } from '@harbor/domain';

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const SIZE = 10;
const LINE = 14;
/** Space between table cells and between columns, so neighbouring texts never touch. */
const GAP = 6;
const FACT_LABEL_WIDTH = 130;
/** Colours as pdf-lib's rgb() makes them (pdf-lib is loaded on first use, not with every function). */
const rgb = (red: number, green: number, blue: number): Color => ({ type: 'RGB', red, green, blue }) as unknown as Color;
const BLACK = rgb(0, 0, 0);
const NAVY = rgb(0.07, 0.2, 0.36);
const GREY = rgb(0.4, 0.4, 0.4);

/** Characters WinAnsi lacks with a readable stand-in; anything else without one becomes "?". */
const STAND_INS: Record<string, string> = {
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2248': '~',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
};

/**
 * The standard fonts encode WinAnsi only, and pdf-lib throws on anything else: each character the
 * font lacks becomes its stand-in, its letter without accents ("ő" -> "o"), or "?". Line breaks
 * and tabs become spaces (the layout breaks lines itself).
 */
export function encodable(text: string, characters: ReadonlySet<number>): string {
  let result = '';
  for (const character of text.normalize('NFC').replace(/\s/g, ' ')) {
    if (characters.has(character.codePointAt(0)!)) result += character;
    else if (STAND_INS[character] !== undefined) result += STAND_INS[character];
    else {
      const bare = character.normalize('NFKD').replace(/\p{M}/gu, '');
      result += bare !== '' && [...bare].every((part) => characters.has(part.codePointAt(0)!)) ? bare : '?';
    }
  }
  return result;
}

/** A font with the characters it can encode. */
interface Face {
  font: PDFFont;
  characters: ReadonlySet<number>;
}

/**
 * `text` broken into lines no wider than `width`: at spaces, and inside a word only when the word
 * alone is wider than the line.
 */
export function wrapText(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const character of word) {
      if (line && measure(line + character) > width) {
        lines.push(line);
        line = '';
      }
      line += character;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: Color;
  align?: 'left' | 'right';
}

/** One box of a row: its text wrapped to its width, drawn from `x`. */
interface Cell {
  lines: string[];
  x: number;
  width: number;
  style: TextStyle;
}

class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly document: PDFDocument,
    private readonly regular: Face,
    private readonly bold: Face,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.document.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  private face(style: TextStyle): Face {
    return style.bold ? this.bold : this.regular;
  }

  /** Lines the page still has room for. */
  private room(): number {
    return Math.floor((this.y - MARGIN) / LINE) + 1;
  }

  /** Room for `lines` more lines, on a new page if need be (then `onNewPage` draws what the new page repeats). */
  need(lines: number, onNewPage?: () => void): void {
    if (lines <= this.room()) return;
    this.newPage();
    onNewPage?.();
  }

  /** A text (or lines of text, each starting a new line) wrapped to `width`. */
  cell(text: string | string[], x: number, width: number, style: TextStyle = {}): Cell {
    const { font, characters } = this.face(style);
    const size = style.size ?? SIZE;
    const lines = (typeof text === 'string' ? [text] : text).flatMap((line) => wrapText(encodable(line, characters), width, (part) => font.widthOfTextAtSize(part, size)));
    return { lines, x, width, style };
  }

  /**
   * Cells side by side, each line under the last: on this page when the row fits, else from the
   * top of the next one; a row taller than a page goes on over the next pages.
   */
  row(cells: Cell[], onNewPage?: () => void): void {
    const height = Math.max(...cells.map((cell) => cell.lines.length));
    this.need(Math.min(height, Math.floor((PAGE.height - 2 * MARGIN) / LINE)), onNewPage);
    for (let index = 0; index < height; index++) {
      this.need(1, onNewPage);
      for (const cell of cells) {
        const line = cell.lines[index];
        if (line) this.draw(line, cell);
      }
      this.down();
    }
  }

  private draw(line: string, cell: Cell): void {
    const { font } = this.face(cell.style);
    const size = cell.style.size ?? SIZE;
    const x = cell.style.align === 'right' ? cell.x + cell.width - font.widthOfTextAtSize(line, size) : cell.x;
    this.page.drawText(line, { x, y: this.y, size, font, color: cell.style.color ?? BLACK });
  }

  down(lines = 1): void {
    this.y -= lines * LINE;
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + LINE - 4 }, end: { x: PAGE.width - MARGIN, y: this.y + LINE - 4 }, thickness: 0.5, color: GREY });
  }

  /** "Page 2 of 3" at the foot of every page, once all are drawn. */
  numberPages(): void {
    const pages = this.document.getPages();
    pages.forEach((page, index) => {
      const text = `Page ${index + 1} of ${pages.length}`;
      const size = SIZE - 2;
      page.drawText(text, { x: PAGE.width - MARGIN - this.regular.font.widthOfTextAtSize(text, size), y: MARGIN / 2, size, font: this.regular.font, color: GREY });
    });
  }
}

/** Titled columns side by side, as wide as each other. */
function drawColumns(writer: Writer, columns: DocumentColumn[]): void {
  const width = (CONTENT_WIDTH - GAP * (columns.length - 1)) / columns.length;
  const x = (index: number) => MARGIN + index * (width + GAP);
  const header = () => writer.row(columns.map((column, index) => writer.cell(column.title, x(index), width, { bold: true, color: NAVY })));
  // A title stays with its first line.
  writer.need(2);
  header();
  writer.row(
    columns.map((column, index) => writer.cell(column.lines, x(index), width)),
    header,
  );
}

function drawBlock(writer: Writer, block: DocumentBlock): void {
  switch (block.kind) {
    case 'columns':
      drawColumns(writer, block.columns);
      break;
    case 'facts':
      for (const [label, value] of block.facts) {
        writer.row([writer.cell(`${label}:`, MARGIN, FACT_LABEL_WIDTH - GAP, { bold: true }), writer.cell(value, MARGIN + FACT_LABEL_WIDTH, CONTENT_WIDTH - FACT_LABEL_WIDTH)]);
      }
      break;
    case 'table': {
      const { columns, rows } = block.table;
      const cells = (texts: string[], bold: boolean) => {
        let x = MARGIN;
        return columns.map((column, index) => {
          const width = column.width * CONTENT_WIDTH;
          const cell = writer.cell(texts[index] ?? '', x + (index === 0 ? 0 : GAP / 2), width - (index === 0 || index === columns.length - 1 ? GAP / 2 : GAP), { bold, align: column.align });
          x += width;
          return cell;
        });
      };
      const header = () => {
        writer.row(cells(columns.map((column) => column.title), true));
        writer.rule();
      };
      // The header stays with the first row.
      writer.need(3);
      header();
      for (const row of rows) writer.row(cells(row, false), header);
      break;
    }
    case 'totals':
      block.totals.forEach(([label, value], index) => {
        const bold = index === block.totals.length - 1;
        writer.row([writer.cell(label, MARGIN + CONTENT_WIDTH * 0.45, CONTENT_WIDTH * 0.35 - GAP, { bold }), writer.cell(value, MARGIN + CONTENT_WIDTH * 0.8, CONTENT_WIDTH * 0.2, { bold, align: 'right' })]);
      });
      break;
    case 'paragraph':
      writer.need(2);
      writer.row([writer.cell(block.title, MARGIN, CONTENT_WIDTH, { bold: true, color: NAVY })]);
      for (const line of block.lines) writer.row([writer.cell(line, MARGIN, CONTENT_WIDTH)]);
      break;
  }
}

async function face(document: PDFDocument, name: string): Promise<Face> {
  const font = await document.embedFont(name);
  return { font, characters: new Set(font.getCharacterSet()) };
}

export async function renderPdf(content: OrderDocumentContent): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const document = await PDFDocument.create();
  const regular = await face(document, StandardFonts.Helvetica);
  document.setTitle(encodable(content.title, regular.characters));
  document.setAuthor(BRAND.fullName);
  document.setCreator(BRAND.name);
  const writer = new Writer(document, regular, await face(document, StandardFonts.HelveticaBold));
  const half = CONTENT_WIDTH / 2;
  writer.row([writer.cell(BRAND.name, MARGIN, half - GAP, { bold: true, size: 18, color: NAVY }), writer.cell(content.title, MARGIN + half, half, { bold: true, size: 14, align: 'right' })]);
  writer.down(1.5);
  for (const block of content.blocks) {
    drawBlock(writer, block);
    writer.down();
  }
  writer.numberPages();
  return document.save();
}
