// The eleventh table round (issue 12): rules that stand off a table's ends.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, drawTexts, flushRight, tableHtml } from './table-fixtures.js';

describe('a row-ruled table right under a running head\'s rule as wide as it', () => {
  // Cells of words wrapped over two lines: only the rules tell the rows.
  const cells = [[['Step'], ['Action'], ['Result']], [['Gross exposure'], ['The consolidated', 'valuation remained'], ['Annual']], [['Revenue'], ['The net valuation', 'was restated'], ['Portfolio']], [['Equity'], ['Operating dividend'], ['For this reason,', 'the audit']], [['Regional'], ['Revenue'], ['Operating', 'operating cost']]];
  const rows = cells.map((row) => row.map((cell) => cell.join(' ')));

  it('is read whole: the white between the two rules is no row to fill in', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      // fancyhdr's head: its text, and a rule across the text block 25 pt above the table's top rule.
      drawTexts(c, [{ text: 'Adjusted portfolio for tax liability', x: 62, y: 56, size: 9 }]);
      c.line(56, 60, 500, 60, 0.4);
      // The table: a rule over it and under each row, as wide as the text block.
      c.line(56, 85, 500, 85, 0.4);
      cells.forEach((row, r) => {
        const y = 96 + r * 28;
        drawTexts(c, row.flatMap((cell, k) => cell.map((text, i) => ({ text, x: 62 + k * 150, y: y + i * 12, size: 10 }))));
        c.line(56, y + 20, 500, y + 20, 0.4);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});

describe('a table of words between rules, under its caption', () => {
  // Two columns of phrases, the second wrapped ragged right: both columns are wordy.
  const cells = [[['Portfolio'], ['Annual operating cost']], [['Annual audit of the group'], ['The regional tax liability', 'of the group']], [['Fiscal budget line and audit'], ['At the same time, the balance', 'sheet']], [['Adjusted equity and liquidity'], ['We compared (a) the net value']], [['Deferred revenue of the year'], ['The unaudited invoice was held']]];
  const rows = cells.map((row) => row.map((cell) => cell.join(' ')));
  const draw = (caption: string) =>
    bornDigitalBlocks((c) => {
      drawTexts(c, [{ text: caption, x: 90, y: 100, size: 10 }]);
      c.line(84, 108, 420, 108, 0.8);
      let y = 120;
      cells.forEach((row, r) => {
        drawTexts(c, row.flatMap((cell, k) => cell.map((text, i) => ({ text, x: 90 + k * 170, y: y + i * 12, size: 10 }))));
        if (r === 0) c.line(84, y + 5, 420, y + 5, 0.5);
        y += Math.max(...row.map((cell) => cell.length)) * 12 + (r === 0 ? 4 : 2);
      });
      c.line(84, y - 6, 420, y - 6, 0.8);
    });

  it('is a table: its cells are set ragged right, as no justified page column is', async () => {
    const blocks = await draw('Table 8.1: Consolidated balance sheet under audit conditions');
    expect(blocks.filter((b) => b.type === 'table').map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });

  it('is not one when its columns go on in lower case line after line (a web page\'s ragged prose under a caption)', async () => {
    // Two of each column's five lines start a sentence on one baseline (rows to the grid).
    const columns = [
      ['The net budget line and dividend', 'contributed to according to the', 'invoice of the group, while the', 'Liquidity contributed to after', 'the dividend was reviewed.'],
      ['Operating cost of the group', 'was restated in the year, and', 'the quarterly provision was', 'Hedged according to the', 'deferred forecast of the audit.'],
      ['And the net provision for', 'equity planning was held by', 'the board of the group, while', 'The annual audit was closed', 'after the review in May.'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      drawTexts(c, [{ text: 'Table 1. Deferred invoice', x: 220, y: 100, size: 10 }]);
      columns.forEach((lines, k) => drawTexts(c, lines.map((text, i) => ({ text, x: 60 + k * 170, y: 122 + i * 13, size: 10 }))));
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });

  it('under a sentence that names a table ("Table 4 shows how…"), is one for its frame', async () => {
    // Its top, header and bottom rules and its wrapped cells confirm it (tables/framed.ts), as a caption would.
    const blocks = await draw('Table 4 shows how the balance sheet was audited');
    expect(blocks.filter((b) => b.type === 'table').map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});

describe('a table whose labels are run out to their cells by leader dots', () => {
  // Cells of sentences (a wordy column); the labels' leaders are no words (the column is not wordy, nor
  // justified prose for ending where its leaders end).
  const rows = [['Step', 'Action'], ['Axial', 'The dynamic fatigue life was held'], ['Torque', 'The peak controller was simulated'], ['Ambient', 'The gearbox was logged for 23 ms'], ['Thermal', 'The thermal margin was reviewed']];

  it('cuts each line where its leaders end, though its cell follows closer than a cell gap', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      rows.forEach(([label, action], r) => {
        const y = 120 + r * 14;
        // The label, then dots 5 pt apart on one grid (each placed alone, as \dotfill does) up to x = 320;
        // the cell starts at 330, 0.7 em after the last dot.
        drawTexts(c, [{ text: label!, x: 60, y, size: 10 }]);
        for (let x = 320; x >= 64 + font.widthOfTextAtSize(label!, 10); x -= 5) drawTexts(c, [{ text: '.', x, y, size: 10 }]);
        drawTexts(c, [{ text: action!, x: 330, y, size: 10 }]);
      });
      drawTexts(c, [{ text: 'Table 1. Modular load case for gearbox results', x: 120, y: 200, size: 10 }]);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});

describe('a table of three columns whose labels run out with leader dots on a grid', () => {
  // LaTeX's \dotfill sets its dots on a grid of the page: the last dots of the labels end up to a
  // point apart, and the next column starts half an em after them (less than a column gap).
  const rows = [['Median thread', 'Replica', 'Warm compiler pass'], ['Incremental compiler pass', '401.9 GB', '62%'], ['The persistent query planner is retried', '70%', '393.7 cores'], ['We compared the lazy index', '374.5 ms', '405.1 ms']];

  it('parts the labels\' column from the next one where the leaders end', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      rows.forEach(([label, second, third], r) => {
        const y = 120 + r * 12;
        drawTexts(c, [{ text: label!, x: 60, y, size: 9 }]);
        // The last dot ends 4.7 to 5.4 pt (half an em) before the next column.
        const last = [285.8, 286.4, 285.7, 285.9][r]! - font.widthOfTextAtSize('.', 9);
        for (let x = last; x >= 64 + font.widthOfTextAtSize(label!, 9); x -= 4.5) drawTexts(c, [{ text: '.', x, y, size: 9 }]);
        drawTexts(c, [{ text: second!, x: 291.1, y, size: 9 }, { text: third!, x: 380, y, size: 9 }]);
      });
      drawTexts(c, [{ text: 'Table 2. Median thread of the warm replica', x: 120, y: 100, size: 9 }]);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});

describe('a table over two page columns of prose', () => {
  const rows = [['Queue', 'Migration', 'Checkpoint', 'Median'], ['Warm request', '188,922', '54,048', '1.0'], ['Tail benchmark', '94%', '78', '553,211'], ['Stateless parser', '39.3', '71', '60.62'], ['Persistent thread', '871,551', '119.8 MB', '224.0']];
  const left = ['For this reason, the cache is evicted for', 'nineteen seconds, which is higher than the', 'persistent replica. The idempotent index', 'is serialized in Leuven between March and', 'May. The tail compiler pass and the queue'];
  const right = ['The incremental migration and the query', 'was profiled according to the cold index', 'of the School of Computing. We report that', 'the warm thread is deprecated, while the', 'stateless thread is evicted on Tuesday.'];

  it('ends where the prose starts: its lines run across the table\'s columns', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      rows.forEach((row, r) => {
        const y = 100 + r * 13;
        drawTexts(c, [{ text: row[0]!, x: 60, y, size: 10 }]);
        row.slice(1).forEach((cell, k) => flushRight(c, font, cell, 260 + k * 90, y, 10));
      });
      // The prose 2 em under the table, its two columns' lines on one baseline.
      left.forEach((text, k) => drawTexts(c, [{ text, x: 60, y: 185 + k * 13, size: 10 }, { text: right[k]!, x: 316, y: 185 + k * 13, size: 10 }]));
    });
    expect(blocks.filter((b) => b.type === 'table').map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});

describe('an item\'s description wrapped over two long lines', () => {
  const long = ['Following the update, the effective notice shall notify after the', 'confidential information was reviewed by the board'];
  const rows = [['Description', 'Qty', 'Unit price', 'Amount'], ['Binding clause', '26', '637.59', '1645.94'], [long.join(' '), '23', '623.93', '1956.61'], ['Contractual tribunal under licensee', '23', '686.06', '426.17'], ['Exclusive indemnity in regulation', '38', '55.78', '8106.54']];

  it('stays in its row: its next line, too long for a cell, ends before the next column', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      let y = 100;
      rows.forEach((row, r) => {
        const lines = r === 2 ? long : [row[0]!];
        drawTexts(c, lines.map((text, k) => ({ text, x: 60, y: y + k * 13, size: 10 })));
        row.slice(1).forEach((cell, k) => flushRight(c, font, cell, 430 + k * 60, y, 10));
        y += lines.length * 13 + 8;
      });
    });
    expect(blocks.filter((b) => b.type === 'table').map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});


describe('a crowded row among a table\'s rows', () => {
  it('stays in the table: its pieces over the columns\' white line up with the columns', async () => {
    const label = 'Quarterly tax liabilities';
    // The fourth row's label and first value, and its last two values, a word space apart.
    const rows = [['Dividend', 'Cost', 'Audit', 'Portfolio', 'Share'], ['Fiscal operating cost', '82', '71.75', '971', '4%'], ['Annual equity', '22%', '349.3 m', '340', '7%'], ['Operating balance', '781', '13', '75', '6%'], [label, '583,601.5', '544', '818,022.5', '69%'], ['Adjusted margin', '7', '577', '28.7', '1%']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const x1 = 60 + font.widthOfTextAtSize(label, 10) + 3;
      const x2 = x1 + font.widthOfTextAtSize('583,601.5', 10) + 30;
      const x3 = x2 + 60;
      const x4 = x3 + font.widthOfTextAtSize('818,022.5', 10) + 3;
      const xs = [60, x1, x2, x3, x4];
      rows.forEach((row, r) => drawTexts(c, row.map((text, k) => ({ text, x: xs[k]!, y: 100 + r * 14, size: 10 }))));
    });
    expect(blocks.filter((b) => b.type === 'table').map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});

describe('a narrow table whose cells all wrap, row after row', () => {
  // Each body cell over two lines, every column wrapping on the same baselines; the second lines
  // go on in lower case (a word or a sentence broken where the narrow column ends).
  const cells = [[['Term'], ['Definition'], ['Notes']], [['Concurrent', 'message queue'], ['We compared', 'the dependency'], ['The parser', 'is retried']], [['Median', 'latency'], ['We compared', 'the benchmark'], ['The compiler', 'is retried']], [['Incremental', 'worker pool'], ['The dependency', 'is deprecated'], ['The latency', 'times out']]];
  const rows = cells.map((row) => row.map((cell) => cell.join(' ')));

  it('reads each row whole, not its first line as a row of its own', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      let y = 100;
      cells.forEach((row) => {
        drawTexts(c, row.flatMap((cell, k) => cell.map((text, i) => ({ text, x: 60 + k * 110, y: y + i * 12, size: 10 }))));
        y += Math.max(...row.map((cell) => cell.length)) * 12 + 10;
      });
    });
    expect(blocks.filter((b) => b.type === 'table').map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});

describe('a table in small print beside a page column of prose', () => {
  it('takes no row labels from the prose: its lines are of another size than the cells', async () => {
    const rows = [['Unit', 'Stock', 'Yield', 'Share'], ['Alpha', '58.4', '20.1', '12%'], ['Beta', '19.4', '45.2', '31%'], ['Gamma', '210.8', '76.3', '8%'], ['Delta', '29.0', '73.4', '5%'], ['Epsilon', '31.5', '12.9', '44%']];
    const prose = ['The gross audit was', 'allocated by the', 'board, compared with', 'the audit. The', 'deferred exposure', 'was restated by the', 'group in March.'];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // Prose in 11-point type, x 60–170, over the table's height; the table in 9-point type from x 230.
      prose.forEach((text, k) => drawTexts(c, [{ text, x: 60, y: 104 + k * 12, size: 11 }]));
      rows.forEach((row, r) => {
        const y = 104 + r * 16;
        drawTexts(c, [{ text: row[0]!, x: 230, y, size: 9 }]);
        row.slice(1).forEach((cell, k) => flushRight(c, font, cell, 330 + k * 50, y, 9));
      });
    });
    expect(blocks.filter((b) => b.type === 'table').map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});
