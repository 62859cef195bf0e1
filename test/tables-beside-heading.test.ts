// A table at the head of the right page column, its cells set a cell's padding in from the
// column's margin, and the left column's centred heading on the baseline of the table's first
// row: the heading was taken for a cell of that row (the run then reached across the page), and
// the left column's prose under it ended the run: the table lost rows.
import { describe, expect, it } from 'vitest';
import type { PDFFont } from 'pdf-lib';
import { bornDigitalBlocks, justified, tableHtml, type Canvas } from './table-fixtures.js';

const LEFT = [
  'Unaudited exposure under cash flow. The recurring',
  'audit and the liquidity was reconciled according to the',
  'fiscal budget line of Northfield Analytics Ltd. We com-',
  'pared (a) the adjusted liquidity, (b) the recurring forecast',
  'and (c) the depreciation reviewed by Thomas Nowak.',
  'The recurring depreciation was allocated by 691,225 com-',
  'pared with the cash flow. We report that the operating',
  'audit remained flat (366,594), while the net portfolio was',
];
const RIGHT = [
  'During the review period, the net depreciation rose',
  'after the dividend was reviewed by Pablo Dubois. For',
  'this reason, the consolidated provision was allocated',
  'after the provision was reviewed by Kwame Briain and',
  'the quarterly invoice was restated in the spring.',
];

const TABLE = [
  ['Term', 'Definition', 'Notes'],
  ['Operating revenue', 'Regional', 'Deferred'],
  ['Gross dividend', 'Exposure', 'Net'],
  ['Net revenue', 'Adjusted', 'Operating'],
  ['Gross margin', 'Valuation', 'Forecast'],
  ['Cash flow', 'Provision', 'Quarterly'],
];

/** The table at the head of the right column, its cells 3 points right of the column's margin (317), and the prose under it. */
function rightColumn(c: Canvas, font: PDFFont): void {
  c.text('TABLE I. Regional operating cost', 371, 68, 9);
  TABLE.forEach((row, r) => row.forEach((t, k) => c.text(t, [320, 431, 498][k]!, 80 + r * 10, 8.5)));
  RIGHT.forEach((t, i) => justified(c, font, t, 317, 562, 160 + i * 12, 10));
}

describe('a table beside the other page column\'s heading', () => {
  it('keeps all its rows', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.text('FINANCIAL HIGHLIGHTS', 120, 60, 11);
      // The heading, centred in the left column, on the baseline of the table's first row.
      c.text('Annual portfolio and revenue', 112, 90, 9);
      LEFT.forEach((t, i) => justified(c, font, t, 66, 296, 113 + i * 12, 10));
      rightColumn(c, font);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(TABLE)]);
    expect(blocks.some((b) => b.type === 'text' && b.text === 'Annual portfolio and revenue')).toBe(true);
  });

  it('keeps its header row when the heading stands on the header\'s baseline', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.text('FINANCIAL HIGHLIGHTS', 120, 60, 11);
      c.text('1. Annual portfolio and revenue', 104, 80, 9);
      LEFT.forEach((t, i) => justified(c, font, t, 66, 296, 96 + i * 12, 10));
      rightColumn(c, font);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(TABLE)]);
  });
});
