// Tables and charts: vector rules from PDF paths, ruled and borderless table structure as
// minimal HTML, captions and notes, tables split over a page break, charts drawn as paths, and pages that
// must not produce a table.
import { degrees } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextLine } from '../src/engine/model/document.js';
import { OcrEngine } from '../src/engine/input/ocr/ocr.js';
import { parseDocument, parseWithDetails, type ParseResult } from '../src/engine/parse.js';
import { STAGES } from '../src/engine/pipeline/pipeline.js';
import { extractPage } from '../src/engine/input/pdf/extract.js';
import { loadPdfium, PdfDocument } from '../src/engine/input/pdf/pdfium.js';
import type { ContentBlock } from '../src/engine/render/schema.js';
import { imageRules } from '../src/engine/input/image-rules.js';
import type { TableStructure } from '../src/engine/model/table.js';
import { tableHtml } from '../src/engine/render/html.js';
import { isolatedBoxes } from '../src/engine/tables/rules.js';
import { detectCharts } from '../src/engine/charts/detect.js';
import { makePdf, rasterize, reportPage, twoColumnPage } from './fixtures.js';
import { parseRequest, startServer, type TestServer } from './helpers.js';
import { drawChart, drawnPdf, drawTable, drawTexts, rendered, type Canvas, type TableSpec } from './table-fixtures.js';

const noOcr = async () => {
  throw new Error('no OCR expected for born-digital pages');
};

async function parse(pdf: Uint8Array): Promise<ParseResult> {
  return parseDocument(pdf, { maxPages: 50, ocr: noOcr });
}

function tables(result: ParseResult): ContentBlock[] {
  return result.content_list.filter((b) => b.type === 'table');
}

const SALES: Omit<TableSpec, 'rules'> = {
  x: 72,
  top: 120,
  colWidths: [120, 80, 80],
  rows: [
    ['Region', 'Sales', 'Growth'],
    ['North', '1,200', '4.5%'],
    ['South\nand islands', '950', ''],
    ['Total', '2,150', '3.1%'],
  ],
};
const SALES_HTML =
  '<table><tr><td>Region</td><td>Sales</td><td>Growth</td></tr><tr><td>North</td><td>1,200</td><td>4.5%</td></tr>' +
  '<tr><td>South and islands</td><td>950</td><td></td></tr><tr><td>Total</td><td>2,150</td><td>3.1%</td></tr></table>';

describe('vector rules', () => {
  async function rulesOf(pdf: Uint8Array) {
    const doc = PdfDocument.open(await loadPdfium(), pdf);
    try {
      return extractPage(doc, 0);
    } finally {
      doc.close();
    }
  }

  it('reads stroked lines and thin filled bars as horizontal and vertical rules in displayed coordinates', async () => {
    for (const rules of ['lines', 'bars'] as const) {
      const page = await rulesOf(await drawnPdf([(c) => drawTable(c, { ...SALES, rules })]));
      const h = page.rules!.filter((r) => r[1] === r[3]);
      const v = page.rules!.filter((r) => r[0] === r[2]);
      // The top rule: across the table's width, 120 pt from the top of the page.
      expect(h.some((r) => Math.abs(r[1] - 120) < 1 && Math.abs(r[0] - 72) < 1 && Math.abs(r[2] - 352) < 1), rules).toBe(true);
      // The rule between the first and second column runs down from the top rule.
      expect(v.some((r) => Math.abs(r[0] - 192) < 1 && Math.abs(r[1] - 120) < 1), rules).toBe(true);
      expect(page.graphics).toEqual([]);
    }
  });

  it('maps rules of a page stored turned (/Rotate 90) to the displayed page', async () => {
    const page = await rulesOf(await drawnPdf([(c) => drawTable(c, { ...SALES, rules: 'lines' })], true));
    expect(page.width).toBeCloseTo(792);
    const top = page.rules!.filter((r) => r[1] === r[3] && Math.abs(r[1] - 120) < 1);
    expect(top.length).toBeGreaterThan(0);
    expect(top[0]![0]).toBeCloseTo(72, 0);
    expect(top[0]![2]).toBeCloseTo(352, 0);
  });

  it('keeps curves and filled shapes as graphics, not rules', async () => {
    const page = await rulesOf(await drawnPdf([(_c, p, f) => drawChart(p, f, 120, 130)]));
    // Four bars and the curve.
    expect(page.graphics!.length).toBeGreaterThanOrEqual(5);
    expect(page.graphics!.some((g) => g[2] - g[0] > 250 && g[3] - g[1] > 50)).toBe(true); // the curve spans the plot
  });
});

describe('table HTML', () => {
  it('writes spans, empty grid positions and escaped text', () => {
    const table: TableStructure = {
      rows: 3,
      cols: 3,
      cells: [
        { row: 0, col: 0, rowSpan: 2, colSpan: 1, text: 'Group' },
        { row: 0, col: 1, rowSpan: 1, colSpan: 2, text: 'A & B <C>' },
        { row: 1, col: 1, rowSpan: 1, colSpan: 1, text: 'x' },
        { row: 2, col: 0, rowSpan: 1, colSpan: 1, text: 'y' },
      ],
    };
    expect(tableHtml(table)).toBe(
      '<table><tr><td rowspan="2">Group</td><td colspan="2">A &amp; B &lt;C&gt;</td></tr><tr><td>x</td><td></td></tr><tr><td>y</td><td></td><td></td></tr></table>',
    );
  });
});

