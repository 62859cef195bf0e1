// A table in one column of a two-column page whose last column holds wrapped words: that
// column is the table's own when the caption (or the column's prose) right under the table runs
// across it. No page column starts there.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, justified, type Canvas } from './table-fixtures.js';

const PROSE = 'The regional survey measured the flow at every station of the network and the results were reviewed by the board';

/** A small table of offices' shares, by row. */
const SHARES = [
  ['Item', 'Share', 'Owner'],
  ['Revenue', '42%', 'North'],
  ['Dividend', '17%', 'South'],
  ['Equity', '23%', 'East'],
  ['Margin', '9%', 'West'],
  ['Audit', '12%', 'North'],
];

/** Rows of cells at the columns' left edges `xs`, the first baseline at `top`, `pitch` apart. */
function drawRows(c: Canvas, rows: string[][], xs: number[], top: number, pitch: number): void {
  rows.forEach((row, r) => row.forEach((t, i) => c.text(t, xs[i]!, top + r * pitch, 9)));
}

describe('a table with a last column of words in a page column', () => {
  it('keeps its wrapped last column when the caption under it spans the column', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // The right page column's prose, on its own baselines all down the page.
      for (let i = 0; i < 50; i++) justified(c, font, PROSE.split(' ').slice(i % 5, (i % 5) + 7).join(' '), 320, 560, 60 + i * 13, 9);
      // The table, between rules, in the left page column (50–290): labels, a column of short
      // words, and a narrow last column whose cells wrap onto two or three lines.
      c.line(50, 50, 290, 50, 0.8);
      const rows: [string, string, string[]][] = [
        ['Sample', 'Method', ['Outcome']],
        ['Frozen assay', 'Direct count', ['The absorbance', 'rose by a', 'third']],
        ['Buffer', 'Filtration', ['The specimen', 'was diluted']],
        ['Aqueous extract', 'Direct count', ['Stable over', 'the week']],
        ['Residual pellet', 'Centrifuge', ['The pellet was', 'measured twice']],
        ['Control', 'Filtration', ['No change', 'was seen']],
      ];
      let y = 62;
      rows.forEach(([a, b, cell], r) => {
        c.text(a, 52, y, 8);
        c.text(b, 140, y, 8);
        cell.forEach((t, i) => c.text(t, 222, y + i * 9.5, 8));
        y += Math.max(1, cell.length) * 9.5 + 4;
        if (r === 0) c.line(50, y - 8, 290, y - 8, 0.5);
      });
      c.line(50, y, 290, y, 0.8);
      // The caption under it, set across the column, then the column's prose.
      justified(c, font, 'Table 1. Outcome of each sample under the two methods of the survey', 50, 290, y + 14, 9);
      justified(c, font, 'reviewed by the board of the regional office in the spring', 50, 290, y + 25, 9);
      for (let i = 0; i < 12; i++) justified(c, font, PROSE.split(' ').slice(i % 5, (i % 5) + 7).join(' '), 50, 290, y + 50 + i * 13, 9);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body ?? '';
    expect(html).toContain('Outcome');
    expect(html).toContain('measured twice');
    // The right page column's prose stays out of it.
    expect(html).not.toContain('regional survey');
  });
});

describe('a table caption among aligned rows', () => {
  it('ends the table at its caption: the heading under the caption is no row of it', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const rows = [
        ['Station', 'Flow', 'Level'],
        ['North gate', '12.4', '3.1'],
        ['River bend', '8.9', '2.7'],
        ['Old mill', '15.0', '4.4'],
        ['Harbour', '6.2', '1.9'],
      ];
      c.line(60, 88, 330, 88, 0.8);
      rows.forEach((row, r) => {
        c.text(row[0]!, 62, 100 + r * 14, 9);
        c.text(row[1]!, 200, 100 + r * 14, 9);
        c.text(row[2]!, 280, 100 + r * 14, 9);
      });
      // The caption under the table, centred, then a numbered heading whose number stands apart
      // from its words, in the table's columns.
      c.text('TABLE II. Flow at the stations', 130, 100 + 5 * 14 + 4, 8);
      c.text('III.', 62, 100 + 7 * 14, 9);
      c.text('RESULTS', 200, 100 + 7 * 14, 9);
      for (let i = 0; i < 4; i++) c.text('The survey measured the flow at every station of the network in the spring.', 60, 100 + 9 * 14 + i * 12, 9);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body ?? '';
    expect(html).toContain('Harbour');
    expect(html).not.toContain('TABLE II');
    expect(html).not.toContain('RESULTS');
  });
});

describe('a table in the right page column beside the left column\'s text', () => {
  // The left column's lines beside the rows end at its margin inside the strip between the
  // heading and the table: they leave the rest of the strip clear, a page gutter.
  it('leaves out a heading of the left column set on one of its rows', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      drawRows(c, SHARES, [330, 420, 490], 100, 14);
      // Its caption centred over it, as IEEE sets one.
      const caption = 'TABLE I. SHARES OF THE OFFICES BY OWNER';
      c.text(caption, 445 - font.widthOfTextAtSize(caption, 8) / 2, 80, 8);
      // The left column: justified prose ending at its margin (290) on the rows' baselines, a
      // paragraph's short last line over them, and the next section's heading on one row's baseline.
      const words = PROSE.split(' ');
      let w = 0;
      const fullLine = () => {
        const line: string[] = [];
        while (font.widthOfTextAtSize([...line, words[w % words.length]!].join(' '), 9) < 240) line.push(words[w++ % words.length]!);
        return line.join(' ');
      };
      for (let i = 0; i < 12; i++) {
        const y = 58 + i * 14;
        if (y === 128) c.text('II. OUTLOOK', 120, y, 9);
        else if (y === 72) c.text('and its figures were checked.', 50, y, 9);
        else justified(c, font, fullLine(), 50, 290, y, 9);
      }
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body ?? '';
    expect(html).toContain('Dividend');
    expect(html).not.toContain('OUTLOOK');
    expect(blocks.some((b) => b.type !== 'table' && /OUTLOOK/.test(b.text ?? ''))).toBe(true);
  });
});

