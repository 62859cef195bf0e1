// A header of two rows without rules between them: group headings ("Forecast", "Annual
// provision") over the years they span, the stub's label on the first row. Rows of the body set
// far apart (padded cells) make the row pitch large enough to reach from the years up to the
// group headings; a heading over two of the lines under it still makes them a row of their own.
import { describe, expect, it } from 'vitest';
import type { PDFFont } from 'pdf-lib';
import { bornDigitalBlocks, drawTable, flushRight, type Canvas } from './table-fixtures.js';

describe('group headings over a row of years', () => {
  it('keeps the years a header row of their own', async () => {
    const body = [
      ['Regional forecast', '620', '352', '373.3', '52'],
      ['Annual invoice', '58%', '72%', '67', '50.71'],
      ['Deferred revenue', '41', '98', '12.5', '77'],
      ['Gross margin', '19%', '23%', '88', '6.02'],
    ];
    const ends = [280, 340, 420, 480];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.line(78, 88, 490, 88, 0.8);
      c.text('Deferred audit', 80, 100, 9);
      c.text('Forecast period', 262, 100, 9);
      c.text('Annual provision', 402, 100, 9);
      ['2018', '2023', '2022', '2019'].forEach((y, i) => flushRight(c, font, y, ends[i]!, 112));
      body.forEach((row, r) => {
        const y = 134 + r * 20;
        c.text(row[0]!, 80, y, 9);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i]!, y));
      });
      c.line(78, 134 + 3 * 20 + 8, 490, 134 + 3 * 20 + 8, 0.8);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body ?? '';
    // The years are a row of their own under the group headings, the stub's label over both.
    expect(html).toContain('<tr><td rowspan="2">Deferred audit</td><td colspan="2">Forecast period</td><td colspan="2">Annual provision</td></tr><tr><td>2018</td><td>2023</td><td>2022</td><td>2019</td></tr>');
    expect(html).toContain('<td>Annual invoice</td><td>58%</td><td>72%</td><td>67</td><td>50.71</td>');
  });
});

describe('a group heading whose words keep to one column', () => {
  // Five value columns ending at these x; "Ward" centred over the first three (from the start of
  // their text to their end), "Dose" over the last two.
  const ends = [250, 310, 370, 430, 490];
  const centred = (c: Canvas, font: PDFFont, text: string, middle: number, y: number) => c.text(text, middle - font.widthOfTextAtSize(text, 9) / 2, y, 9);
  const body = [
    ['Acute patient', '28', '83%', '329.2', '72%', '78%'],
    ['Eligible screening', '29%', '13', '869,381', '857,771', '83.81'],
    ['Weekly district', '82', '83%', '11.8', '39.98', '62,757'],
  ];
  const draw = (under: string[]) => (c: Canvas, font: PDFFont) => {
    c.line(78, 88, 496, 88, 0.8);
    c.text('Chronic', 80, 100, 9);
    centred(c, font, 'Ward', (ends[0]! - font.widthOfTextAtSize('29%', 9) + ends[2]!) / 2, 100);
    centred(c, font, 'Dose', (ends[3]! - font.widthOfTextAtSize('857,771', 9) + ends[4]!) / 2, 100);
    // Set as LaTeX sets a tabular: every row a line's pitch under the one above.
    under.forEach((y, i) => flushRight(c, font, y, ends[i]!, 112));
    c.line(78, 116, 496, 116, 0.5);
    body.forEach((row, r) => {
      const y = 127 + r * 12;
      c.text(row[0]!, 80, y, 9);
      row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i]!, y));
    });
    c.line(78, 127 + 2 * 12 + 4, 496, 127 + 2 * 12 + 4, 0.8);
  };

  it('spans the columns it is centred on when the row under it heads each of them', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => draw(['2022', '2025', '2021', '2018', '2022'])(c, font));
    const html = blocks.find((b) => b.type === 'table')?.table_body ?? '';
    expect(html).toContain('<td colspan="3">Ward</td>');
    expect(html).toContain('<td colspan="2">Dose</td>');
    expect(html).toContain('<tr><td>2022</td><td>2025</td><td>2021</td><td>2018</td><td>2022</td></tr>');
  });

  it('keeps to its column over a row of values', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => draw(['17', '4.5%', '21', '0.8', '12'])(c, font));
    const html = blocks.find((b) => b.type === 'table')?.table_body ?? '';
    expect(html).not.toContain('colspan="3"');
  });
});