describe('ruled tables', () => {
  it('turns a grid of stroked lines into minimal HTML, in content_list and inline in the Markdown', async () => {
    const result = await parse(await drawnPdf([(c) => drawTable(c, { ...SALES, rules: 'lines' })]));
    const [table] = tables(result);
    expect(table).toBeDefined();
    expect(table!.table_body).toBe(SALES_HTML); // the two-line cell is one cell; the empty one stays
    expect(table!.text).toBeNull();
    expect(result.markdown).toContain(SALES_HTML);
    // No cell text leaks out as a paragraph.
    expect(result.content_list.filter((b) => b.type === 'text')).toEqual([]);
  });

  it('reads a grid drawn as thin filled rectangles the same way', async () => {
    const [table] = tables(await parse(await drawnPdf([(c) => drawTable(c, { ...SALES, rules: 'bars' })])));
    expect(table!.table_body).toBe(SALES_HTML);
  });

  it('gives a header cell without the rule below its middle a colspan', async () => {
    const rows = [
      ['Region', 'Sales 2024', ''],
      ['', 'H1', 'H2'],
      ['North', '1,200', '1,300'],
    ];
    const [table] = tables(await parse(await drawnPdf([(c) => drawTable(c, { ...SALES, rows, spans: [[0, 1, 2]], rules: 'lines' })])));
    expect(table!.table_body).toBe(
      '<table><tr><td>Region</td><td colspan="2">Sales 2024</td></tr><tr><td></td><td>H1</td><td>H2</td></tr><tr><td>North</td><td>1,200</td><td>1,300</td></tr></table>',
    );
  });

  it('reads a table on a page stored turned (/Rotate 90) upright, with its box on the displayed page', async () => {
    const [table] = tables(await parse(await drawnPdf([(c) => drawTable(c, { ...SALES, rules: 'lines' })], true)));
    expect(table!.table_body).toBe(SALES_HTML);
    // x from 72 to 352 of 792 displayed points: 91 to 444 in thousandths.
    expect(table!.bbox![0]).toBeCloseTo(91, -1);
    expect(table!.bbox![2]).toBeCloseTo(444, -1);
  });

  it('reads a table printed sideways on an upright page (text bottom to top or top to bottom)', async () => {
    for (const bottomUp of [true, false]) {
      const result = await parse(
        await drawnPdf([
          (_c, page, font) => {
            // Upright table coordinates (x along the text, y down the table) to user space.
            const at = (x: number, y: number) => (bottomUp ? { x: y, y: x } : { x: 612 - y, y: 792 - x });
            const sideways: Canvas = {
              text: (text, x, baseline, size) => page.drawText(text, { ...at(x, baseline), size, font, rotate: degrees(bottomUp ? 90 : -90) }),
              line: (x0, y0, x1, y1, thickness) => page.drawLine({ start: at(x0, y0), end: at(x1, y1), thickness }),
              bar: () => {},
            };
            drawTable(sideways, { ...SALES, rules: 'lines' });
          },
        ]),
      );
      const [table] = tables(result);
      expect(table!.table_body).toBe(SALES_HTML);
      // Its box on the displayed page is tall and narrow, and its text is no margin note.
      const [x0, y0, x1, y1] = table!.bbox!;
      expect(y1! - y0!).toBeGreaterThan(x1! - x0!);
      expect(result.content_list.filter((b) => b.type === 'aside_text')).toEqual([]);
    }
  });

  it('reads column headers set vertically in a ruled table as its cells, not margin notes', async () => {
    const rows = [['Region', 'Revenue', 'Growth', 'Margin'], ['North', '1,200', '4.5%', '12%'], ['South', '950', '3.1%', '9%'], ['East', '700', '2.2%', '7%']];
    const xs = [72, 172, 232, 292, 352];
    const ys = [100, 160, 180, 200, 220];
    const result = await parse(
      await drawnPdf([
        (c, page, font) => {
          for (const y of ys) c.line(xs[0]!, y, xs[4]!, y, 0.5);
          for (const x of xs) c.line(x, ys[0]!, x, ys[4]!, 0.5);
          c.text(rows[0]![0]!, 76, 154, 10);
          // The other headers read bottom to top, from the foot of the header row.
          rows[0]!.slice(1).forEach((t, i) => page.drawText(t, { x: xs[i + 1]! + 34, y: 792 - 155, size: 10, font, rotate: degrees(90) }));
          rows.slice(1).forEach((row, r) => row.forEach((t, i) => c.text(t, xs[i]! + 4, ys[r + 1]! + 14, 10)));
        },
      ]),
    );
    const [table] = tables(result);
    expect(table!.table_body).toBe(`<table>${rows.map((r) => `<tr>${r.map((t) => `<td>${t}</td>`).join('')}</tr>`).join('')}</table>`);
    expect(result.content_list.filter((b) => b.type === 'aside_text')).toEqual([]);
  });

  it('reads a sparse table ruled with double rules between its rows (the thin bands are no empty cells)', async () => {
    const rows = [['Feature', 'Basic', 'Pro', 'Team'], ['Export', '', 'yes', ''], ['Sharing', '', '', 'yes'], ['History', 'yes', '', ''], ['Audit', '', '', 'yes']];
    const xs = [72, 172, 232, 292, 352];
    const result = await parse(
      await drawnPdf([
        (c) => {
          rows.forEach((row, r) => {
            const top = 100 + r * 26;
            // Each row between two rules, 6 pt from the next row's: a double rule.
            c.line(xs[0]!, top, xs[4]!, top, 0.5);
            c.line(xs[0]!, top + 20, xs[4]!, top + 20, 0.5);
            row.forEach((t, i) => t && c.text(t, xs[i]! + 4, top + 14, 10));
          });
          for (const x of xs) c.line(x, 100, x, 100 + 4 * 26 + 20, 0.5);
        },
      ]),
    );
    const [table] = tables(result);
    expect(table!.table_body).toBe(`<table>${rows.map((r) => `<tr>${r.map((t) => `<td>${t}</td>`).join('')}</tr>`).join('')}</table>`);
  });

  it('keeps every character inside the table in a cell', async () => {
    const rows = Array.from({ length: 12 }, (_, r) => [`Item ${r + 1}`, `${(r * 37) % 100}.${r}`, `code-${r}x`, r % 3 ? `note ${r}` : '']);
    const result = await parse(await drawnPdf([(c) => drawTable(c, { x: 60, top: 80, colWidths: [100, 80, 90, 120], rows, rules: 'lines' })]));
    const [table] = tables(result);
    for (const text of rows.flat().filter(Boolean)) expect(table!.table_body).toContain(`<td>${text}</td>`);
    expect((table!.table_body!.match(/<tr>/g) ?? []).length).toBe(12);
    expect((table!.table_body!.match(/<td><\/td>/g) ?? []).length).toBe(4);
  });

  it('attaches the caption above as table_caption and the note below as table_footnote', async () => {
    const pdf = await drawnPdf([
      (c) => {
        drawTexts(c, [{ text: 'Table 1: Sales by region', x: 72, y: 110 }]);
        const bottom = drawTable(c, { ...SALES, rules: 'lines' });
        drawTexts(c, [
          { text: 'Note: figures in thousands of euros.', x: 72, y: bottom + 12, size: 8 },
          { text: 'The next paragraph discusses the results at length in plain prose.', x: 72, y: bottom + 40 },
        ]);
      },
    ]);
    const result = await parse(pdf);
    const [table] = tables(result);
    expect(table!.table_caption).toEqual(['Table 1: Sales by region']);
    expect(table!.table_footnote).toEqual(['Note: figures in thousands of euros.']);
    expect(result.content_list.map((b) => b.type)).toEqual(['table', 'text']);
    const md = result.markdown;
    expect(md.indexOf('Table 1: Sales by region')).toBeLessThan(md.indexOf('<table>'));
    expect(md.indexOf('</table>')).toBeLessThan(md.indexOf('Note: figures'));
    expect(md.indexOf('Note: figures')).toBeLessThan(md.indexOf('The next paragraph'));
  });

  it('leaves a ruled form with mostly empty fields as text', async () => {
    const rows = ['NAME', 'ADDRESS', 'PHONE', 'EMAIL', 'SIGNATURE'].map((label) => [label, '', label === 'PHONE' ? 'DATE' : '', '']);
    const result = await parse(await drawnPdf([(c) => drawTable(c, { x: 72, top: 120, colWidths: [100, 120, 100, 120], rows, rules: 'lines' })]));
    expect(tables(result)).toEqual([]);
    for (const label of ['NAME', 'PHONE', 'SIGNATURE']) expect(result.markdown).toContain(label);
  });

  it('reads no table in text beside a framed infobox, under headings underlined across the page', async () => {
    const body = ['The contractual indemnity shall not disclose', 'between May 23 and the end of the term. The', 'regulation is entitled to in Lodz between', 'July and October of the following year.'];
    const facts = ['Founded 1888', 'Location Aarhus', 'Budget 111.9 %', 'Staff 1873', 'Contact Nikolai Fernandez'];
    const result = await parse(
      await drawnPdf([
        (c) => {
          c.text('1. Confidentiality', 71, 152, 16);
          c.line(71, 157, 542, 157, 0.8);
          body.forEach((t, i) => c.text(t, 71, 176 + i * 15, 11));
          c.text('2. Term and termination', 71, 252, 16);
          c.line(71, 258, 542, 258, 0.8);
          c.text('Applicable breach', 390, 148, 12);
          facts.forEach((t, i) => c.text(t, 342, 170 + i * 21, 10));
          for (const [x0, y0, x1, y1] of [[333, 132, 541, 132], [333, 270, 541, 270], [333, 132, 333, 270], [541, 132, 541, 270]] as const) c.line(x0, y0, x1, y1, 0.8);
        },
      ]),
    );
    expect(tables(result)).toEqual([]);
    for (const t of [...facts, body[0]!]) expect(result.markdown).toContain(t);
  });

  it('tells a sidebar\'s frame drawn on its own from the frames a table is drawn as, which abut each other', () => {
    // An ICDAR 2013 table: its header's frame and, 3 pt below, its body's frame.
    expect(isolatedBoxes([[58, 118, 364, 144], [58, 147, 364, 172]], 4)).toEqual([]);
    // Cells drawn as rectangles sharing their sides.
    expect(isolatedBoxes([[72, 150, 200, 170], [200, 150, 280, 170], [72, 170, 200, 190]], 2)).toEqual([]);
    // A sidebar beside the text, and a box far from it: each a frame of its own.
    expect(isolatedBoxes([[333, 132, 541, 270], [72, 400, 300, 480]], 4)).toEqual([[333, 132, 541, 270], [72, 400, 300, 480]]);
  });
});

