// The eighth table round (issue 12): a borderless table in one column of a two-column page must
// not take the other column's lines (its prose, a numbered list's items) as cells of its own.
import { describe, expect, it } from 'vitest';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { ContentBlock } from '../src/engine/render/schema.js';
import { bornDigitalBlocks, drawTexts, flushRight, justified, tableHtml, type Canvas } from './table-fixtures.js';

const HEADER = ['Item', 'Valuation', 'Liquidity'];
const ROWS = [
  ['Quarterly valuation', '49.4', '155.4 %'],
  ['Regional cash flow', '530,105', '21'],
  ['Fiscal provision', '46.20', '670,609'],
  ['Gross operating cost', '10.2', '193.2 k'],
  ['Deferred margin', '613,089', '23'],
  ['Net exposure', '88.1', '4,302'],
];

/** A numeric table in the left column (56-290), its rows 16 pt apart from `top`. */
function leftTable(c: Canvas, font: PDFFont, top: number): number {
  drawTexts(c, [{ text: HEADER[0]!, x: 56, y: top, size: 9 }]);
  flushRight(c, font, HEADER[1]!, 210, top);
  flushRight(c, font, HEADER[2]!, 288, top);
  let y = top;
  for (const row of ROWS) {
    y += 16;
    drawTexts(c, [{ text: row[0]!, x: 56, y, size: 9 }]);
    flushRight(c, font, row[1]!, 210, y);
    flushRight(c, font, row[2]!, 288, y);
  }
  return y;
}

const LIST = [
  ['1. Deferred valuation rose in the second', 'quarter of the year, while the regional', 'cash flow remained flat.'],
  ['2. Operating margin for revenue was', 'recognized after the balance sheet was', 'reviewed by the auditors.'],
  ['3. The annual liquidity of the group', 'was restated in the final report.'],
];

describe('a table in the left column beside the right column\'s text', () => {
  it('leaves the right column\'s prose and numbered list out of its cells: the list stays a list, the table keeps its own columns', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // Left column: a paragraph, the table, a paragraph.
      for (let i = 0; i < 3; i++) drawTexts(c, [{ text: 'The consolidated accounts of the group were prepared', x: 56, y: 60 + i * 12, size: 10 }]);
      const bottom = leftTable(c, font, 110);
      for (let i = 0; i < 3; i++) drawTexts(c, [{ text: 'The annual report was reviewed by the board of the', x: 56, y: bottom + 30 + i * 12, size: 10 }]);
      // Right column (316-556): prose, then a numbered list whose lines fall on the table's rows.
      let y = 60;
      for (let i = 0; i < 4; i++, y += 12) justified(c, font, 'The quarterly revenue of the holding was recognized by', 316, 556, y);
      y += 6;
      for (const item of LIST) {
        item.forEach((line, i) => {
          if (i === 0) {
            const [marker, ...rest] = line.split(' ');
            drawTexts(c, [{ text: marker!, x: 316, y, size: 10 }, { text: rest.join(' '), x: 332, y, size: 10 }]);
          } else drawTexts(c, [{ text: line, x: 332, y, size: 10 }]);
          y += 12;
        });
        y += 4;
      }
      for (let i = 0; i < 3; i++, y += 12) justified(c, font, 'The net valuation of the portfolio was recognized after', 316, 556, y + 6);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([HEADER, ...ROWS]));
    const items = blocks.filter((b) => b.type === 'list').flatMap((b) => b.list_items ?? []);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/^1\. Deferred valuation rose/);
    expect(items[2]).toMatch(/^3\. The annual liquidity/);
  });
});

const LEFT_PROSE = [
  'the axial tolerance. The nominal sen-',
  'sor was replaced in Porto between the',
  'years of the campaign. Over all, the',
  'fatigue life was redesigned for the',
  'rig, which is below the worst-case',
  'torque. We report that the peak load',
  'case was logged, while the axial tol-',
  'erance exceeded the limit of the test.',
  'The modular bracket was verified in',
  'the second campaign of the laboratory.',
  'The thermal margin was calibrated by',
  'the redundant firmware of the rig.',
];

