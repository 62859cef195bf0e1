// A header of two rows, the stub's heading set between them (LaTeX's \multirow), a group's
// heading over the years of its columns, each column's heading set flush right over its values.
// The stub's heading went with the years (the row of years was taken for data), and the first
// column's heading, starting in the white before its values, was taken for a cell of the stub's
// column spanning two. Now the stub's heading spans the header's two rows from the first.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, drawTexts, flushRight } from './table-fixtures.js';

describe('a stub heading between two header rows', () => {
  it('spans the header from its first row; the years are the second', async () => {
    const body = [
      ['Purified sample', '8.77', '266.1 mL', '455.5 mM'],
      ['Triplicate plasmid', '53', '453,603', '30%'],
      ['Relative assay', '45%', '77', '88'],
      ['Fluorescent control group', '52.6', '723,274', '14%'],
    ];
    // As LaTeX sets it (10.9 pt): the stub's heading a little nearer the years than the headings over them.
    const S = 10.9;
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      drawTexts(c, [{ text: 'Table 7.1: Fluorescent extraction of substrate conditions', x: 173, y: 128, size: S }]);
      flushRight(c, font, 'Sterile', 325, 146, S);
      drawTexts(c, [{ text: 'Supernatant', x: 353, y: 146, size: S }]);
      drawTexts(c, [{ text: 'Residual reagent', x: 166, y: 153, size: S }]);
      for (const [t, right] of [['2022', 325], ['2023', 374], ['2025', 429]] as const) flushRight(c, font, t, right, 159.5, S);
      body.forEach((row, r) => {
        const y = 173 + r * 13.5;
        drawTexts(c, [{ text: row[0]!, x: 166, y, size: S }]);
        row.slice(1).forEach((t, k) => flushRight(c, font, t, [325, 374, 429][k]!, y, S));
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const rows = tables[0]!.table_body!.split('<tr>').slice(1).map((r) => [...r.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]));
    expect(rows[0]).toEqual(['Residual reagent', 'Sterile', 'Supernatant']);
    expect(rows[1]).toEqual(['2022', '2023', '2025']);
    expect(rows.slice(2)).toEqual(body);
    expect(tables[0]!.table_body).toContain('<td rowspan="2">Residual reagent</td>');
  });
});
