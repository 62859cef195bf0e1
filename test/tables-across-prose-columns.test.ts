// A table set across a page of two or three columns of prose, between them. Two classes of failure:
// - Its own white between two columns fell on the page gutter: with its caption flush left over
//   its first columns only, it was taken for two things side by side, and the right half (values
//   only, no row labels of their own) was lost.
// - On a page of three narrow columns, the prose's lines read as rows of three cells, and the run
//   took the prose above and below the table; the whole was then refused as columns of prose, and
//   the table with it. The table is now looked for again without the prose's rows.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

/** Short lines of a narrow column, a sentence running on from line to line (ragged right). */
const NARROW = [
  'the fiscal provision and the',
  'portfolio was restated according',
  'to the regional revenue of the',
  'harbour partners, while the net',
  'invoice was reconciled over the',
  'period under review by the audit',
];

describe('a table across the page between columns of prose', () => {
  it('keeps a table whole whose column gap falls on the page gutter, its caption over its left part', async () => {
    const table: string[][] = [
      ['Gross', '2015', '2016', '2025', '2021'],
      ['Regional portfolio', '93.3 %', '89.0 pp', '284,811', '189.5 k'],
      ['Fiscal liquidity', '82,850', '586,241', '69', '59'],
      ['Net tax liability', '430.8 pp', '12%', '244,744', '50'],
      ['Quarterly depreciation', '71', '293.4 k', '74.4', '8.39'],
      ['Fiscal budget line', '50', '47%', '63%', '814,942'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      for (const x of [54, 226, 398]) NARROW.forEach((t, i) => c.text(t, x, 50 + i * 12, 10));
      c.text('Table 1. Recurring forecast', 58, 160, 8);
      // The white from about 195 to 250 between its second and third columns holds the first page gutter (214–226).
      table.forEach((row, r) => row.forEach((t, k) => c.text(t, [58, 165, 250, 330, 380][k]!, 180 + r * 14, 8)));
      for (const x of [54, 226, 398]) NARROW.forEach((t, i) => c.text(t, x, 275 + i * 12, 10));
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(table)]);
  });

  it('finds a table set across three narrow columns of prose, between them', async () => {
    const table: string[][] = [
      ['Consolidated', 'Dividend', 'Depreciation', 'Liquidity', 'Deferred'],
      ['Adjusted balance sheet', '126.6 %', '445.9 k', '43.1', '86%'],
      ['Adjusted cash flow', '187.4 m', '95.64', '46', '897,346'],
      ['Unaudited depreciation', '649,239', '930,564', '93', '80'],
      ['Operating cost', '52.51', '94.95', '51%', '274,005'],
      ['Fiscal budget line', '25.1', '42', '74.70', '197.8 pp'],
      ['Net tax liability', '421.2 bn', '14%', '49%', '39%'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      for (const x of [54, 226, 398]) NARROW.forEach((t, i) => c.text(t, x, 80 + i * 12, 9));
      table.forEach((row, r) => row.forEach((t, k) => c.text(t, [58, 190, 290, 390, 480][k]!, 170 + r * 14, 8)));
      for (const x of [54, 226, 398]) NARROW.forEach((t, i) => c.text(t, x, 290 + i * 12, 9));
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(table)]);
    // The prose stays text.
    const text = blocks.filter((b) => b.type === 'text').map((b) => b.text).join(' ');
    expect(text).toContain('portfolio was restated according');
  });
});