describe('a table in the right column beside the left column\'s justified text', () => {
  it('leaves the left column\'s lines out of its first column', async () => {
    const rows = [['Actuator', '2', '303.9 V', '255,925'], ['Sensor', '24', '14%', '571,200'], ['Bracket', '518,170', '44.39', '54.32'], ['Torque', '326.9 V', '2%', '344.8 kW'], ['Margin', '864,089', '263.1', '761,158']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // Left column (56-236): justified lines 12 pt apart, from above the table to below it.
      LEFT_PROSE.forEach((line, i) => justified(c, font, line, 56, 236, 90 + i * 12, 9.5));
      // Right column (262-556): text, the table (its rows 14 pt apart), text.
      for (let i = 0; i < 2; i++) justified(c, font, 'The consolidated results of the second test campaign were', 262, 556, 90 + i * 12);
      drawTexts(c, [{ text: 'Item', x: 262, y: 122, size: 9 }]);
      ['Axial', 'Peak', 'Mean'].forEach((h, k) => flushRight(c, font, h, 400 + k * 70, 122));
      rows.forEach((row, r) => {
        const y = 136 + r * 14;
        drawTexts(c, [{ text: row[0]!, x: 262, y, size: 9 }]);
        row.slice(1).forEach((v, k) => flushRight(c, font, v, 400 + k * 70, y));
      });
      for (let i = 0; i < 3; i++) justified(c, font, 'The net valuation of the test rig was recognized after the', 262, 556, 222 + i * 12);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Item', 'Axial', 'Peak', 'Mean'], ...rows]));
  });
});

describe('a table whose own long labels wrap', () => {
  it('keeps its label column (wrapped descriptions beside its rows are no page column)', async () => {
    const items = [
      ['Baseline antibody of protocol review', '22', '287.05', '2025.30'],
      ['In addition, the assay was resuspended for 13 kDa, which is consistent with the baseline sample', '34', '770.49', '2925.33'],
      ['Relative enzyme', '24', '571.06', '2786.76'],
      ['The relative sample and the plasmid increased according to the residual substrate of the department', '21', '877.35', '6599.02'],
      ['Aqueous enzyme', '2', '232.17', '8776.02'],
      ['The sterile culture remained stable compared with the cohort of the trial', '22', '261.50', '8622.20'],
      ['Purified antibody', '33', '356.73', '8093.65'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      drawTexts(c, [{ text: 'Invoice 2041 for the laboratory services of the quarter', x: 50, y: 80, size: 10 }]);
      drawTexts(c, [{ text: 'Description', x: 50, y: 110, size: 9 }]);
      ['Qty', 'Unit price', 'Amount'].forEach((h, k) => flushRight(c, font, h, 420 + k * 70, 110));
      let y = 126;
      for (const item of items) {
        // A description wraps at 260 pt: its words run on below the row's values.
        const words = item[0]!.split(' ');
        const lines: string[] = [];
        for (const w of words) {
          const last = lines[lines.length - 1];
          if (last !== undefined && font.widthOfTextAtSize(`${last} ${w}`, 9) <= 260) lines[lines.length - 1] = `${last} ${w}`;
          else lines.push(w);
        }
        lines.forEach((t, i) => drawTexts(c, [{ text: t, x: 50, y: y + i * 11, size: 9 }]));
        item.slice(1).forEach((v, k) => flushRight(c, font, v, 420 + k * 70, y));
        y += lines.length * 11 + 6;
      }
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Description', 'Qty', 'Unit price', 'Amount'], ...items]));
  });
});

describe('a numbered list of the right column indented beside a table\'s rows', () => {
  it('stays a list: a column of list items is no column of the table', async () => {
    const list = ['1. Deferred valuation and depreciation', '2. Consolidated invoice for equity', '3. Unaudited operating cost', '4. Unaudited invoice under review', '5. Fiscal cash flow'];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const bottom = leftTable(c, font, 110);
      for (let i = 0; i < 3; i++) drawTexts(c, [{ text: 'The annual report was reviewed by the board of the', x: 56, y: bottom + 30 + i * 12, size: 10 }]);
      // Right column: a paragraph at the column's margin ending above the table's rows, then the
      // list, its markers indented, one item a line, on the rows' baselines.
      for (let i = 0; i < 4; i++) justified(c, font, 'The quarterly revenue of the holding was recognized by', 316, 556, 60 + i * 12);
      list.forEach((item, i) => drawTexts(c, [{ text: item, x: 334, y: 126 + i * 16, size: 10 }]));
      for (let i = 0; i < 3; i++) justified(c, font, 'The net valuation of the portfolio was recognized after', 316, 556, 250 + i * 12);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([HEADER, ...ROWS]));
    const items = blocks.filter((b) => b.type === 'list').flatMap((b) => b.list_items ?? []);
    expect(items).toEqual(list);
  });
});
