// Documents with tables drawn here, with exact truth: each table's HTML (spans included) and its
// region on the displayed page. Kinds: ruled grids, booktabs-style (three rules) and fully
// borderless tables, spanning header and row cells, cells of several lines, and a table on a
// page turned by /Rotate 90 (drawn sideways so that it reads upright on screen).
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { Random } from './generated.js';
import { cellsToHtml, type GridCell, type PageBox, type RegionTable } from './table-html.js';

export interface TableDocument {
  id: string;
  pdf: Uint8Array;
  tables: RegionTable[];
}

type Rules = 'grid' | 'booktabs' | 'none';

interface TableSpec {
  cells: GridCell[];
  /** Column widths in points. */
  widths: number[];
  /** Rows drawn in bold from the top (the header). */
  headerRows: number;
  rules: Rules;
}

const SIZE = 9;
const LEADING = 11;
const PAD = 4;

/** Draws on a page in displayed coordinates (points, origin top-left), turned or not. */
class Canvas {
  constructor(
    readonly page: PDFPage,
    readonly width: number,
    readonly height: number,
    private readonly turned: boolean,
  ) {}

  static async page(doc: PDFDocument, turned: boolean): Promise<Canvas> {
    const page = doc.addPage([612, 792]);
    if (!turned) return new Canvas(page, 612, 792, false);
    // /Rotate 90 shows the page turned clockwise: displayed (X, Y) is user space (x = Y, y = X).
    page.setRotation(degrees(90));
    return new Canvas(page, 792, 612, true);
  }

  text(text: string, x: number, baseline: number, font: PDFFont, size = SIZE) {
    if (this.turned) this.page.drawText(text, { x: baseline, y: x, size, font, rotate: degrees(90) });
    else this.page.drawText(text, { x, y: this.height - baseline, size, font });
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness = 0.6) {
    const at = (x: number, y: number) => (this.turned ? { x: y, y: x } : { x, y: this.height - y });
    this.page.drawLine({ start: at(x1, y1), end: at(x2, y2), thickness, color: rgb(0, 0, 0) });
  }

  /** Box in 0-1000 of the displayed page. */
  scale(x0: number, y0: number, x1: number, y1: number): PageBox {
    const s = (v: number, size: number) => Math.round((v / size) * 1000);
    return [s(x0, this.width), s(y0, this.height), s(x1, this.width), s(y1, this.height)];
  }
}

/** Words of `text` in lines no wider than `width`. */
function wrap(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, SIZE) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  return line ? [...lines, line] : lines;
}

const isNumber = (text: string) => /^[-+$]?[\d.,]+%?$/.test(text);

/** Draws a table with its top-left corner at (x, y); returns its region and bottom edge. */
function drawTable(canvas: Canvas, fonts: { regular: PDFFont; bold: PDFFont }, spec: TableSpec, x: number, y: number): { box: PageBox; bottom: number } {
  const font = (c: GridCell) => (c.row < spec.headerRows ? fonts.bold : fonts.regular);
  const spanWidth = (c: GridCell) => spec.widths.slice(c.col, c.col + c.colspan).reduce((a, b) => a + b, 0);
  const lines = new Map(spec.cells.map((c) => [c, wrap(c.text, font(c), spanWidth(c) - 2 * PAD)]));
  const rows = Math.max(...spec.cells.map((c) => c.row + c.rowspan));
  // Row heights from the single-row cells; a row-spanning cell is drawn at the top of its span.
  const heights = Array.from({ length: rows }, (_, r) =>
    Math.max(LEADING + 2 * PAD, ...spec.cells.filter((c) => c.row === r && c.rowspan === 1).map((c) => lines.get(c)!.length * LEADING + 2 * PAD)),
  );
  const colX = spec.widths.reduce((xs, w) => [...xs, xs[xs.length - 1]! + w], [x]);
  const rowY = heights.reduce((ys, h) => [...ys, ys[ys.length - 1]! + h], [y]);
  const right = colX[colX.length - 1]!;
  const bottom = rowY[rowY.length - 1]!;
  for (const c of spec.cells) {
    const left = colX[c.col]!;
    const cellRight = colX[c.col + c.colspan]!;
    lines.get(c)!.forEach((text, i) => {
      const width = font(c).widthOfTextAtSize(text, SIZE);
      const textX = isNumber(text) && c.row >= spec.headerRows ? cellRight - PAD - width : left + PAD;
      canvas.text(text, textX, rowY[c.row]! + PAD + SIZE + i * LEADING - 2, font(c));
    });
    if (spec.rules === 'grid') {
      const top = rowY[c.row]!;
      const cellBottom = rowY[c.row + c.rowspan]!;
      canvas.line(left, top, cellRight, top);
      canvas.line(left, cellBottom, cellRight, cellBottom);
      canvas.line(left, top, left, cellBottom);
      canvas.line(cellRight, top, cellRight, cellBottom);
    }
  }
  if (spec.rules === 'booktabs') {
    canvas.line(x, y, right, y, 1);
    canvas.line(x, rowY[spec.headerRows]!, right, rowY[spec.headerRows]!, 0.5);
    canvas.line(x, bottom, right, bottom, 1);
  }
  return { box: canvas.scale(x, y, right, bottom), bottom };
}

