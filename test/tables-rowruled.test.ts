// Tables ruled only between rows (a rule under every row, none between columns), whose cells are
// words and sentences wrapped over several lines; and rules that are no such table: paragraphs
// parted by rules, headings underlined, a page's head and foot rules, two-column prose, a form,
// a list with rules between its items.
import { describe, expect, it } from 'vitest';
import type { PDFFont } from 'pdf-lib';
import { bornDigitalBlocks, drawTexts, justified, tableHtml, type Canvas } from './table-fixtures.js';

const LEAD = 13;

/**
 * A table at columns `xs` (left edges) from x 56 to 556: each row's cells' lines ("\n" wraps),
 * a rule under every row; `ruleAbove` adds one over the first row, `lastRule` (default true)
 * the one under the last. Returns the bottom.
 */
function rowRuled(c: Canvas, top: number, xs: number[], rows: string[][], opts: { ruleAbove?: boolean; lastRule?: boolean } = {}): number {
  let y = top;
  if (opts.ruleAbove) c.line(56, y, 556, y, 0.5);
  rows.forEach((row, r) => {
    const lines = Math.max(...row.map((cell) => cell.split('\n').length));
    row.forEach((cell, col) => cell.split('\n').forEach((t, i) => drawTexts(c, [{ text: t, x: xs[col]!, y: y + 14 + i * LEAD }])));
    y += 8 + lines * LEAD;
    if (r < rows.length - 1 || opts.lastRule !== false) c.line(56, y, 556, y, r === 0 ? 1 : 0.5);
  });
  return y;
}

const flat = (rows: string[][]) => rows.map((r) => r.map((c) => c.replace(/\n/g, ' ')));

function prose(c: Canvas, font: PDFFont, top: number, lines: number, x0 = 56, x1 = 556): number {
  for (let i = 0; i < lines; i++) justified(c, font, 'The modular fatigue life of the weld seam was redesigned after the audit of the line', x0, x1, top + i * LEAD);
  return top + lines * LEAD;
}

describe('tables ruled only between rows', () => {
  const words = [
    ['Animal', 'Action', 'Result'],
    ['Cat', 'Says', 'Meow'],
    ['Bee', 'Flies over the\nmeadow at noon', 'Buzzing'],
    ['Fox', 'Says', 'Ring-ding-ding with a long\ncry that carries across\nthe valley at dusk and\nwakes the neighbours'],
  ];

  it('reads a header above the first rule and a cell wrapped over four lines as one table', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const y = prose(c, font, 90, 3);
      rowRuled(c, y + 10, [60, 200, 360], words);
      prose(c, font, 400, 3);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(flat(words)));
    // The prose around it stays text.
    expect(blocks.filter((b) => b.type === 'text')).toHaveLength(2);
  });

  it('reads two tables of one width with a note and a paragraph between them as two tables', async () => {
    const second = [
      ['Part', 'Load', 'Margin'],
      ['Bracket', '12 kN', '1.4'],
      ['Weld seam', '9 kN', '1.1'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const y = rowRuled(c, 90, [60, 200, 360], words, { ruleAbove: true });
      drawTexts(c, [{ text: 'Note: the results of the field trial are those of the second season only.', x: 56, y: y + 12 }]);
      const after = prose(c, font, y + 34, 3);
      rowRuled(c, after + 4, [60, 200, 360], second, { ruleAbove: true });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(flat(words)), tableHtml(second)]);
    expect(blocks.filter((b) => b.type === 'text').map((b) => b.text).join(' ')).toContain('modular fatigue life');
  });

  it('reads a table with a rule over its head row and wrapped cells in two columns', async () => {
    const rows = [
      ['Term', 'Definition', 'Notes'],
      ['Latency', 'Time from the request\nto the first byte', 'Measured at\nthe edge'],
      ['Throughput', 'Requests served each\nsecond at steady load', 'Peak'],
      ['Jitter', 'Spread of latency', 'Per minute'],
    ];
    const blocks = await bornDigitalBlocks((c) => rowRuled(c, 100, [60, 180, 400], rows, { ruleAbove: true }));
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(flat(rows)));
  });

  it('takes a last row wrapped over four lines in two columns under the last rule (no rule closes it)', async () => {
    const rows = [
      ['Item', 'Description', 'Status'],
      ['Pump', 'Seal replaced', 'Done'],
      ['Valve\nassembly\nof the\nmain line', 'Second source for the\ncastings was found\nafter the audit of\nthe supplier', 'Open'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      rowRuled(c, 100, [60, 200, 420], rows, { lastRule: false });
      prose(c, font, 260, 3);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(flat(rows)));
  });

  it('keeps a row label wrapped over three lines beside wrapped cells one row', async () => {
    const rows = [
      ['Structural\ntolerance', 'Peak', 'Vibration\nmode'],
      ['Axial', 'The dynamic torque\ndrifted in', 'We report that the\nstructural margin\nwas redesigned'],
      ['Dynamic\nthermal margin\nand throughput', 'Following the\nupdate', 'The axial bracket\nexceeded the limit\nin the audit'],
      ['Radial', 'Stable', 'None'],
    ];
    const blocks = await bornDigitalBlocks((c) => rowRuled(c, 100, [60, 200, 360], rows));
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(flat(rows)));
  });

  it('takes the last row under the last rule when rules stand above each row (no rule under the last)', async () => {
    const rows = [
      ['Risk', 'Mitigation', 'Owner'],
      ['Supplier delay', 'Second source for\nthe castings', 'Procurement'],
      ['Staff turnover', 'Cross training', 'Operations'],
      ['Scope change', 'Weekly review with\nthe sponsor', 'Programme office'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      rowRuled(c, 100, [60, 220, 420], rows, { lastRule: false });
      prose(c, font, 260, 4);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(flat(rows)));
  });
});

