// Type measured at the size it is drawn: text a matrix scales down (a browser prints CSS pixels
// at 0.75) reads at its drawn size, and the rules that then see web pages' real ems (line pitch
// up to 1.75 em, ragged-right lines, wrapped table cells with padding) keep their text together.
import { concatTransformationMatrix, PDFDocument, popGraphicsState, pushGraphicsState, setWordSpacing, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPage } from '../src/engine/input/pdf/extract.js';
import { loadPdfium, PdfDocument } from '../src/engine/input/pdf/pdfium.js';
import type { LabelledParagraph } from '../src/engine/model/analysis.js';
import type { TextLine } from '../src/engine/model/document.js';
import { joinListItems } from '../src/engine/paragraphs/lists.js';
import { splitParagraphs } from '../src/engine/paragraphs/split.js';
import { bornDigitalBlocks, drawTable, drawTexts, tableHtml } from './table-fixtures.js';

/** A page drawn by `draw` with Helvetica, read back line by line. */
async function linesOf(draw: (page: import('pdf-lib').PDFPage, font: import('pdf-lib').PDFFont) => void): Promise<TextLine[]> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  draw(page, font);
  const pdf = PdfDocument.open(await loadPdfium(), await doc.save());
  try {
    return extractPage(pdf, 0).lines;
  } finally {
    pdf.close();
  }
}

describe('type size as drawn', () => {
  it('reads text a matrix scales down at its drawn size, as the same text drawn at that size', async () => {
    const lines = await linesOf((page, font) => {
      // 14 "CSS pixels" under Chromium's 0.75 print scale, and 10.5 pt drawn directly.
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(0.75, 0, 0, 0.75, 0, 0));
      page.drawText('Printed from a web page at fourteen pixels', { x: 72 / 0.75, y: 700 / 0.75, size: 14, font });
      page.pushOperators(popGraphicsState());
      page.drawText('Set directly at ten and a half points', { x: 72, y: 600, size: 10.5, font });
    });
    const [scaled, direct] = lines;
    expect(scaled!.text).toContain('Printed from a web page');
    expect(scaled!.fontSize).toBeCloseTo(10.5, 1);
    expect(direct!.fontSize).toBeCloseTo(10.5, 1);
  });

  it('still reads "1 Tf" text scaled up by its matrix at the size it shows', async () => {
    const lines = await linesOf((page, font) => {
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(12, 0, 0, 12, 0, 0));
      page.drawText('Shown at twelve points', { x: 72 / 12, y: 700 / 12, size: 1, font });
      page.pushOperators(popGraphicsState());
    });
    expect(lines[0]!.fontSize).toBeCloseTo(12, 2);
  });

  it('keeps a justified line whole across one space of its own stretched to 1.8 ems, and parts words set that far apart without one, or a cell width apart with one', async () => {
    const lines = await linesOf((page, font) => {
      page.pushOperators(pushGraphicsState(), setWordSpacing(15));
      page.drawText('The rise was over twelve percent.', { x: 72, y: 700, size: 10, font });
      page.pushOperators(popGraphicsState());
      // The same gaps with no space character: two cells of a row.
      page.drawText('Weekly', { x: 72, y: 600, size: 10, font });
      page.drawText('12', { x: 72 + font.widthOfTextAtSize('Weekly', 10) + 28, y: 600, size: 10, font });
      // One space between two header cells 2.8 ems apart, as a word processor's tables have
      // them: a cell boundary still.
      page.drawText('Others(1)', { x: 72, y: 500, size: 10, font });
      page.drawText(' ', { x: 72 + font.widthOfTextAtSize('Others(1)', 10), y: 500, size: 10, font });
      page.drawText('Total', { x: 72 + font.widthOfTextAtSize('Others(1) ', 10) + 25, y: 500, size: 10, font });
    });
    expect(lines.map((l) => l.text)).toEqual(['The rise was over twelve percent.', 'Weekly', '12', 'Others(1)', 'Total']);
  });
});

const line = (text: string, x0: number, x1: number, baseline: number, size = 10): TextLine => ({ text, box: [x0, baseline - 0.75 * size, x1, baseline + 0.2 * size], baseline, fontSize: size, bold: false, italic: false, monospace: false });

