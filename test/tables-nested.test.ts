// A ruled table nested inside a cell of a ruled form (an insurance leaflet's layout grid, a
// table of rates in one of its cells): both are tables, the inner one read apart, the outer
// cell keeping the text around it.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, drawTable, tableHtml } from './table-fixtures.js';

describe('a ruled table nested in a ruled form', () => {
  it('reads the inner table as a table of its own, its text no longer in the outer cell', async () => {
    const rates = [
      ['Age of the insured', 'Increase'],
      ['18-75', '1,00%'],
      ['76-80', '0,50%'],
      ['81 and over', '0,10%'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      // The form: two columns, the second row's right cell tall enough for a paragraph and the rates.
      drawTable(c, { x: 60, top: 80, colWidths: [120, 380], rows: [['PURPOSE', 'A unit-linked life insurance contract.'], ['DEATH', 'In case of death the capital is paid.\n\n\n\n\n\n\n\nThe company offers no guarantee.'], ['OPTIONS', 'None.']], rules: 'lines' });
      // The rates inside the tall cell, between its two lines of text.
      drawTable(c, { x: 220, top: 128, colWidths: [130, 90], rows: rates, rules: 'lines' });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(2);
    const inner = tables.find((t) => t.table_body!.includes('18-75'))!;
    expect(inner.table_body).toBe(tableHtml(rates));
    const outer = tables.find((t) => t !== inner)!;
    expect(outer.table_body).toContain('PURPOSE');
    expect(outer.table_body).not.toContain('1,00%');
  });
});

describe('centred header cells of two lines', () => {
  it('reads a centred cell whose longer second line starts further left as one cell', async () => {
    const rows = [
      ['', ''],
      ['18-75', '1,00%'],
      ['76-80', '0,50%'],
      ['81 and over', '0,10%'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // The head row two lines tall: drawn with two empty lines, its text centred by hand.
      drawTable(c, { x: 100, top: 100, colWidths: [200, 140], rows: [['\n', '\n'], ...rows.slice(1)], rules: 'lines' });
      const centred = (text: string, mid: number, y: number) => c.text(text, mid - font.widthOfTextAtSize(text, 10) / 2, y, 10);
      centred('Age of the insured', 200, 114);
      centred('at the time of the death', 200, 127);
      centred('Increase', 370, 114);
      centred('of the capital paid', 370, 127);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Age of the insured at the time of the death', 'Increase of the capital paid'], ...rows.slice(1)]));
  });
});
