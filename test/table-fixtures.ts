// Table and chart pages drawn with pdf-lib: text in cells, rules as stroked lines or as thin
// filled rectangles, a plot drawn as paths.
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { loadPdfium, PdfDocument, renderPage } from '../src/engine/input/pdf/pdfium.js';
import { parseDocument } from '../src/engine/parse.js';
import type { ContentBlock } from '../src/engine/render/schema.js';

export interface TableSpec {
  /** Left edge and top edge (from the top of the page), in points. */
  x: number;
  top: number;
  colWidths: number[];
  /** Cell texts by row; "\n" breaks a cell into lines; "" is an empty cell. */
  rows: string[][];
  /** Cells that span columns: [row, col, colSpan] (the spanned cells' texts are ignored). */
  spans?: [number, number, number][];
  /** How the grid is drawn: stroked lines, thin filled bars, or not at all. */
  rules: 'lines' | 'bars' | 'none';
  size?: number;
}

const LINE_HEIGHT = 1.3;
const PADDING = 4;

/**
 * Drawing in displayed coordinates (origin top-left). On a page turned by /Rotate 90 the
 * content is drawn turned the other way, so that it reads upright once displayed.
 */
export interface Canvas {
  text(text: string, x: number, baseline: number, size: number): void;
  line(x0: number, y0: number, x1: number, y1: number, thickness: number): void;
  bar(x: number, y: number, width: number, height: number): void;
}

export function canvas(page: PDFPage, font: PDFFont, rotated = false): Canvas {
  const h = page.getHeight();
  // Displayed (x, y from the top) to user space: /Rotate 90 shows user (ux, uy) at (uy, ux).
  const at = (x: number, y: number) => (rotated ? { x: y, y: x } : { x, y: h - y });
  return {
    text: (text, x, baseline, size) => page.drawText(text, { ...at(x, baseline), size, font, ...(rotated ? { rotate: degrees(90) } : {}) }),
    line: (x0, y0, x1, y1, thickness) => page.drawLine({ start: at(x0, y0), end: at(x1, y1), thickness }),
    bar: (x, y, width, height) => {
      const a = at(x, y);
      const b = at(x + width, y + height);
      page.drawRectangle({ x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y), color: rgb(0, 0, 0) });
    },
  };
}

/** Draws a table; returns the y (from the top) of its bottom edge. */
export function drawTable(c: Canvas, spec: TableSpec): number {
  const size = spec.size ?? 10;
  const xs = [spec.x];
  for (const w of spec.colWidths) xs.push(xs[xs.length - 1]! + w);
  const ys = [spec.top];
  for (const row of spec.rows) {
    const lines = Math.max(1, ...row.map((cell) => cell.split('\n').length));
    ys.push(ys[ys.length - 1]! + lines * size * LINE_HEIGHT + 2 * PADDING);
  }
  // Whether column `col` of row `r` lies inside a spanning cell (not at its start).
  const spanned = (r: number, col: number) => spec.spans?.some(([sr, sc, n]) => sr === r && col > sc && col < sc + n) ?? false;
  spec.rows.forEach((row, r) => {
    row.forEach((text, col) => {
      if (spanned(r, col)) return;
      text.split('\n').forEach((t, i) => {
        if (t) c.text(t, xs[col]! + PADDING, ys[r]! + PADDING + size + i * size * LINE_HEIGHT, size);
      });
    });
  });
  const bottom = ys[ys.length - 1]!;
  if (spec.rules === 'none') return bottom;
  const rule = (x0: number, y0: number, x1: number, y1: number) =>
    spec.rules === 'lines' ? c.line(x0, y0, x1, y1, 0.5) : c.bar(x0 - (x0 === x1 ? 0.4 : 0), y0 - (y0 === y1 ? 0.4 : 0), x1 - x0 || 0.8, y1 - y0 || 0.8);
  for (const y of ys) rule(xs[0]!, y, xs[xs.length - 1]!, y);
  xs.forEach((x, col) => {
    spec.rows.forEach((_, r) => {
      // No rule inside a spanning cell.
      if (!spanned(r, col)) rule(x, ys[r]!, x, ys[r + 1]!);
    });
  });
  return bottom;
}

export interface TextSpec {
  text: string;
  x: number;
  /** Baseline, from the top of the page. */
  y: number;
  size?: number;
}

/** A PDF of US-letter pages, each drawn by a callback; `rotated` stores them turned (/Rotate 90). */
export async function drawnPdf(pages: ((c: Canvas, page: PDFPage, font: PDFFont) => void)[], rotated = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const draw of pages) {
    const page = doc.addPage([612, 792]);
    draw(canvas(page, font, rotated), page, font);
    if (rotated) page.setRotation(degrees(90));
  }
  return doc.save();
}