describe('shorter rules inside a row-ruled table', () => {
  it('reads a row label over two rows: the rule between them runs under the other columns only', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      drawTexts(c, [{ text: 'Site', x: 60, y: 114 }, { text: 'Finding', x: 200, y: 114 }, { text: 'Action', x: 380, y: 114 }]);
      c.line(56, 120, 556, 120, 1);
      drawTexts(c, [{ text: 'North yard', x: 60, y: 134 }, { text: 'Cracked weld seam', x: 200, y: 134 }, { text: 'Replace the bracket', x: 380, y: 134 }]);
      c.line(190, 141, 556, 141, 0.5);
      drawTexts(c, [{ text: 'Loose bolts', x: 200, y: 155 }, { text: 'Torque to spec', x: 380, y: 155 }]);
      c.line(56, 162, 556, 162, 0.5);
      drawTexts(c, [{ text: 'South yard', x: 60, y: 176 }, { text: 'No defects found', x: 200, y: 176 }, { text: 'None', x: 380, y: 176 }]);
      c.line(56, 183, 556, 183, 0.5);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(
      '<table><tr><td>Site</td><td>Finding</td><td>Action</td></tr><tr><td rowspan="2">North yard</td><td>Cracked weld seam</td><td>Replace the bracket</td></tr><tr><td>Loose bolts</td><td>Torque to spec</td></tr><tr><td>South yard</td><td>No defects found</td><td>None</td></tr></table>',
    );
  });
});

