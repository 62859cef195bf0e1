// An invoice's items as a table of two columns set far apart and without rules: the items' names
// flush left, their costs flush right at the page's right margin, under a header of two words,
// with group names alone on their lines. The white between the columns is wider than half the
// table (as between a chart's two axes), but words on the left and amounts ending on one edge on
// the right, row after row, are a price list.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, tableHtml } from './table-fixtures.js';

const SIZE = 8;
const rows: [string, string][] = [
  ['Redundant actuator', ''],
  ['The critical coolant loop was simulated in Munster', '253.74 €'],
  ['Certified coolant loop and thermal margin', '26.20 €'],
  ['Axial fatigue life of load case', ''],
  ['Modular actuator of torque review', '343.25 €'],
  ['Ambient firmware for thermal margin', '231.90 €'],
  ['The redundant vibration mode and the pressure drop was', '47.35 €'],
  ['Axial thermal margin', '246.43 €'],
];

describe('an invoice item list of two columns far apart', () => {
  it('is one table of items and costs, group names as rows of their own', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.text('Bill to: Aisha Yilmaz, School of Computing, 35 Bianchi Road, Leuven', 64, 200, 9);
      c.text('Position', 64, 258, SIZE);
      flushRight(c, font, 'Cost', 549, 258, SIZE);
      rows.forEach(([item, cost], i) => {
        c.text(item, 64, 280 + i * 21, SIZE);
        if (cost) flushRight(c, font, cost, 549, 280 + i * 21, SIZE);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Position', 'Cost'], ...rows.map(([a, b]) => [a, b])]));
  });

  it('keeps two columns of figures far apart (a chart axis and its labels) out of tables', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.text('Year', 64, 258, SIZE);
      flushRight(c, font, 'Share', 549, 258, SIZE);
      ['2019', '2020', '2021', '2022', '2023'].forEach((year, i) => {
        c.text(year, 64, 280 + i * 21, SIZE);
        flushRight(c, font, `${40 + i * 5}%`, 549, 280 + i * 21, SIZE);
      });
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });
});