describe('tables split over a page break', () => {
  const header = ['Year', 'Units', 'Revenue'];
  const body = (from: number) => Array.from({ length: 6 }, (_, i) => [String(2000 + from + i), String(100 + i), `${(i + 1) * 1.5}`]);
  // Two pages: a line of prose and `foot` (what closes the page) on the first; the table's rows,
  // ruled, at the top of the second, prose and `under` below them.
  const footThenTable = (foot: Array<{ text: string; x: number; y: number }>, under: Array<{ text: string; x: number; y: number }> = []) =>
    drawnPdf([
      (c) => drawTexts(c, [{ text: 'Yearly figures are summarised in the following table for reference.', x: 72, y: 600 }, ...foot]),
      (c) => {
        drawTable(c, { x: 72, top: 72, colWidths: [100, 100, 100], rows: body(0), rules: 'lines' });
        drawTexts(c, [{ text: 'The discussion resumes after the table with ordinary prose.', x: 72, y: 330 }, ...under]);
      },
    ]);
  const rowsHtml = (rows: string[][]) => rows.map((r) => `<tr>${r.map((t) => `<td>${t}</td>`).join('')}</tr>`).join('');
  /** Page 1 ends with "Table 2" and its first rows; page 2 opens with `second` (drawn at its top), then prose. */
  const split = (second: (c: Canvas) => void, first: string[][] = [header, ...body(0)]) =>
    drawnPdf([
      (c) => {
        drawTexts(c, [
          { text: 'Yearly figures are summarised in the following table for reference.', x: 72, y: 500 },
          { text: 'Table 2: Units and revenue', x: 72, y: 540 },
          { text: '1', x: 300, y: 760 },
        ]);
        drawTable(c, { x: 72, top: 550, colWidths: [100, 100, 100], rows: first, rules: 'lines' });
      },
      (c) => {
        second(c);
        drawTexts(c, [
          { text: 'The discussion resumes after the table with ordinary prose.', x: 72, y: 330 },
          { text: '2', x: 300, y: 760 },
        ]);
      },
    ]);

  it('makes one table of a table continued on the next page, its header repeated there dropped', async () => {
    const pdf = await split((c) => drawTable(c, { x: 72, top: 72, colWidths: [100, 100, 100], rows: [header, ...body(6)], rules: 'lines' }));
    const details = await parseWithDetails(pdf, { maxPages: 50, ocr: noOcr });
    const result = details.result;
    const [table, ...others] = tables(result);
    expect(others).toEqual([]);
    expect(table!.page_idx).toBe(0);
    expect(table!.table_caption).toEqual(['Table 2: Units and revenue']);
    expect(table!.table_body).toBe(`<table>${rowsHtml([header, ...body(0), ...body(6)])}</table>`);
    // The box is the first part's, on its page.
    expect(table!.bbox![1]).toBeGreaterThan(600);
    const merge = details.blocks.find((b) => b.type === 'table')!.trace.find((t) => t.rule === 'table.continued-on-next-page');
    expect(merge?.values).toMatchObject({ page: 1, rows: 6, headerRowsDropped: 1 });
    expect(result.markdown.indexOf('2011')).toBeLessThan(result.markdown.indexOf('The discussion resumes'));
  });

  it('joins a row the page break cut through: its cell goes on in lower case at the next page\'s top', async () => {
    const first = [header, ...body(0), ['Total of', '615', '31.5']];
    const pdf = await split((c) => drawTable(c, { x: 72, top: 72, colWidths: [100, 100, 100], rows: [header, ['the first years', '', ''], ...body(6)], rules: 'lines' }), first);
    const details = await parseWithDetails(pdf, { maxPages: 50, ocr: noOcr });
    const [table, ...others] = tables(details.result);
    expect(others).toEqual([]);
    expect(table!.table_body).toBe(`<table>${rowsHtml([header, ...body(0), ['Total of the first years', '615', '31.5'], ...body(6)])}</table>`);
    const merge = details.blocks.find((b) => b.type === 'table')!.trace.find((t) => t.rule === 'table.continued-on-next-page');
    expect(merge?.values).toMatchObject({ headerRowsDropped: 1, rowCutByPageBreak: true });
  });

  it('makes one table of a continuation without a header, and drops its "(continued)" line', async () => {
    const pdf = await split((c) => {
      drawTexts(c, [{ text: 'Table 2 (continued)', x: 72, y: 62 }]);
      drawTable(c, { x: 72, top: 72, colWidths: [100, 100, 100], rows: body(6), rules: 'lines' });
    });
    const result = await parse(pdf);
    const [table, ...others] = tables(result);
    expect(others).toEqual([]);
    expect(table!.table_body).toBe(`<table>${rowsHtml([header, ...body(0), ...body(6)])}</table>`);
    expect(result.markdown).not.toContain('continued');
  });

  it('gives a table its header row left alone at the foot of the page before, and the page it starts on', async () => {
    const pdf = await footThenTable([
      { text: 'Production year', x: 76, y: 700 },
      { text: 'Units', x: 176, y: 700 },
      { text: 'Revenue', x: 276, y: 700 },
    ]);
    const details = await parseWithDetails(pdf, { maxPages: 50, ocr: noOcr });
    const [table, ...others] = tables(details.result);
    expect(others).toEqual([]);
    expect(table!.page_idx).toBe(0);
    expect(table!.table_body).toBe(`<table>${rowsHtml([['Production year', 'Units', 'Revenue'], ...body(0)])}</table>`);
    expect(details.blocks.find((b) => b.type === 'table')!.trace.map((t) => t.rule)).toContain('table.header-row-at-previous-page-foot');
  });

  it('gives a table its header row and its first row left at the foot of the page before (too few rows to be a table there)', async () => {
    const pdf = await footThenTable([
      { text: 'Production year', x: 76, y: 660 },
      { text: 'Units', x: 176, y: 660 },
      { text: 'Revenue', x: 276, y: 660 },
      // A row's pitch (its cells' padding): not a header cell's next line.
      { text: 'Prior year', x: 76, y: 686 },
      { text: '400', x: 176, y: 686 },
      { text: '12.5', x: 276, y: 686 },
      { text: '1', x: 300, y: 760 },
    ]);
    const details = await parseWithDetails(pdf, { maxPages: 50, ocr: noOcr });
    const [table, ...others] = tables(details.result);
    expect(others).toEqual([]);
    expect(table!.page_idx).toBe(0);
    expect(table!.table_body).toBe(`<table>${rowsHtml([['Production year', 'Units', 'Revenue'], ['Prior year', '400', '12.5'], ...body(0)])}</table>`);
    // The box holds both rows at the page's foot (per mille of the page: baselines at 660 and 686 of 792 points).
    expect(table!.bbox![1]).toBeLessThan((660 / 792) * 1000);
    expect(table!.bbox![3]).toBeGreaterThan((680 / 792) * 1000);
    const join = details.blocks.find((b) => b.type === 'table')!.trace.find((t) => t.rule === 'table.header-row-at-previous-page-foot');
    expect(join?.values).toMatchObject({ rowsAtFoot: 2 });
  });

  it('gives a table the caption left at the foot of the page before, alone or over the table\'s header row', async () => {
    // The caption alone closes the page; the table opens the next one.
    const alone = await parseWithDetails(await footThenTable([{ text: 'Table 2: Units and revenue', x: 72, y: 700 }]), { maxPages: 50, ocr: noOcr });
    const [table] = tables(alone.result);
    expect(table!.page_idx).toBe(1);
    expect(table!.table_caption).toEqual(['Table 2: Units and revenue']);
    expect(alone.result.content_list.filter((b) => b.type === 'text' && b.text?.startsWith('Table 2'))).toEqual([]);
    const rule = alone.blocks.find((b) => b.type === 'table')!.trace.find((t) => t.rule === 'caption.table-above-across-page-break');
    expect(rule?.values).toEqual({ where: 'next-page' });
    // Over the header row left there too: the table (joined to its header row) is on the caption's page.
    const withHeader = await parseWithDetails(
      await footThenTable([
        { text: 'Table 2: Units and revenue', x: 72, y: 680 },
        { text: 'Production year', x: 76, y: 700 },
        { text: 'Units', x: 176, y: 700 },
        { text: 'Revenue', x: 276, y: 700 },
      ]),
      { maxPages: 50, ocr: noOcr },
    );
    const [joined] = tables(withHeader.result);
    expect(joined!.page_idx).toBe(0);
    expect(joined!.table_caption).toEqual(['Table 2: Units and revenue']);
    // A table with a caption of its own under it (captions set under their tables) takes none from the page before.
    const own = await parse(await footThenTable([{ text: 'Table 2: Units and revenue', x: 72, y: 700 }], [{ text: 'Table 3: Units by year', x: 72, y: 240 }]));
    expect(tables(own).map((t) => t.table_caption)).toEqual([['Table 3: Units by year']]);
  });

  it('keeps two tables of different columns on consecutive pages apart', async () => {
    const other = [['Site', 'Staff', 'Area', 'Opened'], ...Array.from({ length: 5 }, (_, i) => [`Plant ${i + 1}`, String(40 + i), `${12 + i}.5`, String(1990 + i)])];
    const pdf = await split((c) => drawTable(c, { x: 72, top: 72, colWidths: [110, 80, 80, 80], rows: other, rules: 'lines' }));
    const found = tables(await parse(pdf));
    expect(found.map((t) => t.page_idx)).toEqual([0, 1]);
    expect(found[1]!.table_body).toContain('<td>Plant 1</td>');
  });

  it('keeps a table that prose follows at the page foot apart from the table opening the next page', async () => {
    const pdf = await drawnPdf([
      (c) => {
        drawTable(c, { x: 72, top: 520, colWidths: [100, 100, 100], rows: [header, ...body(0)], rules: 'lines' });
        drawTexts(c, [{ text: 'These totals close the first part of the report on sales.', x: 72, y: 700 }]);
      },
      (c) => {
        drawTable(c, { x: 72, top: 72, colWidths: [100, 100, 100], rows: [header, ...body(6)], rules: 'lines' });
        drawTexts(c, [{ text: 'The discussion resumes after the table with ordinary prose.', x: 72, y: 330 }]);
      },
    ]);
    expect(tables(await parse(pdf)).map((t) => t.page_idx)).toEqual([0, 1]);
  });

  it('keeps the last rows of a ruled table running to the page foot, which look like page numbers', async () => {
    const pdf = await drawnPdf([
      (c) => {
        drawTexts(c, [{ text: 'Yearly figures are summarised in the following table for reference.', x: 72, y: 500 }, { text: '1', x: 300, y: 760 }]);
        drawTable(c, { x: 72, top: 550, colWidths: [100, 100, 100], rows: [header, ...body(0)], rules: 'lines' });
      },
      (c) => drawTexts(c, [{ text: 'The discussion resumes on the next page with ordinary prose.', x: 72, y: 100 }, { text: '2', x: 300, y: 760 }]),
    ]);
    const result = await parse(pdf);
    expect(tables(result)[0]!.table_body).toBe(`<table>${rowsHtml([header, ...body(0)])}</table>`);
    expect(result.content_list.filter((b) => b.type === 'page_number').map((b) => b.text)).toEqual(['1', '2']);
  });

  it('leaves each part a table of its page when the merge fails', async () => {
    const pdf = await split((c) => drawTable(c, { x: 72, top: 72, colWidths: [100, 100, 100], rows: [header, ...body(6)], rules: 'lines' }));
    const details = await parseWithDetails(pdf, {
      maxPages: 50,
      ocr: noOcr,
      stages: {
        ...STAGES,
        continuedTables: () => {
          throw new Error('injected failure');
        },
      },
    });
    expect(details.failures).toEqual([{ stage: 'continued-tables', message: 'injected failure' }]);
    expect(tables(details.result).map((t) => t.page_idx)).toEqual([0, 1]);
  });
});