describe('group headings in one band of a ruled grid', () => {
  it('are a cell each, over the columns they centre on', async () => {
    const widths = [110, 60, 60, 60, 60, 60];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const rows = [
        ['Deferred', '', '', '', '', ''],
        ['', '2015', '2017', '2026', '2021', '2017'],
        ['Net forecast', '476.8', '174,876', '657,039', '18.34', '77'],
        ['Operating portfolio', '311.4', '324.4', '24', '155.8', '41'],
        ['Fiscal balance', '23.14', '35%', '128,652', '179.2', '322.4'],
      ];
      // One band over the five value columns, ruled around only, its two headings on one line.
      drawTable(c, { x: 80, top: 100, colWidths: widths, rows, spans: [[0, 1, 5]], rules: 'lines', size: 9 });
      const x = (col: number) => 80 + widths.slice(0, col).reduce((a, b) => a + b, 0);
      centred(c, font, 'Fiscal balance sheet', (x(1) + x(3)) / 2, 100 + 4 + 9);
      centred(c, font, 'Regional invoice', (x(3) + x(6)) / 2, 100 + 4 + 9);
    });
    const html = blocks.find((b) => b.type === 'table')?.table_body ?? '';
    expect(html).toContain('<td colspan="2">Fiscal balance sheet</td><td colspan="3">Regional invoice</td>');
  });

  it('leave a note across the table one cell (its pieces neither centred nor headings)', async () => {
    const widths = [110, 90, 90, 90];
    const blocks = await bornDigitalBlocks((c) => {
      const rows = [
        ['Plan type', 'County', 'Plan name', 'Totals'],
        ['GMC', 'Sacramento', 'Anthem', '164,380'],
        ['GMC', 'Sacramento', 'Health Net', '126,547'],
        ['COHS', 'Marin', 'Partnership', '12,150'],
        ['', '', '', ''],
      ];
      drawTable(c, { x: 80, top: 100, colWidths: widths, rows, spans: [[4, 0, 4]], rules: 'lines', size: 9 });
      // The last band, one cell across: a source on the left, its date further right.
      c.text('Source: Data Warehouse, Health Care Services', 84, 100 + 4 * 19.7 + 13, 9);
      c.text('12/14/15', 330, 100 + 4 * 19.7 + 13, 9);
    });
    const html = blocks.find((b) => b.type === 'table')?.table_body ?? '';
    expect(html).toContain('<td colspan="4">Source: Data Warehouse, Health Care Services 12/14/15</td>');
  });
  const centred = (c: Canvas, font: PDFFont, text: string, middle: number, y: number) => c.text(text, middle - font.widthOfTextAtSize(text, 9) / 2, y, 9);
});

describe('a group heading in a table ruled under every row', () => {
  it('is one cell over the columns it heads, not cut at the column gap between its words', async () => {
    const ends = [250, 330, 410, 490];
    const rows = [
      ['Regional depreciation', '77.19', '402.9', '203.8'],
      ['Net tax liability', '30.5', '35.40', '105,086'],
      ['Gross forecast', '444,894', '420.1', '77.52'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const rule = (y: number) => c.line(78, y, 496, y, 0.5);
      rule(88);
      c.text('Deferred revenue', 80, 100, 9);
      flushRight(c, font, 'Annual', ends[0]!, 100);
      // Centred over the last two columns (from the start of their text to their end).
      const middle = (ends[2]! - font.widthOfTextAtSize('105,086', 9) + ends[3]!) / 2;
      c.text('Quarterly valuation', middle - font.widthOfTextAtSize('Quarterly valuation', 9) / 2, 100, 9);
      rule(104);
      ['2024', '2021', '2022'].forEach((y, i) => flushRight(c, font, y, ends[i + 1]!, 116));
      rule(120);
      rows.forEach((row, r) => {
        const y = 132 + r * 16;
        c.text(row[0]!, 80, y, 9);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i + 1]!, y));
        rule(y + 4);
      });
    });
    const html = blocks.find((b) => b.type === 'table')?.table_body ?? '';
    expect(html).toContain('<td colspan="2">Quarterly valuation</td>');
    expect(html).toContain('<tr><td>Net tax liability</td><td>30.5</td><td>35.40</td><td>105,086</td></tr>');
  });
});
