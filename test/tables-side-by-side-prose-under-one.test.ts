// Two tables side by side in a two-column page, their rows on shared baselines: read row by row
// they are one run across the page gutter. The left table ends first and the left column's prose
// under it ended that run, so the right table's later rows became a table of their own. Now the
// right column's side of the run goes on as a run of its own, and the right table stays whole.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, justified, tableHtml } from './table-fixtures.js';

const PROSE = [
  'The purified spectrum and the cohort was normalized according to the',
  'baseline extraction of the laboratory. Overall, the triplicate specimen',
  'increased after the reagent was reviewed by the panel of the institute.',
  'The frozen reagent and the extraction were diluted according to the',
  'relative substrate of the engineering group, as reported in the study.',
];
const left: string[][] = [
  ['Party', 'Indemnity', 'Notice'],
  ['Written notice', '44', '423,133'],
  ['Exclusive warranty', '164.9', '500,408'],
  ['Reasonable remedy', '115.9', '16%'],
];
const right: string[][] = [
  ['Clause', 'Regulation', 'Obligation'],
  ['Statutory obligation', '39.4', '645,550'],
  ['Effective jurisdiction', '282.3', '98.62'],
  ['Written clause', '21', '515,398'],
  ['Prior clause', '95%', '79'],
  ['Applicable termination', '470.1', '411.9'],
  ['Exclusive remedy', '57.79', '14.93'],
  ['Binding indemnity', '52.39', '400.0'],
];

describe('two tables side by side, prose under the shorter one', () => {
  it('keeps the taller table whole', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      PROSE.forEach((t, i) => justified(c, font, t, 54, 294, 80 + i * 12, 9));
      PROSE.forEach((t, i) => justified(c, font, t, 318, 558, 80 + i * 12, 9));
      c.text('Table 1: Contractual clause and regulation', 80, 160, 9);
      c.text('Table 2: Exclusive tribunal in termination', 344, 160, 9);
      left.forEach((row, r) => row.forEach((t, k) => c.text(t, [58, 160, 230][k]!, 178 + r * 12, 8)));
      right.forEach((row, r) => row.forEach((t, k) => c.text(t, [322, 440, 500][k]!, 178 + r * 12, 8)));
      // The left column's prose goes on under its table, beside the right table's later rows.
      PROSE.forEach((t, i) => justified(c, font, t, 54, 294, 232 + i * 12, 9));
      PROSE.forEach((t, i) => justified(c, font, t, 318, 558, 290 + i * 12, 9));
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body).sort()).toEqual([tableHtml(left), tableHtml(right)].sort());
  });

  it('keeps a table across both page columns whole when two columns of prose follow it', async () => {
    const wide: string[][] = [
      ['Obligation', 'Warranty', 'Effective', 'Notice', 'Jurisdiction', 'Remedy'],
      ['Effective regulation', '330.6', '106,232', '77', '41%', '95.0'],
      ['Prior obligation', '44%', '37.6', '95.1', '51', '48.52'],
      ['Material clause', '257,570', '44', '796,518', '99', '85,459'],
      ['Written agreement', '18%', '43.77', '193.7', '73', '16.24'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      wide.forEach((row, r) => row.forEach((t, k) => c.text(t, [58, 160, 240, 330, 410, 490][k]!, 80 + r * 14, 8)));
      // Its caption under its left part, then the page's two columns of prose.
      c.text('Table 2. Statutory liability for liability changes', 58, 160, 8);
      PROSE.forEach((t, i) => justified(c, font, t, 54, 294, 185 + i * 12, 9));
      PROSE.forEach((t, i) => justified(c, font, t, 318, 558, 185 + i * 12, 9));
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(wide)]);
  });
});
