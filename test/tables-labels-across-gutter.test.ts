// A table in the right column of a two-column page, its first column set a cell's padding in from
// the column's margin, and a figure's caption in the left column (in the cells' type size) on the
// height of two of its rows. The caption's lines were taken for those rows' labels, across the
// page gutter, and the table took both page columns.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, justified, tableHtml } from './table-fixtures.js';

const ROWS = [
  ['Regional balance sheet', '14%', '21', '22.59'],
  ['Net tax liability', '279.8', '13.5', '42.9'],
  ['Deferred provision', '44%', '67%', '24%'],
  ['Annual valuation', '296.9', '420.0', '236.4'],
  ['Regional cash flow', '18%', '65%', '435.0'],
  ['Consolidated dividend', '464,703', '49%', '67.2'],
  ['Gross equity', '46.86', '64.12', '80%'],
];
const PROSE = [
  'allocated according to the recurring equity of the',
  'department, while the quarterly dividend was hedged',
  'in Leuven between the spring and the winter months.',
];
const BELOW = [
  'During the review period, the fiscal valuation offset',
  'after the portfolio was reviewed by the board, and the',
  'consolidated budget line contributed to the result.',
];

describe('labels across a page gutter', () => {
  it('leaves the other page column\'s caption, level with its rows, out of a table', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // Right column, 304–548: prose above and below the table, justified.
      PROSE.forEach((t, i) => justified(c, font, t, 304, 548, 80 + i * 12, 10));
      c.text('TABLE I', 410, 130, 8);
      [['Item', 319], ['2017', 420], ['2018', 480], ['2022', 525]].forEach(([t, x]) => c.text(t as string, x as number, 148, 8));
      ROWS.forEach(([label, ...values], r) => {
        const y = 162 + r * 11;
        c.text(label!, 319, y, 8);
        values.forEach((v, i) => flushRight(c, font, v!, [440, 500, 545][i]!, y, 8));
      });
      BELOW.forEach((t, i) => justified(c, font, t, 304, 548, 255 + i * 12, 10));
      // Left column, 41–292: a figure's caption in 8 points between two rows' baselines, prose below it.
      c.text('Fig. 1. Deferred budget line. The regional revenue was hedged', 41, 200, 8);
      c.text('between 2017-12-04 and 23 March 2018.', 41, 211, 8);
      ['The annual depreciation was hedged in Leuven between the', 'spring and the winter months, while the dividend rose by', 'twelve per cent compared with the previous quarter.'].forEach((t, i) => justified(c, font, t, 41, 292, 240 + i * 12, 10));
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml([['Item', '2017', '2018', '2022'], ...ROWS])]);
    expect(blocks.some((b) => b.type !== 'table' && /Fig\. 1/.test(JSON.stringify(b)))).toBe(true);
  });
});