/** A head of three rows ruled between them, and `body` set without rules under it, at columns `xs`. */
async function ruledHeadTable(body: string[][], xs: number[], wrappedLabels = false, blankAfter = Infinity) {
  const pitch = wrappedLabels ? 22 : 13;
  // A blank line between two groups of rows (after row `blankAfter`).
  const at = (r: number) => 165 + r * pitch + (r > blankAfter ? pitch : 0);
  return bornDigitalBlocks((c, _page, font) => {
    // A head of three rows, ruled between them; a body of ten rows set without rules.
    const head = [
      ['Group', '2007', '', '2009', ''],
      ['All', 'Total', 'Unhealthy', 'Total', 'Unhealthy'],
      ['Characteristic', 'Units', 'No.', 'Units', 'No.'],
    ];
    c.line(56, 100, 556, 100, 1);
    head.forEach((row, r) => {
      row.forEach((t, k) => t && drawTexts(c, [{ text: t, x: xs[k]!, y: 112 + r * 17 }]));
      c.line(56, 117 + r * 17, 556, 117 + r * 17, 0.5);
  });
    body.forEach((row, r) =>
      row.forEach((t, k) => {
        const y = at(r);
        // A label wrapped over two lines, set between the rows' values (a p column centred on its row).
        if (k === 0 && wrappedLabels) drawTexts(c, [{ text: t.split(' ')[0]!, x: xs[0]!, y: y + 5 }, { text: t.split(' ').slice(1).join(' '), x: xs[0]!, y: y + 13 }]);
        else drawTexts(c, [{ text: t, x: xs[k]!, y }]);
      }),
    );
    c.line(56, at(body.length) - 6, 556, at(body.length) - 6, 1);
    prose(c, font, 420, 3);
  });
}

