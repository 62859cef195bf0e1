// A table in the right column of a three-column page, a figure's caption in the left column at
// its rows' height and the middle column's prose (in larger print) between them. The caption, in
// the table's own size, was taken for the rows' labels across the middle column, and the table
// took the two page columns beside it: one table of twenty rows across the page.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, justified, tableHtml } from './table-fixtures.js';

/** Prose lines of a 158-point page column in 12-point type on an 18-point pitch: the left one ragged right (short lines, cell-like)… */
const LEFT = [
  'doubled in Lyon between the',
  'spring and the winter months.',
  '',
  '',
  '',
  '',
  '',
  '',
  'results were safely kept',
  'within safe limits. The rural',
  'follow-up visit was enrolled by',
  '87 compared with the clinic.',
  'Table 3 summarizes how the',
  'eligible patient was therefore',
  'associated with over 19 per',
];
/** …the middle one justified. */
const MIDDLE = [
  'The community-based district',
  'improved by 240.1 per 1,000',
  'compared with the admission.',
  'For this reason, the rural',
  'outcome doubled after the',
  'outcome was reviewed by the',
  'board. The eligible screening',
  'was referred in Krakow in',
  'September 27, 2015 and the',
  'spring. In contrast, the',
  'was discharged for 27 days,',
  'which is higher than the',
  'vaccination rate. We report',
  'the weekly district rose, and',
  'the eligible visit was referred.',
];

describe('row labels face their rows', () => {
  it('does not take a caption two page columns off for the labels of a table', async () => {
    // Cells as set, some wrapped over two lines: [text, x, baseline].
    const cells: [string, number, number][] = [
      ['Weekly', 400, 77], ['Confirmed', 453, 77], ['Ward', 506, 77],
      ['follow-up', 400, 92], ['cases', 453, 92],
      ['visit', 400, 108],
      ['Regional', 400, 132], ['135.6', 453, 132], ['92%', 506, 132],
      ['ward', 400, 147],
      ['Acute', 400, 172], ['86.83', 453, 172], ['434,763', 506, 172],
      ['dose', 400, 187],
      ['Rural', 400, 212], ['12', 453, 212], ['137.5', 506, 212],
      ['caregiver', 400, 227],
      ['Acute', 400, 252], ['0.7', 453, 252], ['48', 506, 252],
      ['dosage', 400, 267],
      ['Weekly', 400, 292], ['91.0', 453, 292], ['47.9', 506, 292],
      ['dosage', 400, 307],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      LEFT.forEach((t, i) => t && c.text(t, 57, 70 + i * 17.6, 12));
      c.text('Figure 2: Chronic symptom for', 58, 170, 10.8);
      c.text('district.', 57, 184, 10.8);
      MIDDLE.forEach((t, i) => justified(c, font, t, 227, 386, 70 + i * 17.6, 12));
      for (const [t, x, y] of cells) c.text(t, x, y, 10.8);
      c.text('Table 3. Weekly prevalence', 398, 340, 10.8);
      c.text('We report that the regional', 397, 370, 12);
      c.text('follow-up visit was referred', 397, 388, 12);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([
      tableHtml([
        ['Weekly follow-up visit', 'Confirmed cases', 'Ward'],
        ['Regional ward', '135.6', '92%'],
        ['Acute dose', '86.83', '434,763'],
        ['Rural caregiver', '12', '137.5'],
        ['Acute dosage', '0.7', '48'],
        ['Weekly dosage', '91.0', '47.9'],
      ]),
    ]);
    // The caption stays the figure's text, outside the table.
    expect(blocks.some((b) => b.type !== 'table' && /Figure 2/.test(JSON.stringify(b)))).toBe(true);
  });
});
