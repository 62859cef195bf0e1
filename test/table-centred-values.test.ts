// Rows whose cells are not all set on their first line: a row label wrapped onto two lines with
// its values set centred between them (an HTML cell's default vertical alignment), and a header
// whose cells wrap set on its bottom line (as spreadsheets set them). Each is one row.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

describe('values centred on a wrapped row label', () => {
  it('keeps the label whole in its row, its values beside it', async () => {
    const rows: [string[], string[]][] = [
      [['Investigative Matters', 'Received by Office'], ['426', '365', '285']],
      [['Defendants Charged'], ['290', '259', '235']],
      [['Defendants', 'Sentenced'], ['287', '242', '223']],
      [['No Prison Term'], ['148', '107', '126']],
      [['Cases Referred to', 'the Review Board'], ['52', '48', '35']],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      c.line(80, 100, 460, 100, 0.8);
      ['District Totals', 'FY 2009', 'FY 2010', 'FY 2011'].forEach((t, i) => c.text(t, i ? 230 + (i - 1) * 80 : 84, 114, 9));
      c.line(80, 120, 460, 120, 0.5);
      let top = 126;
      for (const [label, values] of rows) {
        const lines = label.length;
        label.forEach((t, i) => c.text(t, 84, top + 9 + i * 11, 9));
        // Centred: halfway between the label's first and last baselines.
        const baseline = top + 9 + ((lines - 1) * 11) / 2;
        values.forEach((v, i) => c.text(v, 236 + i * 80, baseline, 9));
        top += lines * 11 + 8;
      }
      c.line(80, top, 460, top, 0.8);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(
      tableHtml([
        ['District Totals', 'FY 2009', 'FY 2010', 'FY 2011'],
        ['Investigative Matters Received by Office', '426', '365', '285'],
        ['Defendants Charged', '290', '259', '235'],
        ['Defendants Sentenced', '287', '242', '223'],
        ['No Prison Term', '148', '107', '126'],
        ['Cases Referred to the Review Board', '52', '48', '35'],
      ]),
    );
  });
});

describe('a header set on its bottom line', () => {
  it('keeps the stub label and the wrapped headers in one header row', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      c.line(160, 100, 420, 100, 0.8);
      // "Number" / "of items" and "Percent" / "of items" wrap; "Item Format" stands on their second line.
      c.text('Number', 300, 112, 8);
      c.text('Percent', 360, 112, 8);
      c.text('Item Format', 164, 122, 9);
      c.text('of items', 300, 122, 8);
      c.text('of items', 360, 122, 8);
      c.line(160, 127, 420, 127, 0.5);
      [['Total', '135', '100'], ['Multiple choice', '74', '55'], ['Constructed response', '61', '45']].forEach(([a, b, d], r) => {
        c.text(a!, 164, 140 + r * 12, 9);
        c.text(b!, 310, 140 + r * 12, 9);
        c.text(d!, 370, 140 + r * 12, 9);
      });
      c.line(160, 172, 420, 172, 0.8);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(
      tableHtml([
        ['Item Format', 'Number of items', 'Percent of items'],
        ['Total', '135', '100'],
        ['Multiple choice', '74', '55'],
        ['Constructed response', '61', '45'],
      ]),
    );
  });
});