describe('borderless tables', () => {
  it('keeps header cells wrapped over two lines in their row when the other header cells take one line', async () => {
    const rows = [['Production\nyear', 'Units', 'Revenue\nin euros'], ['2021', '120', '1,500'], ['2022', '135', '1,720'], ['2023', '150', '1,910'], ['2024', '162', '2,080']];
    const pdf = await drawnPdf([(c) => drawTable(c, { x: 72, top: 120, colWidths: [110, 90, 90], rows, rules: 'none' })]);
    const [table] = tables(await parse(pdf));
    expect(table!.table_body).toBe(
      '<table><tr><td>Production year</td><td>Units</td><td>Revenue in euros</td></tr><tr><td>2021</td><td>120</td><td>1,500</td></tr>' +
        '<tr><td>2022</td><td>135</td><td>1,720</td></tr><tr><td>2023</td><td>150</td><td>1,910</td></tr><tr><td>2024</td><td>162</td><td>2,080</td></tr></table>',
    );
  });

  it('finds columns of numbers aligned without rules', async () => {
    const rows = [
      ['Country', '2021', '2022', '2023'],
      ['France', '12.5', '13.1', '14.0'],
      ['Germany', '20.2', '21.0', '19.8'],
      ['Spain', '8.4', '9.9', '10.3'],
      ['Italy', '11.0', '11.5', '12.2'],
    ];
    const result = await parse(
      await drawnPdf([
        (c) => {
          drawTexts(c, [{ text: 'Some intro paragraph text that explains the numbers below in a sentence.', x: 72, y: 100 }]);
          drawTable(c, { x: 72, top: 120, colWidths: [140, 70, 70, 70], rows, rules: 'none' });
        },
      ]),
    );
    const [table] = tables(result);
    expect(table!.table_body).toBe(`<table>${rows.map((r) => `<tr>${r.map((t) => `<td>${t}</td>`).join('')}</tr>`).join('')}</table>`);
    expect(result.content_list[0]!.text).toContain('Some intro paragraph');
  });

  it('keeps a header set from the left of its column with the right-aligned numbers below it', async () => {
    // Few rows (each gap left open by every row) and many rows (a gap may be crossed by one).
    for (const count of [5, 11]) {
      const body = Array.from({ length: count }, (_, i) => [`Item ${i + 1}`, `${(i * 37.1 + 3.3).toFixed(1)}`, `${(i * 512.4 + 88.2).toFixed(1)}`, `${i}.5`]);
      const rows = [['Category', 'Low', 'Mid', 'High'], ...body];
      const result = await parse(
        await drawnPdf([
          (c, _page, font) => {
            rows.forEach((row, r) => {
              row.forEach((text, col) => {
                const left = 72 + (col ? 150 + (col - 1) * 90 : 0);
                // Headers from the column's left edge, numbers against its right edge.
                const x = r === 0 || col === 0 ? left + 4 : left + 90 - 4 - font.widthOfTextAtSize(text, 10);
                c.text(text, x, 120 + r * 14, 10);
              });
            });
          },
        ]),
      );
      const [table] = tables(result);
      expect(table!.table_body).toBe(`<table>${rows.map((r) => `<tr>${r.map((t) => `<td>${t}</td>`).join('')}</tr>`).join('')}</table>`);
    }
  });

  it('spans a header over the columns its rule below reaches, and joins a row label written over the header rows', async () => {
    const body = Array.from({ length: 5 }, (_, i) => [`${45 + i * 10}–${54 + i * 10}`, `${120 + i * 7}`, `${(i * 3.1 + 2).toFixed(1)}`, `${210 + i * 9}`, `${(i * 2.7 + 5).toFixed(1)}`]);
    const result = await parse(
      await drawnPdf([
        (c, _page, font) => {
          const cols = [72, 160, 230, 300, 370, 440];
          const centred = (text: string, from: number, to: number, y: number) => c.text(text, (cols[from]! + cols[to]! - font.widthOfTextAtSize(text, 10)) / 2, y, 10);
          c.line(72, 105, 440, 105, 0.6);
          c.text('Age', 76, 118, 10);
          // Written from the left of the first column they head, not centred over both.
          c.text('Men', 164, 118, 10);
          c.text('Women', 304, 118, 10);
          // Spanner rules under "Men" and "Women", with a gap between them.
          c.line(162, 122, 298, 122, 0.4);
          c.line(302, 122, 438, 122, 0.4);
          c.text('group', 76, 134, 10);
          ['no.', 'Rate', 'no.', 'Rate'].forEach((t, i) => centred(t, i + 1, i + 2, 134));
          c.line(72, 139, 440, 139, 0.4);
          body.forEach((row, r) => row.forEach((t, i) => (i ? centred(t, i, i + 1, 154 + r * 14) : c.text(t, 76, 154 + r * 14, 10))));
          c.line(72, 154 + 4 * 14 + 5, 440, 154 + 4 * 14 + 5, 0.6);
        },
      ]),
    );
    const [table] = tables(result);
    const header = '<tr><td rowspan="2">Age group</td><td colspan="2">Men</td><td colspan="2">Women</td></tr><tr><td>no.</td><td>Rate</td><td>no.</td><td>Rate</td></tr>';
    expect(table!.table_body).toBe(`<table>${header}${body.map((r) => `<tr>${r.map((t) => `<td>${t}</td>`).join('')}</tr>`).join('')}</table>`);
  });

  it('keeps a table in one column of a two-column page whole, beside short lines of the other column', async () => {
    const rows = [['State', 'Cases', 'Rate'], ...Array.from({ length: 12 }, (_, i) => [`State ${String.fromCharCode(65 + i)}`, `${1000 + i * 137}`, `${(i * 1.7 + 10).toFixed(1)}`])];
    const prose = rows.map((_, i) => ({
      // The other column: running text with the short last line of a paragraph and a heading.
      text: i === 4 ? 'ends here.' : i === 9 ? 'References' : 'running text of the other page column goes on here',
      x: 320,
      y: 110 + 4 + 9 + i * (9 * 1.3 + 8), // the baselines of the table's rows (drawTable's layout)
    }));
    const result = await parse(
      await drawnPdf([
        (c) => {
          drawTable(c, { x: 50, top: 110, colWidths: [110, 70, 70], rows, rules: 'none', size: 9 });
          drawTexts(c, prose);
        },
      ]),
    );
    const found = tables(result);
    expect(found).toHaveLength(1);
    expect(found[0]!.table_body).toBe(`<table>${rows.map((r) => `<tr>${r.map((t) => `<td>${t}</td>`).join('')}</tr>`).join('')}</table>`);
    expect(result.markdown).toContain('References');
  });

  it('spans a section row centred over the values across all their columns', async () => {
    const values = (i: number) => [`Edition ${i + 1}`, ...[0, 1, 2, 3].map((c) => `${49 + i},${100 + c * 37 + i * 11}`)];
    const result = await parse(
      await drawnPdf([
        (c, _page, font) => {
          const cols = [72, 232, 292, 352, 412, 472];
          const row = (cells: string[], y: number) => cells.forEach((t, i) => (i ? c.text(t, (cols[i]! + cols[i + 1]! - font.widthOfTextAtSize(t, 10)) / 2, y, 10) : c.text(t, 76, y, 10)));
          row(['Source', '2007', '2008', '2009', '2010'], 120);
          row(values(0), 134);
          // Narrower than the four value columns, centred over them.
          const section = 'Projected enrollment';
          c.text(section, 352 - font.widthOfTextAtSize(section, 10) / 2, 148, 10);
          [1, 2, 3, 4].forEach((i) => row(values(i), 148 + i * 14));
        },
      ]),
    );
    const [table] = tables(result);
    const tr = (cells: string[]) => `<tr>${cells.map((t) => `<td>${t}</td>`).join('')}</tr>`;
    const body = [tr(['Source', '2007', '2008', '2009', '2010']), tr(values(0)), '<tr><td></td><td colspan="4">Projected enrollment</td></tr>', ...[1, 2, 3, 4].map((i) => tr(values(i)))];
    expect(table!.table_body).toBe(`<table>${body.join('')}</table>`);
  });

  it('keeps a long section heading centred over the values inside the table', async () => {
    const values = (i: number) => [`Edition ${i + 1}`, ...[0, 1, 2, 3].map((c) => `${49 + i},${100 + c * 37 + i * 11}`)];
    const heading = 'Percentage difference between actual and projected values';
    const result = await parse(
      await drawnPdf([
        (c, _page, font) => {
          const cols = [72, 200, 290, 380, 470, 560];
          const row = (cells: string[], y: number) => cells.forEach((t, i) => (i ? c.text(t, cols[i + 1]! - 4 - font.widthOfTextAtSize(t, 10), y, 10) : c.text(t, 76, y, 10)));
          [0, 1, 2].forEach((i) => row(values(i), 120 + i * 14));
          c.text(heading, 380 - font.widthOfTextAtSize(heading, 10) / 2, 162, 10);
          [3, 4, 5].forEach((i) => row(values(i), 176 + (i - 3) * 14));
        },
      ]),
    );
    const found = tables(result);
    expect(found).toHaveLength(1);
    const tr = (cells: string[]) => `<tr>${cells.map((t) => `<td>${t}</td>`).join('')}</tr>`;
    const body = [...[0, 1, 2].map((i) => tr(values(i))), `<tr><td></td><td colspan="4">${heading}</td></tr>`, ...[3, 4, 5].map((i) => tr(values(i)))];
    expect(found[0]!.table_body).toBe(`<table>${body.join('')}</table>`);
  });

  it('keeps a table row of numbers at the foot of the page in the table, not as page numbers', async () => {
    const rows = [['Language', 'Infancy', 'Early', 'Late', 'Total'], ['Cantonese', '8', '21', '9', '38'], ['Mandarin', '1', '3', '9', '13'], ['Arabic', '11', '6', '12', '29'], ['Total', '20', '30', '30', '80']];
    // The last rows fall in the page's bottom margin band, where page numbers are looked for.
    const result = await parse(await drawnPdf([(c) => drawTable(c, { x: 72, top: 660, colWidths: [120, 70, 70, 70, 70], rows, rules: 'none' })]));
    expect(result.content_list.filter((b) => b.type === 'page_number')).toEqual([]);
    expect(tables(result)[0]!.table_body).toBe(`<table>${rows.map((r) => `<tr>${r.map((t) => `<td>${t}</td>`).join('')}</tr>`).join('')}</table>`);
  });

  it('finds no table in running text, two-column pages or a report page', async () => {
    for (const pdf of [await makePdf([twoColumnPage()]), await makePdf([reportPage(1, 'Introduction')])]) {
      expect(tables(await parse(pdf))).toEqual([]);
    }
    // Short lines with numbers, in two columns of prose, are still prose.
    const prose = Array.from({ length: 10 }, (_, i) => [
      { text: `In ${2010 + i} the survey counted ${120 + i} farms across the region`, x: 72, y: 100 + i * 14 },
      { text: `and reported ${i + 3} new cooperatives formed in that year alone`, x: 330, y: 100 + i * 14 },
    ]).flat();
    expect(tables(await parse(await makePdf([prose])))).toEqual([]);
  });
});

