// The seventh table round (issue 12): tables in the narrow columns of web pages. Cells wrap over
// several lines with words broken anywhere, columns stand a cell padding apart, and the next page
// column's prose stands beside the table's rows.
import { describe, expect, it } from 'vitest';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { ContentBlock } from '../src/engine/render/schema.js';
import { bornDigitalBlocks, drawTexts, flushRight, justified, tableHtml, type Canvas } from './table-fixtures.js';

async function tablesOf(draw: (c: Canvas, page: PDFPage, font: PDFFont) => void): Promise<ContentBlock[]> {
  return (await bornDigitalBlocks(draw)).filter((b) => b.type === 'table');
}

const PROSE = [
  'We report that the peak test rig was calibrated while the',
  'redundant sensor drifted. The thermal margin and the test',
  'rig was verified according to the redundant firmware of the',
  'laboratory. The modular bracket was verified, while the',
  'dynamic thermal margin failed in the second campaign of',
];

describe('a table in the left column of a page of narrow columns', () => {
  it('keeps the right column\'s prose and short lines out of its rows, and its row labels broken over several lines (down to one letter) in their rows', async () => {
    const labels = [['Certifie', 'd weld', 'seam'], ['Dynami', 'c torque', 'for', 'toleranc', 'e'], ['Axial', 'torque'], ['Modula', 'r unit']];
    const values = [['26%', '81', '80%'], ['358.4', '75.1 bar', '379.1'], ['59%', '59', '54.05'], ['403.7 V', '24.50', '374.8']];
    const tables = await tablesOf((c, _page, font) => {
      drawTexts(c, [{ text: 'Item', x: 56, y: 100, size: 9 }, { text: 'Peak', x: 120, y: 100, size: 9 }, { text: 'Mean', x: 175, y: 100, size: 9 }, { text: 'Load', x: 230, y: 100, size: 9 }]);
      let y = 118;
      values.forEach((row, r) => {
        row.forEach((v, i) => flushRight(c, font, v, 150 + i * 55, y));
        labels[r]!.forEach((t, i) => drawTexts(c, [{ text: t, x: 56, y: y + i * 11, size: 9 }]));
        // The right page column: a paragraph's two lines, its short last line on the row's baseline.
        justified(c, font, PROSE[r]!, 306, 540, y - 24);
        justified(c, font, PROSE[r + 1]!, 306, 540, y - 12);
        drawTexts(c, [{ text: 'is close to the dynamic actuator.', x: 306, y, size: 10 }]);
        y += labels[r]!.length * 11 + 6;
      });
      drawTexts(c, [{ text: 'The axial fatigue life was inspected in the city of Porto between the years.', x: 56, y: y + 20, size: 10 }]);
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Item', 'Peak', 'Mean', 'Load'], ...values.map((v, r) => [labels[r]!.join(' '), ...v])]));
  });
});

describe('narrow columns a cell padding apart', () => {
  it('cuts a line running over two left-aligned columns where the other rows\' cells start, and reads a header whose every cell wraps in lower case as one row', async () => {
    const xs = [43, 85, 127, 169, 211];
    const header = [['Net', 'exposu', 're'], ['Valuati', 'on'], ['Adjust', 'ed'], ['Unaudi', 'ted'], ['Net', 'operati']];
    const body = [
      ['Gross', '234.7 bn', '75', '72', '81%'],
      ['Fiscal', '22.32', '23.54', '137.6 kW', '199.5'],
      ['Budget', '473.9 bn', '50', '76', '357.5'],
      ['Margin', '73,025', '230.3 m', '19.49', '671'],
    ];
    const tables = await tablesOf((c) => {
      header.forEach((cell, col) => cell.forEach((t, i) => drawTexts(c, [{ text: t, x: xs[col]!, y: 100 + i * 11, size: 9 }])));
      body.forEach((row, r) => {
        const y = 150 + r * 16;
        // "234.7 bn" runs to within a word space of the next column's "75": one line of the text layer.
        row.forEach((t, col) => drawTexts(c, [{ text: t, x: xs[col]!, y, size: 9 }]));
      });
      drawTexts(c, [{ text: 'During the review period, the recurring equity was allocated after the cash flow was reviewed.', x: 43, y: 240, size: 10 }]);
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([header.map((h) => h.join(' ')), ...body]));
  });
});

describe('headers set flush left over values set flush right', () => {
  it('gives a header starting in the white after the previous column\'s values its own column, cuts two headers set closer than a cell gap, and keeps a value\'s unit and a label\'s last word wrapped below their row', async () => {
    const ends = [250, 330, 390, 460];
    const tables = await tablesOf((c, _page, font) => {
      drawTexts(c, [{ text: 'Reagent', x: 50, y: 100, size: 9 }, { text: 'Plasmid', x: 200, y: 100, size: 9 }, { text: 'Sterile control', x: 262, y: 100, size: 9 }, { text: 'group', x: 262, y: 111, size: 9 }]);
      // "Frozen" ends with its column's values; "Triplicate", a word space past them, heads the last column.
      drawTexts(c, [{ text: 'Frozen Triplicate', x: 390 - font.widthOfTextAtSize('Frozen', 9), y: 100, size: 9 }, { text: 'protocol', x: 390 - font.widthOfTextAtSize('Frozen', 9) + font.widthOfTextAtSize('Frozen ', 9), y: 111, size: 9 }]);
      const rows = [
        ['Recombinant substrate', '11.8 °C', '2', '13', '85%'],
        ['Significant buffer', '343,666', '34', '781,364', '39.8'],
        ['Triplicate incubation', '179.8', '18%', '11', '639,745'],
      ];
      rows.forEach((row, r) => {
        const y = 130 + r * 18;
        drawTexts(c, [{ text: row[0]!, x: 50, y, size: 9 }]);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i]!, y));
      });
      // The last row's value wraps its unit, and its label its last word, onto a second line.
      flushRight(c, font, 'mg/mL', ends[0]!, 177);
      drawTexts(c, [{ text: 'with', x: 50, y: 177, size: 9 }]);
      drawTexts(c, [{ text: 'Table 2. Purified incubation under spectrum, as measured in the second campaign.', x: 50, y: 205, size: 10 }]);
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(
      tableHtml([
        ['Reagent', 'Plasmid', 'Sterile control group', 'Frozen', 'Triplicate protocol'],
        ['Recombinant substrate', '11.8 °C', '2', '13', '85%'],
        ['Significant buffer', '343,666', '34', '781,364', '39.8'],
        ['Triplicate incubation with', '179.8 mg/mL', '18%', '11', '639,745'],
      ]),
    );
  });
});

describe('two tables side by side', () => {
  it('are two tables when each has its caption over its own left edge, though the prose above and below runs across both', async () => {
    const t1 = [['Item', 'Peak', 'Mean'], ['Axial rig', '42.1', '7%'], ['Thermal sensor', '3.58', '12'], ['Load case', '91', '0.4']];
    const t2 = [['Unit', 'Cost', 'Share'], ['Gearbox', '1,204', '33%'], ['Bracket', '88.5', '2%'], ['Weld seam', '640', '19%']];
    const prose = 'The peak coolant loop and the throughput failed according to the critical gearbox of the institute.';
    const tables = await tablesOf((c, _page, font) => {
      for (let i = 0; i < 6; i++) drawTexts(c, [{ text: prose, x: 50, y: 80 + i * 13 }]);
      // One caption above the left table, the other under the right one.
      drawTexts(c, [{ text: 'Table 3. Worst-case load.', x: 50, y: 175 }, { text: 'Table 4. Costs by unit.', x: 315, y: 260 }]);
      [t1, t2].forEach((t, k) =>
        t.forEach((row, r) => {
          const x = 50 + k * 265;
          const y = 195 + r * 14;
          drawTexts(c, [{ text: row[0]!, x, y, size: 9 }]);
          flushRight(c, font, row[1]!, x + 150, y);
          flushRight(c, font, row[2]!, x + 230, y);
        }),
      );
      for (let i = 0; i < 6; i++) drawTexts(c, [{ text: prose, x: 50, y: 285 + i * 13 }]);
    });
    expect(tables.map((t) => t.table_body).sort()).toEqual([tableHtml(t1), tableHtml(t2)].sort());
  });
});

describe('a table across both columns of a two-column page', () => {
  it('is one table though its own column gap falls on the page\'s gutter, the two page columns\' prose standing below it', async () => {
    const rows = [
      ['Controller', 'Peak', 'Fatigue', 'Weld seam', 'Bracket', 'Load'],
      ['Worst-case rig', '14.5', '66%', '315,359', '928,179', '224.0 V'],
      ['Thermal sensor', '29.8', '70.1', '37.1', '90.1', '12'],
      ['Axial assembly', '3.2', '81%', '4,410', '77.5', '0.9'],
    ];
    // Value columns end at these x; the gap between the third and fourth spans the page gutter (296-316).
    const ends = [200, 250, 290, 380, 460, 540];
    const tables = await tablesOf((c, _page, font) => {
      // Its title centred over it, right of the gap.
      const title = 'TABLE V';
      c.text(title, 380 - font.widthOfTextAtSize(title, 9) / 2, 80, 9);
      rows.forEach((row, r) => {
        const y = 100 + r * 13;
        drawTexts(c, [{ text: row[0]!, x: 72, y, size: 9 }]);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i + 1]!, y));
      });
      for (let i = 0; i < 20; i++) {
        justified(c, font, PROSE[i % PROSE.length]!, 72, 296, 160 + i * 10, 8);
        justified(c, font, PROSE[(i + 2) % PROSE.length]!, 316, 540, 160 + i * 10, 8);
      }
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});

describe('a row of values without a label of its own', () => {
  it('is a row of its own under the row above, though each of its numbers ends where the one above it ends', async () => {
    const tables = await tablesOf((c, _page, font) => {
      const ends = [340, 400, 460];
      const put = (label: string | null, labelY: number, values: string[], y: number) => {
        if (label) drawTexts(c, [{ text: label, x: 150, y: labelY, size: 10 }]);
        values.forEach((v, i) => flushRight(c, font, v, ends[i]!, y, 10));
      };
      drawTexts(c, [{ text: 'Item', x: 150, y: 100, size: 10 }]);
      ['Gross', 'Net', 'Share'].forEach((h, i) => flushRight(c, font, h, ends[i]!, 100, 10));
      put('Unaudited dividend', 118, ['223.0', '790,049', '38%'], 118);
      // "Recurring invoice" labels two rows of values: the second has no label of its own.
      put('Recurring invoice', 132, ['36%', '36', '74'], 132);
      put(null, 0, ['375,896', '15', '26'], 145);
      put('Quarterly tax liability', 160, ['84%', '32.2', '24.5'], 160);
      drawTexts(c, [{ text: 'Table 5.2: Adjusted valuation of the second quarter, as restated.', x: 150, y: 185, size: 10 }]);
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toContain('<td>36%</td><td>36</td><td>74</td>');
    expect(tables[0]!.table_body).toContain('<td>375,896</td><td>15</td><td>26</td>');
  });
});

describe('an invoice whose columns are all set flush left', () => {
  it('has no empty column where the amounts, all of one width, start together a little right of their header\'s gap', async () => {
    const items = [['Eligible vaccination rate', '3', '230.16', '1186.16'], ['Community-based symptom', '27', '68.20', '5947.25'], ['Adjusted outcome', '5', '106.75', '2758.11'], ['Regional referral', '36', '43.96', '2421.06'], ['Weekly referral', '14', '469.51', '3560.69']];
    const xs = [72, 300, 360, 440];
    const tables = await tablesOf((c) => {
      ['Description', 'Qty', 'Unit price', 'Amount'].forEach((h, i) => drawTexts(c, [{ text: h, x: xs[i]!, y: 120, size: 10 }]));
      items.forEach((row, r) => row.forEach((t, i) => drawTexts(c, [{ text: t, x: xs[i]!, y: 140 + r * 16, size: 10 }])));
      drawTexts(c, [{ text: 'Payment terms: the invoice is due within thirty days of its date.', x: 72, y: 250, size: 10 }]);
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Description', 'Qty', 'Unit price', 'Amount'], ...items]));
  });
});