/** A grid of one-cell texts, header row first, as GridCells. */
function plainCells(rows: string[][]): GridCell[] {
  return rows.flatMap((row, r) => row.map((text, c) => ({ row: r, col: c, rowspan: 1, colspan: 1, text })));
}

const ITEMS = ['Revenue', 'Operating costs', 'Staff', 'Equipment', 'Travel', 'Licences', 'Training', 'Facilities', 'Consulting', 'Marketing', 'Insurance', 'Utilities'];

function numericTable(rnd: Random, rows: number, columns: string[]): string[][] {
  const body = Array.from({ length: rows }, (_, r) => [
    ITEMS[r % ITEMS.length]!,
    ...columns.slice(1).map(() => (Math.floor(rnd.next() * 90000) / 10 + 100).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })),
  ]);
  return [columns, ...body];
}

/** A page: a paragraph, a caption, the table, a paragraph; the table's truth. */
async function tablePage(doc: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }, rnd: Random, specs: TableSpec[], turned = false): Promise<RegionTable[]> {
  const canvas = await Canvas.page(doc, turned);
  const pageIndex = doc.getPageCount() - 1;
  const margin = 72;
  let y = margin;
  const paragraph = () => {
    for (const line of wrap(rnd.paragraph(2), fonts.regular, canvas.width - 2 * margin)) {
      canvas.text(line, margin, y + SIZE, fonts.regular);
      y += LEADING;
    }
    y += 14;
  };
  const tables: RegionTable[] = [];
  for (const spec of specs) {
    paragraph();
    canvas.text(`Table ${pageIndex + tables.length + 1}. ${rnd.sentence(5)}`, margin, y + SIZE, fonts.bold);
    y += LEADING + 6;
    const { box, bottom } = drawTable(canvas, fonts, spec, margin, y);
    tables.push({ page: pageIndex, box, html: cellsToHtml(spec.cells) });
    y = bottom + 18;
  }
  paragraph();
  return tables;
}

async function document(id: string, pages: (rnd: Random) => { specs: TableSpec[]; turned?: boolean }[], seed: number): Promise<TableDocument> {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const rnd = new Random(seed);
  const tables: RegionTable[] = [];
  for (const page of pages(rnd)) tables.push(...(await tablePage(doc, fonts, rnd, page.specs, page.turned)));
  return { id, pdf: await doc.save(), tables };
}

const YEARS = ['Item', '2021', '2022', '2023', '2024'];