describe('charts', () => {
  it('makes vector plots a chart block with its caption, and keeps their labels out of the text', async () => {
    const result = await parse(
      await drawnPdf([
        (c, page, font) => {
          drawTexts(c, [{ text: 'Results are shown in the chart below for each quarter.', x: 72, y: 90 }]);
          drawChart(page, font, 120, 130);
          drawTexts(c, [
            { text: 'Figure 1: Revenue by quarter', x: 150, y: 350 },
            { text: 'The text continues after the figure with more words.', x: 72, y: 380 },
          ]);
        },
      ]),
    );
    expect(result.content_list.map((b) => b.type)).toEqual(['text', 'chart', 'text']);
    const chart = result.content_list[1]!;
    expect(chart.image_caption).toEqual(['Figure 1: Revenue by quarter']);
    expect(chart.text).toBeNull();
    for (const label of ['Q1', 'Q4', 'Revenue\n', 'Quarter', '75']) expect(result.markdown).not.toContain(label);
    expect(result.markdown).toContain('Figure 1: Revenue by quarter');
  });
});

describe('chart labels', () => {
  const at = (text: string, box: TextLine['box'], fontSize: number): TextLine => ({ text, box, baseline: box[3], fontSize, bold: false, italic: false, monospace: false });

  it('takes the labels beside, over and under a plot, not a title off its corner', () => {
    const bars: TextLine['box'][] = [135, 196, 258, 320].map((x, i) => [x, 183 - 30 * (i + 1), x + 37, 183]);
    const axes: TextLine['box'][] = [[115, 40, 115, 183], [115, 183, 385, 183], [115, 140, 385, 140], [115, 100, 385, 100], [115, 60, 385, 60]];
    const ticks = ['0', '25', '50', '75'].map((t, i) => at(t, [101, 178 - 40 * i, 113, 187 - 40 * i], 16));
    const legend = at('prevalence', [129, 188, 358, 200], 16);
    const title = at('Data sources', [10, 11, 84, 21], 18);
    const [chart] = detectCharts(612, 792, [title, ...ticks, legend], [...bars, [383, 181, 385, 185], [116, 39, 121, 42]], axes, /^Figure/);
    expect(chart).toBeDefined();
    expect(chart!.lines.map((l) => l.text).sort()).toEqual(['0', '25', '50', '75', 'prevalence']);
    expect(chart!.box[1]).toBeGreaterThan(30);
  });

  it('takes a row of shapes each holding a short label (an infographic\'s steps) as a picture, not tag chips or text boxes', () => {
    // Four chevrons, 110 × 60 points, touching, each with a one-word label in a 14-point display face.
    const chevrons: TextLine['box'][] = [0, 1, 2, 3].map((i) => [72 + i * 110, 300, 72 + i * 110 + 115, 360]);
    const labels = ['Discover', 'Define', 'Develop', 'Deliver'].map((t, i) => at(t, [90 + i * 110, 323, 150 + i * 110, 337], 14));
    const body = Array.from({ length: 6 }, (_, i) => at(`Body text line ${i} of the page under the diagram here`, [72, 400 + i * 14, 500, 410 + i * 14], 10));
    const [diagram, ...more] = detectCharts(612, 792, [...labels, ...body], chevrons, [], /^Figure/);
    expect(more).toHaveLength(0);
    expect(diagram!.kind).toBe('image');
    expect(diagram!.values.labelledShapes).toBe(4);
    expect(diagram!.lines.map((l) => l.text)).toEqual(['Discover', 'Define', 'Develop', 'Deliver']);
    // Tag chips: shapes under 2.5 ems high around their words.
    const chips: TextLine['box'][] = [0, 1, 2, 3].map((i) => [72 + i * 70, 300, 72 + i * 70 + 66, 318]);
    const tags = ['Politics', 'Economy', 'Health', 'Science'].map((t, i) => at(t, [78 + i * 70, 304, 130 + i * 70, 314], 10));
    expect(detectCharts(612, 792, [...tags, ...body], chips, [], /^Figure/)).toHaveLength(0);
    // Shaded boxes of prose side by side are text boxes.
    const boxes: TextLine['box'][] = [0, 1, 2].map((i) => [72 + i * 160, 300, 72 + i * 160 + 150, 380]);
    const prose = [0, 1, 2].flatMap((i) => [0, 1, 2].map((k) => at(`Words of box ${i} line ${k} run on`, [78 + i * 160, 306 + k * 14, 216 + i * 160, 316 + k * 14], 10)));
    expect(detectCharts(612, 792, [...prose, ...body], boxes, [], /^Figure/)).toHaveLength(0);
    // Shaded cells of a table: filled rectangles side by side, their text set flush left or right, or abutting.
    const cells: TextLine['box'][] = [0, 1, 2].map((i) => [72 + i * 80, 300, 152 + i * 80, 336]);
    const cellText = ['Fiscal', '46.20', '670,609'].map((t, i) => at(t, i ? [120 + i * 80, 312, 148 + i * 80, 322] : [76, 312, 110, 322], 10));
    expect(detectCharts(612, 792, [...cellText, ...body], cells, [], /^Figure/, cells)).toHaveLength(0);
    const centred = ['Fiscal', 'Gross', 'Net'].map((t, i) => at(t, [97 + i * 80, 312, 127 + i * 80, 322], 10));
    expect(detectCharts(612, 792, [...centred, ...body], cells, [], /^Figure/, cells)).toHaveLength(0);
    // A flow of three boxes set apart, arrows between them, labels centred: a diagram, rectangles or not.
    const flow: TextLine['box'][] = [0, 1, 2].map((i) => [72 + i * 100, 300, 152 + i * 100, 336]);
    const arrows: TextLine['box'][] = [0, 1].map((i) => [152 + i * 100, 315, 172 + i * 100, 321]);
    const steps = ['Parse', 'Plan', 'Run'].map((t, i) => at(t, [97 + i * 100, 312, 127 + i * 100, 322], 10));
    expect(detectCharts(612, 792, [...steps, ...body], [...flow, ...arrows], [], /^Figure/, flow).map((c) => c.kind)).toEqual(['image']);
  });

  it('takes no plot from a striped table\'s shaded rows: cells side by side, each with its text', () => {
    // A header and a row shaded, six cells each, 21 points high, abutting; 8-point text in each.
    const xs = [40, 189, 266, 305, 356, 441, 492];
    const fills: TextLine['box'][] = [434, 455].flatMap((top) => xs.slice(0, -1).map((x, k): TextLine['box'] => [x, top, xs[k + 1]!, top + 21]));
    const words = [['Dividend', 'Operating cost', 'Audit', 'Portfolio', 'Annual', 'Provision'], ['Fiscal cost', '82', '71.75', '971,665', '4%', '900,190']];
    const text = words.flatMap((row, r) => row.map((t, k) => at(t, [xs[k]! + 4, 441 + r * 21, xs[k]! + 4 + t.length * 4, 449 + r * 21], 8)));
    const body = Array.from({ length: 6 }, (_, i) => at(`Body text line ${i} of the page under the table here`, [40, 520 + i * 12, 492, 529 + i * 12], 9));
    expect(detectCharts(612, 792, [...text, ...body], fills, [], /^Figure/, fills)).toHaveLength(0);
  });

  it('takes a tick row (however long) and an axis title right under a chart, not a caption without a "Figure" label an em below them', () => {
    const bars: TextLine['box'][] = [135, 196, 258, 320].map((x, i) => [x, 183 - 30 * (i + 1), x + 37, 183]);
    const axes: TextLine['box'][] = [[115, 40, 115, 183], [115, 183, 385, 183], [115, 140, 385, 140], [115, 100, 385, 100], [115, 60, 385, 60]];
    // Category ticks the text layer read as one line, longer than a label.
    const ticks = at('distributed checkpoint message queue request worker', [130, 186, 380, 196], 10);
    const axisTitle = at('Component', [220, 199, 270, 209], 10);
    const caption = at('Modular assembly for gearbox', [170, 222, 320, 232], 10);
    const [chart] = detectCharts(612, 792, [ticks, axisTitle, caption], bars, axes, /^Figure/);
    expect(chart!.lines.map((l) => l.text).sort()).toEqual(['Component', 'distributed checkpoint message queue request worker']);
    expect(chart!.box[3]).toBe(209);
  });

  it('takes a small, sparse drawing right over a figure caption as the figure, and no such drawing without one', () => {
    // A small bar chart in a column: five bars and an axis, 125 × 55 points (under 2% of the page).
    const bars: TextLine['box'][] = [0, 1, 2, 3, 4].map((i) => [380 + i * 24, 120 - 10 * (i % 3) - 10, 392 + i * 24, 120]);
    const axes: TextLine['box'][] = [[376, 65, 376, 120], [376, 120, 500, 120]];
    const ticks = ['0', '50', '100'].map((t, i) => at(t, [362, 116 - 25 * i, 372, 122 - 25 * i], 6));
    const caption = at('Figure 2: Reasonable party.', [377, 140, 496, 150], 10);
    const body = Array.from({ length: 8 }, (_, i) => at(`Body text line ${i} of the other column of this page`, [57, 300 + i * 12, 293, 310 + i * 12], 10));
    const [chart] = detectCharts(612, 792, [...body, ...ticks, caption], bars, axes, /^Figure/);
    expect(chart).toBeDefined();
    expect(chart!.values.captioned).toBe(1);
    expect(chart!.lines.map((l) => l.text).sort()).toEqual(['0', '100', '50']);
    // The same drawing with no caption near it is too small to be a chart by itself.
    expect(detectCharts(612, 792, [...body, ...ticks], bars, axes, /^Figure/)).toHaveLength(0);
    // A lone rule over a caption is a separator, not a figure.
    expect(detectCharts(612, 792, [...body, caption], [], [[376, 130, 500, 130]], /^Figure/)).toHaveLength(0);
  });
});