describe('a label spanning two rows of values, set at their top', () => {
  it('leaves the second row of values a row of its own, and a number a narrow column wrapped one cell', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      const ends = [260, 330, 400];
      const row = (label: string | null, values: string[], y: number) => {
        if (label) c.text(label, 80, y, 9);
        values.forEach((v, i) => c.text(v, ends[i]! - 40, y, 9));
      };
      row('Site', ['Flow', 'Level', 'Count'], 100);
      row('Weekly survey', ['50%', '47', '16.2 per'], 118);
      c.text('1,000', 360, 128, 9);
      // The same label's second row: no label of its own (a rowspan set at the top), a unit
      // wrapped under one of its values.
      row(null, ['288,516', '325.6', '320,281'], 142);
      c.text('days', 290, 152, 9);
      row('Regional outcome', ['81.1', '65.84', '61%'], 170);
      // A number the narrow column wrapped, under its first part: one cell.
      row('Harbour', ['12.5', '9.75', '645,9'], 188);
      c.text('35', 360, 198, 9);
      row('North gate', ['7%', '14', '2.5'], 216);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body ?? '';
    expect(html).toContain('<td>50%</td><td>47</td><td>16.2 per 1,000</td>');
    expect(html).toContain('<td></td><td>288,516</td><td>325.6 days</td><td>320,281</td>');
    expect(html).toContain('<td>645,9 35</td>');
  });
});

describe('a table flush with the right page column\'s margin, the left column on other baselines', () => {
  // The left column's heading stands on one of the table's rows; the prose under it, on baselines
  // of its own, must not end the table (the heading is the other page column's, not a cell).
  it('keeps all its rows and leaves the heading out', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      drawRows(c, [...SHARES, ['Reserve', '5%', 'South']], [312, 420, 490], 100, 15);
      // The right column's prose, flush with its margin (312), above and below the table.
      for (let i = 0; i < 4; i++) justified(c, font, PROSE.split(' ').slice(i, i + 8).join(' '), 312, 560, 40 + i * 11, 9);
      for (let i = 0; i < 4; i++) justified(c, font, PROSE.split(' ').slice(i, i + 8).join(' '), 312, 560, 220 + i * 11, 9);
      // The left column: prose at its own pitch, and a centred heading on the table's third row.
      for (let i = 0; i < 20; i++) {
        const y = 40 + i * 11;
        if (Math.abs(y - 130) < 8) continue;
        justified(c, font, PROSE.split(' ').slice(i % 5, (i % 5) + 8).join(' '), 50, 290, y, 9);
      }
      c.text('II. OUTLOOK', 140, 130, 9);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body ?? '';
    expect(html).toContain('Reserve');
    expect(html).not.toContain('OUTLOOK');
  });
});

describe('tables side by side in the two page columns', () => {
  // The left table's wrapped labels put one line of the left column alone on a baseline beside
  // the right table (set flush with its column's margin): a cell of the left table, not a heading.
  it('keeps each table to its column', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // The page's prose over both columns' tables.
      const words = PROSE.split(' ');
      for (let i = 0; i < 4; i++) {
        justified(c, font, [...words, ...words].slice(i, i + 9).join(' '), 50, 290, 40 + i * 11, 9);
        justified(c, font, [...words, ...words].slice(i + 2, i + 11).join(' '), 312, 560, 40 + i * 11, 9);
      }
      const left: [string[], string, string][] = [
        [['Worker pool'], '18.78', '108.4'],
        [['Compiler pass in', 'the parser'], '2%', '47'],
        [['Tail benchmark'], '89', '11'],
        [['Distributed message', 'queue'], '81%', '97.1'],
        [['Asynchronous index'], '480', '944'],
        [['Scheduler and', 'worker pool'], '62.79', '234.4'],
      ];
      let y = 110;
      for (const [label, a, b] of left) {
        label.forEach((t, k) => c.text(t, 52, y + k * 11, 9));
        c.text(a, 190, y, 9);
        c.text(b, 245, y, 9);
        y += label.length * 11 + 4;
      }
      const right = [
        ['Option', 'Effect', 'Default'],
        ['Allocator', 'Warm start', 'Enabled'],
        ['Message queue', 'Ordered', 'Off'],
        ['Lazy latency', 'Deferred', 'On'],
        ['Migration', 'Online', 'Manual'],
        ['Parser', 'Strict', 'On'],
        ['Replica', 'Async', 'Two'],
      ];
      drawRows(c, right, [312, 397, 482], 114, 13);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(2);
    const rightTable = tables.find((t) => (t.table_body ?? '').includes('Allocator'))!;
    expect(rightTable.table_body).not.toMatch(/Worker|benchmark|18\.78|Compiler/);
    const leftTable = tables.find((t) => (t.table_body ?? '').includes('Worker pool'))!;
    expect(leftTable.table_body).toContain('Compiler pass in the parser');
  });
});
