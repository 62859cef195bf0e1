// A Word-style table ruled between rows only: headers set flush left, some over two lines, over
// numbers set flush right, and crowded (a header ends a word space short of the next one). Each
// header belongs to the column whose values it stands over; group headings over the columns' headings
// make a header row of their own.
import { describe, expect, it } from 'vitest';
import type { PDFFont } from 'pdf-lib';
import { bornDigitalBlocks, flushRight, tableHtml, type Canvas } from './table-fixtures.js';

describe('a row-ruled table with flush-left headers over flush-right numbers', () => {
  it('puts each header over its own column', async () => {
    const starts = [151, 226, 300, 374, 448];
    const ends = [222, 296, 370, 444, 518];
    const rows = [
      ['Baseline pellet', '24.5 mM', '84.54', '81', '486.2 rpm', '91'],
      ['Relative assay', '88', '425,787', '12.2 %', '67%', '89.4 mM'],
      ['Residual spectrum', '65,787', '413.1 nm', '185,608', '28.92', '37%'],
      ['Frozen specimen', '4,120', '12.5', '7.75', '301', '5%'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.text('Specimen', 77, 593, 9);
      ['Recombinant', 'Culture', 'Frozen reagent', 'Triplicate', 'Residual'].forEach((h, i) => c.text(h, starts[i]!, 593, 9));
      c.text('supernatant', 374, 604, 9);
      c.text('substrate', 448, 604, 9);
      c.line(75, 610, 520, 610, 0.5);
      rows.forEach((row, r) => {
        const y = 624 + r * 20;
        c.text(row[0]!, 77, y, 9);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i]!, y));
        c.line(75, y + 6, 520, y + 6, 0.5);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Specimen', 'Recombinant', 'Culture', 'Frozen reagent', 'Triplicate supernatant', 'Residual substrate'], ...rows]));
  });
});

/** Cells' left edges of the Word tables below: headings start there; values end a cell's padding short of the next. */
const LEFTS = [77, 170, 262, 355, 448];

/** A Word table's body from baseline `top`: labels flush left, values flush right, a rule under each row. */
function drawWordBody(c: Canvas, font: PDFFont, rows: string[][], top: number): void {
  rows.forEach((row, r) => {
    const y = top + r * 16;
    c.text(row[0]!, 77, y, 9);
    row.slice(1).forEach((v, i) => flushRight(c, font, v, (LEFTS[i + 2] ?? 542) - 5, y));
    c.line(75, y + 6, 540, y + 6, 0.5);
  });
}

describe('a row-ruled table whose first two headings stand a word space apart', () => {
  it('cuts the header into one heading a column', async () => {
    const rows = [
      ['Mean sample', '22', '840,092', '385.1 mL', '301.2 %'],
      ['Triplicate protocol', '816,385', '701,464', '31%', '94%'],
      ['Mean cohort', '12%', '78', '25%', '90,138'],
    ];
    const headings = ['Triplicate absorbance', 'Triplicate antibody', 'Purified', 'Relative protocol', 'Protocol'];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // The first heading runs up to a word space short of the second.
      const first = font.widthOfTextAtSize(headings[0]!, 9);
      c.text(headings[0]!, LEFTS[1]! - first - 5, 100, 9);
      headings.slice(1).forEach((h, i) => c.text(h, LEFTS[i + 1]!, 100, 9));
      c.line(75, 106, 540, 106, 0.5);
      drawWordBody(c, font, rows, 120);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([headings, ...rows]));
  });
});

describe('a row-ruled table with group headings over its years', () => {
  it('gives the group headings a header row of their own over the years', async () => {
    const body = [
      ['Reasonable licensee', '75', '36', '84.75', '158,000'],
      ['Statutory licensee', '66%', '53%', '93.4', '301,587'],
      ['Effective agreement', '10.15', '89.94', '111,211', '31'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // The groups' headings a line's pitch over the years, more than a cell's line gap apart; no rule between.
      c.text('Obligation', 77, 100, 9);
      c.text('Effective', 170, 100, 9);
      c.text('Clause', 355, 100, 9);
      ['2020', '2021', '2023', '2022'].forEach((y, i) => c.text(y, LEFTS[i + 1]!, 116, 9));
      c.line(75, 120, 540, 120, 0.5);
      drawWordBody(c, font, body, 134);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body!;
    expect(html).toMatch(/<tr><td>Obligation<\/td><td[^>]*>Effective<\/td>(<td[^>]*><\/td>)?<td[^>]*>Clause<\/td>/);
    expect(html).toContain('<td>2020</td><td>2021</td><td>2023</td><td>2022</td></tr>');
    for (const row of body) expect(html).toContain(`<tr>${row.map((t) => `<td>${t}</td>`).join('')}</tr>`);
  });
});

describe('a row-ruled table whose header is set on its bottom line, long headings wrapped', () => {
  it('keeps the header one row: the wrapped headings go on in lower case under their first lines', async () => {
    const body = [
      ['Binding clause', '75', '36', '84.75', '158,000'],
      ['Reasonable notice', '66%', '53%', '93.4', '301,587'],
      ['Prior regulation', '10.15', '89.94', '111,211', '31'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // Set on the bottom line: the two-line headings start a line higher, a line's pitch apart.
      c.text('Confidential', LEFTS[2]!, 100, 9);
      c.text('Exclusive', LEFTS[3]!, 100, 9);
      ['Statutory', 'Licensee', 'information', 'jurisdiction', 'Prior'].forEach((h, i) => c.text(h, LEFTS[i]!, 116, 9));
      c.line(75, 120, 540, 120, 0.5);
      drawWordBody(c, font, body, 134);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Statutory', 'Licensee', 'Confidential information', 'Exclusive jurisdiction', 'Prior'], ...body]));
  });
});