describe('rules that part no table', () => {
  it('leaves a table whose head is ruled into rows and whose body runs on unruled to the borderless detector, whole', async () => {
    const body = [
      ['Male', '61,206', '14,037', '60,721', '13,647'],
      ['Female', '49,486', '12,303', '51,084', '12,549'],
      ['Hispanic', '12,609', '2,754', '12,739', '3,079'],
      ['Midwest', '29,202', '6,426', '29,403', '6,878'],
      ['South', '48,324', '8,889', '49,372', '9,088'],
      ['West', '27,550', '4,635', '28,021', '4,692'],
      ['Owner', '73,025', '9,001', '72,880', '9,310'],
      ['Renter', '37,667', '8,620', '38,920', '8,874'],
      ['Urban', '88,114', '15,302', '89,207', '15,881'],
      ['Rural', '22,578', '4,213', '22,593', '4,303'],
    ];
    const blocks = await ruledHeadTable(body, [60, 250, 330, 410, 490]);
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toContain('<td>Characteristic</td>');
    for (const row of body) expect(tables[0]!.table_body).toContain(`<tr><td>${row.join('</td><td>')}</td></tr>`);
  });

  it('does so too when a blank line parts the body into two groups of rows before the rule that closes it', async () => {
    const body = Array.from({ length: 14 }, (_, r) => [String(1996 + r), `3,${100 + r}`, `2,${700 + r}`, `${380 + r}`, `${300 + r}`]);
    const blocks = await ruledHeadTable(body, [60, 250, 330, 410, 490], false, 3);
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toContain('Characteristic');
    expect(tables[0]!.table_body).toContain('2009');
  });

  it('does so too when wrapped row labels set lines of their own between the rows', async () => {
    const body = Array.from({ length: 8 }, (_, r) => [`Region ${r + 1}`, `${61 + r},206`, `${14 + r},037`, `${60 + r},721`, `${13 + r},647`]);
    const blocks = await ruledHeadTable(body, [60, 250, 330, 410, 490], true);
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toContain('Characteristic');
    expect(tables[0]!.table_body).toContain('67,206');
  });

  it('does so too when the values are wider than the headings over them (the columns of the head are not those of the body)', async () => {
    const body = Array.from({ length: 10 }, (_, r) => [`Age ${45 + r * 5}`, `(1,${200 + r}.0–1,${290 + r}.9)`, `${r + 3}.1`, `(9${r}.2–10${r}.4)`, `${r + 5}.7`]);
    const blocks = await ruledHeadTable(body, [60, 250, 330, 410, 490]);
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toContain('Characteristic');
    expect(tables[0]!.table_body).toContain('Age 90');
  });

  it('leaves a booktabs table with a short body (top, group, middle and bottom rules close together) to the borderless detector, a row a label', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      c.line(56, 100, 400, 100, 1);
      drawTexts(c, [{ text: 'Bracket', x: 60, y: 116 }, { text: 'Firmware', x: 200, y: 111 }, { text: 'Coolant loop', x: 300, y: 111 }]);
      c.line(190, 115, 396, 115, 0.5);
      drawTexts(c, [{ text: '2025', x: 200, y: 126 }, { text: '2021', x: 250, y: 126 }, { text: '2016', x: 300, y: 126 }, { text: '2020', x: 350, y: 126 }]);
      c.line(56, 131, 400, 131, 0.5);
      // Labels centred on their rows: set off the values' baselines.
      ['Redundant assembly', 'Nominal fatigue life', 'Thermal controller'].forEach((label, r) => {
        const y = 144 + r * 16;
        drawTexts(c, [{ text: label, x: 60, y: y + 5 }, ...['90%', '7', '8%', '10%'].map((v, k) => ({ text: v, x: 200 + k * 50, y }))]);
      });
      c.line(56, 190, 400, 190, 1);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body!.split('<tr>').length - 1).toBeGreaterThanOrEqual(5);
  });

  it('leaves paragraphs parted by rules as text', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      let y = 90;
      for (let k = 0; k < 4; k++) {
        y = prose(c, font, y, 3) + 4;
        c.line(56, y, 556, y, 0.5);
        y += 16;
      }
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });

  it('leaves headings with a rule under them, and their sections, as text', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      let y = 90;
      for (const [k, head] of ['Scope', 'Method', 'Findings', 'Outlook'].entries()) {
        drawTexts(c, [{ text: `${k + 1} ${head}`, x: 56, y, size: 14 }]);
        c.line(56, y + 5, 556, y + 5, 0.75);
        y = prose(c, font, y + 22, 2) + 14;
      }
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });

  it('leaves a list with rules between its items as a list', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      let y = 100;
      for (const item of ['Check the weld seam for cracks', 'Record the fatigue load', 'Replace the worn bearings', 'Sign the audit sheet']) {
        drawTexts(c, [{ text: '•', x: 60, y }, { text: item, x: 76, y }]);
        y += 8;
        c.line(56, y, 556, y, 0.5);
        y += 14;
      }
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });

  it('leaves two columns of prose between a page\'s head rule, section rules and foot rule as text', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      drawTexts(c, [{ text: 'Quarterly bulletin', x: 56, y: 50, size: 9 }]);
      c.line(56, 56, 556, 56, 0.5);
      let y = 80;
      for (let k = 0; k < 3; k++) {
        prose(c, font, y, 5, 56, 296);
        prose(c, font, y, 5, 316, 556);
        y += 5 * LEAD;
        c.line(56, y, 556, y, 0.5);
        y += 20;
      }
      c.line(56, 740, 556, 740, 0.5);
      drawTexts(c, [{ text: 'Page 1', x: 290, y: 752, size: 9 }]);
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });

  it('leaves a form with rules to write on as text', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      for (let r = 0; r < 4; r++) {
        const y = 120 + r * 30;
        drawTexts(c, [{ text: ['Name:', 'Address:', 'Phone:', 'Signature:'][r]!, x: 56, y }, { text: 'Date:', x: 330, y }]);
        c.line(110, y + 2, 310, y + 2, 0.5);
        c.line(360, y + 2, 556, y + 2, 0.5);
      }
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });
});

describe('a wider table ruled in part', () => {
  it('reads a table whose rules run under its value columns only as one table with its label column', async () => {
    // Row labels in a column of their own, left of where the rules start; the values ruled row by row.
    const rows = [
      ['Segment', 'Revenue', 'Margin', 'Growth'],
      ['Retail banking', '1,204', '12.5%', '3.1%'],
      ['Corporate lending', '986', '9.8%', '2.4%'],
      ['Asset management', '412', '21.0%', '5.6%'],
      ['Insurance', '377', '7.2%', '1.9%'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      let y = prose(c, font, 90, 3) + 10;
      rows.forEach((row, r) => {
        drawTexts(c, row.map((text, col) => ({ text, x: [60, 260, 360, 460][col]!, y: y + 14 })));
        y += 8 + LEAD;
        c.line(250, y, 556, y, r === 0 ? 1 : 0.5);
      });
      prose(c, font, y + 40, 3);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toContain('Retail banking');
    expect(tables[0]!.table_body).toContain('21.0%');
  });
});