export function drawTexts(c: Canvas, texts: TextSpec[]): void {
  for (const t of texts) c.text(t.text, t.x, t.y, t.size ?? 10);
}

/** A line chart with bars: axes, gridlines, four bars, a curve, tick labels and axis titles. */
export function drawChart(page: PDFPage, font: PDFFont, left: number, top: number): void {
  const h = page.getHeight();
  const width = 300;
  const height = 180;
  const bottom = top + height;
  page.drawLine({ start: { x: left, y: h - top }, end: { x: left, y: h - bottom }, thickness: 1 });
  page.drawLine({ start: { x: left, y: h - bottom }, end: { x: left + width, y: h - bottom }, thickness: 1 });
  for (let i = 1; i <= 4; i++) {
    const y = bottom - (i * height) / 5;
    page.drawLine({ start: { x: left, y: h - y }, end: { x: left + width, y: h - y }, thickness: 0.3, color: rgb(0.7, 0.7, 0.7) });
    page.drawText(String(i * 25), { x: left - 22, y: h - y - 3, size: 8, font });
  }
  [60, 120, 90, 150].forEach((v, i) => {
    const x = left + 30 + i * 70;
    page.drawRectangle({ x, y: h - bottom, width: 30, height: v, color: rgb(0.3, 0.5, 0.8) });
    page.drawText(`Q${i + 1}`, { x: x + 8, y: h - bottom - 12, size: 8, font });
  });
  page.drawSvgPath(`M 0 0 L 70 -40 L 140 -20 L 210 -90 L 280 -70`, { x: left + 10, y: h - bottom + 20, borderColor: rgb(0.8, 0.1, 0.1), borderWidth: 1.5 });
  page.drawText('Revenue', { x: left - 30, y: h - top + 10, size: 8, font });
  page.drawText('Quarter', { x: left + width / 2 - 15, y: h - bottom - 24, size: 8, font });
}

/** The first page of `pdf` rendered at `dpi`: a scan of it for the OCR tests. */
export async function rendered(pdf: Uint8Array, dpi: number) {
  const doc = PdfDocument.open(await loadPdfium(), pdf);
  try {
    return renderPage(doc, 0, dpi);
  } finally {
    doc.close();
  }
}

/** The content list of a one-page born-digital PDF drawn by `draw` (OCR must not be needed). */
export async function bornDigitalBlocks(draw: (c: Canvas, page: PDFPage, font: PDFFont) => void): Promise<ContentBlock[]> {
  const noOcr = async () => {
    throw new Error('no OCR expected for born-digital pages');
  };
  return (await parseDocument(await drawnPdf([draw]), { maxPages: 5, ocr: noOcr })).content_list;
}

/** A table's HTML as the engine writes it, from its cell texts by row (no spans). */
export const tableHtml = (rows: string[][]) => '<table>' + rows.map((r) => '<tr>' + r.map((c) => `<td>${c}</td>`).join('') + '</tr>').join('') + '</table>';

/** Text set flush right, ending at `right`. */
export function flushRight(c: Canvas, font: PDFFont, text: string, right: number, y: number, size = 9): void {
  c.text(text, right - font.widthOfTextAtSize(text, size), y, size);
}

/** Words spread over [x0, x1] as a justified line sets them (the last word flush right). */
export function justified(c: Canvas, font: PDFFont, text: string, x0: number, x1: number, y: number, size = 10): void {
  const words = text.split(' ');
  const widths = words.map((w) => font.widthOfTextAtSize(w, size));
  const space = words.length > 1 ? (x1 - x0 - widths.reduce((a, b) => a + b, 0)) / (words.length - 1) : 0;
  let x = x0;
  words.forEach((w, i) => {
    c.text(w, x, y, size);
    x += widths[i]! + space;
  });
}

/** An invoice's item descriptions, enough rows to fill a page's upper two thirds at a 20-point pitch. */
export const INVOICE_ITEMS = [
  'Rural ward', 'Pediatric outcome', 'Community-based outcome', 'Eligible vaccination rate',
  'Rural vaccination rate under follow-up', 'Community-based ward under outcome', 'Eligible caregiver',
  'Confirmed survey for caregiver', 'Adjusted prevalence in intervention', 'Rural symptom under caregiver',
  'Chronic intervention', 'Regional intervention', 'Rural clinic of intervention review', 'Eligible caregiver for caregiver',
  'Chronic clinic and patient', 'Weekly dose review', 'Acute referral', 'Regional screening',
];