describe('scanned tables', () => {
  it('finds the rules of a table in a page image, in page units, and none in text', async () => {
    const image = await rendered(await drawnPdf([(c) => drawTable(c, { ...SALES, rules: 'lines' })]), 100);
    const rules = imageRules(image, 612 / image.width);
    const h = rules.filter((r) => r[1] === r[3]);
    const v = rules.filter((r) => r[0] === r[2]);
    expect(h.length).toBe(5); // above, between and below the four rows
    expect(v.length).toBe(4);
    expect(h.every((r) => Math.abs(r[0] - 72) < 2 && Math.abs(r[2] - 352) < 2)).toBe(true);
    expect(h.some((r) => Math.abs(r[1] - 120) < 2)).toBe(true);
    expect(v.some((r) => Math.abs(r[0] - 192) < 2)).toBe(true);
    // Bold and regular text, titles included, make no rules.
    const text = await rendered(await makePdf([reportPage(1, 'A Bold Title Line Of Some Length')]), 100);
    expect(imageRules(text, 1)).toEqual([]);
  });

  it('reads a scanned ruled table (PNG) as a table through OCR', async () => {
    const engine = OcrEngine.create({ threads: 2 });
    const png = await rasterize(await drawnPdf([(c) => drawTable(c, { ...SALES, rules: 'lines' })]), 200);
    const result = await parseDocument(png, { maxPages: 1, ocr: () => engine });
    const [table] = tables(result);
    expect(table).toBeDefined();
    for (const text of ['Region', 'North', '1,200', 'Total', '2,150']) expect(table!.table_body).toContain(`<td>${text}</td>`);
    expect((table!.table_body!.match(/<tr>/g) ?? []).length).toBe(4);
    expect(table!.table_body).toContain('<td></td>'); // the empty cell
  });
  it('enlarges a small table image (text about 8 px high) before OCR, and keeps its box in image pixels', async () => {
    const engine = OcrEngine.create({ threads: 2 });
    const dpi = 60;
    const page = await rasterize(await drawnPdf([(c) => drawTable(c, { ...SALES, rules: 'none' })]), dpi);
    // Just the table, cut from the page as a table image of a paper is.
    const px = (pt: number) => Math.round((pt * dpi) / 72);
    const region = { left: px(SALES.x - 6), top: px(SALES.top - 6), width: px(292), height: px(110) };
    const png = new Uint8Array(await sharp(page).extract(region).png().toBuffer());
    const result = await parseDocument(png, { maxPages: 1, ocr: () => engine });
    const [table] = tables(result);
    expect(table).toBeDefined();
    // Read as it is, the 8-px text loses letters ("Regin").
    expect(table!.table_body).toBe(SALES_HTML);
    // The table fills the image: its box, in 0-1000 of the image, is not that of the enlarged one.
    expect(table!.bbox![2]).toBeLessThanOrEqual(1000);
    expect(table!.bbox![2]).toBeGreaterThan(700);
  });
});

describe('tables through the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('returns table_body, table_caption and table_footnote in content_list', async () => {
    const org = await server.store.createOrganization(`org-${Math.random()}`, 5);
    const { key } = await server.store.createKey(org.id);
    const pdf = await drawnPdf([
      (c) => {
        drawTexts(c, [{ text: 'Table 1: Sales by region', x: 72, y: 110 }]);
        const bottom = drawTable(c, { ...SALES, rules: 'lines' });
        drawTexts(c, [{ text: 'Source: company accounts.', x: 72, y: bottom + 12, size: 8 }]);
      },
    ]);
    const res = await parseRequest(server, key, [{ name: 'sales.pdf', bytes: pdf }]);
    expect(res.status).toBe(200);
    const body = await res.json();
    const table = body.content_list.find((b: ContentBlock) => b.type === 'table');
    expect(table).toMatchObject({ text: null, table_body: SALES_HTML, table_caption: ['Table 1: Sales by region'], table_footnote: ['Source: company accounts.'] });
    expect(body.markdown).toContain(SALES_HTML);
  });
});