describe('web pages\' ems', () => {
  it('keeps a ragged-right paragraph whole where its first line ends short because the next word would not fit', () => {
    // 14.7 pt text, 1.35 em line pitch; the first line ends 63 pt (4.3 em) before the second,
    // whose first word ("jurisdiction", some 84 pt) would not have fitted there.
    const lead = [
      line('We compared (a) the effective liability, (b) the binding', 76, 456, 228, 14.7),
      line('jurisdiction and (c) the obligation reviewed by Ana Fernández.', 75, 519, 248, 14.7),
      line('The exclusive agreement shall not disclose in Leuven between', 75, 510, 268, 14.7),
    ];
    expect(splitParagraphs(lead, 'page').map((p) => p.lines.length)).toEqual([3]);
    // A short line the next line's first word would have fitted after is a line of its own.
    const heading = [line('Results', 76, 140, 228, 14.7), ...lead.slice(1)];
    expect(splitParagraphs(heading, 'page').map((p) => p.lines.length)).toEqual([1, 2]);
  });

  it('keeps a related-articles item\'s date, a web line\'s pitch (1.66 em) under it, with the item', () => {
    const item = (text: string, y: number): LabelledParagraph => ({ lines: [line(text, 53, 186, y, 8.4)], label: 'list', trace: [] });
    const date: LabelledParagraph = { lines: [line('April 12, 2026', 59, 102, 114 + 13.96, 7.1)], label: 'list', trace: [] };
    const joined = joinListItems([item('– Net equity of revenue planning', 114), date, item('– Deferred invoice of liquidity', 114 + 33)]);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.lines.map((l) => l.text)).toEqual(['– Net equity of revenue planning', 'April 12, 2026', '– Deferred invoice of liquidity']);
  });

  it('keeps a borderless table whole past a first-column cell wrapped over five lines and the padding under it', async () => {
    const rows = [
      ['Chronic', '2023', '2025', '2026'],
      ['We compared\nthe community\nbased outcome,\nthe dose and\nthe weekly rate', '12,835', '41%', '67'],
      ['Weekly', '434.9', '26', '75'],
      ['Pediatric', '90.24', '19', '343.4'],
      ['Adjusted survey', '221.2', '293,401', '92%'],
    ];
    const tables = (await bornDigitalBlocks((c) => void drawTable(c, { x: 72, top: 120, colWidths: [90, 60, 60, 60], rows, rules: 'none', size: 9 }))).filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows.map((r) => r.map((cell) => cell.replace(/\n/g, ' ')))));
  });
});

describe('two tables side by side, one captioned above and one below a web page\'s margin away', () => {
  it('reads them as two tables: the caption three ems under the right one still parts them', async () => {
    const left = [['Bracket', 'Torque'], ['Critical firmware', '14%'], ['Thermal margin', '61%'], ['Fatigue life', '95%'], ['Weld seam', '865,322']];
    const right = [['Ambient', 'Actuator', 'Axial'], ['Critical bracket', '12.83', '18'], ['Structural rig', '69', '90%'], ['Load case', '228,501', '4.9'], ['Ambient assembly', '4.2', '247.4']];
    const blocks = await bornDigitalBlocks((c) => {
      drawTexts(c, [{ text: 'Table 3. Critical actuator for test rig', x: 68, y: 100, size: 8 }]);
      left.forEach((row, r) => drawTexts(c, row.map((text, k) => ({ text, x: [74, 200][k]!, y: 118 + r * 16, size: 8 }))));
      right.forEach((row, r) => drawTexts(c, row.map((text, k) => ({ text, x: [320, 420, 480][k]!, y: 118 + r * 16, size: 8 }))));
      drawTexts(c, [{ text: 'Table 4. Redundant gearbox for load case', x: 316, y: 212, size: 8 }]);
    });
    const tables = blocks.filter((b) => b.type === 'table').sort((a, b) => a.bbox![0]! - b.bbox![0]!);
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(left), tableHtml(right)]);
  });
});