/** Header "Item | 2023 (Q1 Q2) | 2024 (Q1 Q2)" over two rows, and a row label spanning two rows. */
function spanningTable(rnd: Random): GridCell[] {
  const cell = (row: number, col: number, text: string, rowspan = 1, colspan = 1): GridCell => ({ row, col, rowspan, colspan, text });
  const cells = [cell(0, 0, 'Region', 2), cell(0, 1, '2023', 1, 2), cell(0, 3, '2024', 1, 2), cell(1, 1, 'Q1'), cell(1, 2, 'Q2'), cell(1, 3, 'Q1'), cell(1, 4, 'Q2')];
  const value = () => String(Math.floor(rnd.next() * 900) + 100);
  ['North', 'South', 'East'].forEach((region, i) => {
    cells.push(cell(2 + i * 2, 0, region, 2));
    for (let r = 0; r < 2; r++) for (let c = 1; c <= 4; c++) cells.push(cell(2 + i * 2 + r, c, value()));
  });
  cells.push(cell(8, 0, 'Total', 1, 3), cell(8, 3, value()), cell(8, 4, value()));
  return cells;
}

function multiLineTable(rnd: Random): string[][] {
  return [['Step', 'Description', 'Owner'], ...Array.from({ length: 5 }, (_, i) => [`${i + 1}`, rnd.paragraph(1), rnd.pick(['Data team', 'Operations', 'Quality assurance group'])])];
}

export async function tableDocuments(): Promise<TableDocument[]> {
  return [
    await document(
      'ruled',
      (rnd) => [
        { specs: [{ cells: plainCells(numericTable(rnd, 8, YEARS)), widths: [120, 70, 70, 70, 70], headerRows: 1, rules: 'grid' }] },
        {
          specs: [
            { cells: plainCells(numericTable(rnd, 4, ['Cost centre', 'Budget', 'Actual'])), widths: [140, 80, 80], headerRows: 1, rules: 'grid' },
            { cells: plainCells(numericTable(rnd, 5, ['Account', 'Q1', 'Q2', 'Q3', 'Q4', 'Year'])), widths: [110, 60, 60, 60, 60, 70], headerRows: 1, rules: 'grid' },
          ],
        },
      ],
      11,
    ),
    await document(
      'borderless',
      (rnd) => [
        { specs: [{ cells: plainCells(numericTable(rnd, 9, YEARS)), widths: [130, 75, 75, 75, 75], headerRows: 1, rules: 'booktabs' }] },
        { specs: [{ cells: plainCells(numericTable(rnd, 7, ['Category', 'Low', 'Mid', 'High'])), widths: [150, 90, 90, 90], headerRows: 1, rules: 'none' }] },
      ],
      12,
    ),
    await document('spanning', (rnd) => [{ specs: [{ cells: spanningTable(rnd), widths: [100, 70, 70, 70, 70], headerRows: 2, rules: 'grid' }] }], 13),
    await document('multi-line', (rnd) => [{ specs: [{ cells: plainCells(multiLineTable(rnd)), widths: [40, 260, 100], headerRows: 1, rules: 'grid' }] }], 14),
    await document(
      'rotated-page',
      (rnd) => [{ turned: true, specs: [{ cells: plainCells(numericTable(rnd, 8, ['Account', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Total'])), widths: [130, 65, 65, 65, 65, 65, 65, 75], headerRows: 1, rules: 'grid' }] }],
      15,
    ),
  ];
}

/** A table-heavy PDF for the speed benchmark: each page two tables, ruled, booktabs or borderless. */
export async function tableHeavyPdf(pages: number): Promise<Uint8Array> {
  const rules: Rules[] = ['grid', 'booktabs', 'none'];
  const doc = await document(
    'table-heavy',
    (rnd) =>
      Array.from({ length: pages }, (_, p) => ({
        specs: [0, 1].map((i) => ({
          cells: plainCells(numericTable(rnd, 12, ['Account', 'Q1', 'Q2', 'Q3', 'Q4', 'Year'])),
          widths: [130, 65, 65, 65, 65, 75],
          headerRows: 1,
          rules: rules[(p * 2 + i) % 3]!,
        })),
      })),
    16,
  );
  return doc.pdf;
}
