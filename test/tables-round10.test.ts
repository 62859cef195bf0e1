// The tenth table round (issue 12): two tables side by side in the two page columns, one of them
// set between rules of its own.
import { describe, expect, it } from 'vitest';
import { ruledApart } from '../src/engine/tables/borderless.js';
import { bornDigitalBlocks, drawTexts, flushRight, justified, tableHtml } from './table-fixtures.js';

describe('two tables side by side, the right one between its own rules', () => {
  const left = [['Item', 'Cases', 'Rate'], ['Regional', '120', '2.0'], ['National', '127', '5.1'], ['Urban', '134', '8.2'], ['Rural', '141', '11.3']];
  const right = [['Unit', 'Stock', 'Yield'], ['Alpha', '58.4', '20.1'], ['Beta', '19.4', '45%'], ['Gamma', '210.8', '76%'], ['Delta', '29', '734'], ['Epsilon', '31.5', '12%']];

  it('parts them where the right table\'s rules end, though no caption stands over either', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // The left table, unruled, 4 pt higher than the right one's rows: a run across both.
      left.forEach((row, r) => {
        const y = 126 + r * 15;
        drawTexts(c, [{ text: row[0]!, x: 62, y, size: 10 }]);
        flushRight(c, font, row[1]!, 192, y, 10);
        flushRight(c, font, row[2]!, 262, y, 10);
      });
      // The right table: top, header and bottom rules over the right page column only.
      right.forEach((row, r) => {
        const y = 130 + r * 15;
        drawTexts(c, [{ text: row[0]!, x: 300, y, size: 10 }]);
        flushRight(c, font, row[1]!, 430, y, 10);
        flushRight(c, font, row[2]!, 500, y, 10);
      });
      c.line(294, 116, 506, 116, 0.8);
      c.line(294, 134, 506, 134, 0.5);
      c.line(294, 134 + 5 * 15, 506, 134 + 5 * 15, 0.8);
    });
    // (Read in either order: nothing else on the page tells the two columns apart.)
    const tables = blocks.filter((b) => b.type === 'table').sort((a, b) => a.bbox![0]! - b.bbox![0]!);
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(left), tableHtml(right)]);
  });
});

describe('a row-ruled table with rules that start at its second column', () => {
  it('stays one table: its full rules cross the gap where the shorter ones start', async () => {
    // A narrow first column of labels wrapped over several lines; two header rows, the upper's
    // spanner rule from the second column on; the first label spans two rows, so the rule under
    // its first row starts at the second column too.
    const labels = [['Acute', 'vaccina-', 'tion rate', 'of the', 'screening'], [], ['Regional', 'symptom', 'cases'], ['Regional', 'admission'], ['Adjusted', 'caregiver', 'visits']];
    const values = [['826,073', '48.6', '13.43', '73,905'], ['25.4', '86%', '31.62', '234.5'], ['54', '40%', '80', '491.7'], ['1%', '937,491', '64', '38%'], ['41.1', '54%', '173.1', '948,467']];
    const blocks = await bornDigitalBlocks((c) => {
      drawTexts(c, [{ text: 'Chronic', x: 62, y: 112, size: 10 }, { text: 'Weekly', x: 120, y: 100, size: 10 }, { text: 'Community', x: 220, y: 100, size: 10 }]);
      c.line(114, 104, 310, 104, 0.5);
      drawTexts(c, ['2023', '2025', '2026', '2019'].map((t, k) => ({ text: t, x: 120 + k * 50, y: 116, size: 10 })));
      c.line(56, 120, 310, 120, 0.5);
      let y = 132;
      labels.forEach((label, r) => {
        const lines = Math.max(label.length, 1);
        drawTexts(c, label.map((t, k) => ({ text: t, x: 62, y: y + k * 12, size: 10 })));
        drawTexts(c, values[r]!.map((t, k) => ({ text: t, x: 120 + k * 50, y, size: 10 })));
        c.line(r === 0 ? 114 : 56, y + lines * 12 - 6, 310, y + lines * 12 - 6, 0.5);
        y += lines * 12 + 8;
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toContain('Regional admission');
    expect(tables[0]!.table_body).toContain('948,467');
  });
});

describe('rules ending in a strip between two parts of a run', () => {
  // A run over x 56–520, y 120–200, 10-pt type, an empty strip at x 290–300.
  const run: [number, number, number, number] = [56, 120, 520, 200];
  const strip: [number, number] = [290, 300];
  const top = { x0: 294, x1: 520, y: 112 };
  const bottom = { x0: 294, x1: 520, y: 204 };

  it('part it when two of one span start there: the right part\'s table has rules of its own', () => {
    expect(ruledApart(strip, run, [top, { x0: 294, x1: 520, y: 128 }, bottom], 10)).toEqual([294, 112, 520, 204]);
  });

  it('do not when a rule crosses the strip (one table\'s row rules run across its column gaps)', () => {
    expect(ruledApart(strip, run, [top, bottom, { x0: 56, x1: 520, y: 150 }], 10)).toBeNull();
  });

  it('do not when only one starts there (a spanner rule over a header\'s columns)', () => {
    expect(ruledApart(strip, run, [top, { x0: 294, x1: 460, y: 204 }], 10)).toBeNull();
  });
});

describe('a header of two rows: groups over their columns, the first column\'s label set between them', () => {
  it('reads two header rows, the label spanning both, each group over its columns', async () => {
    const body = [['Northern region', '72,382', '84.62', '4.59', '78'], ['Coastal towns', '87', '73.75', '74', '294.1'], ['Mountain villages', '13.4', '9.5', '3', '224.4']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const ends = [250, 320, 400, 470];
      // "Model" centred on the two header rows (LaTeX's \multirow), each group centred over its two columns.
      drawTexts(c, [{ text: 'Model', x: 62, y: 106, size: 10 }, { text: 'Warm start', x: 255, y: 100, size: 10 }, { text: 'Cold start', x: 405, y: 100, size: 10 }]);
      ['2020', '2025', '2015', '2024'].forEach((year, k) => flushRight(c, font, year, ends[k]!, 112, 10));
      body.forEach((row, r) => {
        const y = 126 + r * 12;
        drawTexts(c, [{ text: row[0]!, x: 62, y, size: 10 }]);
        row.slice(1).forEach((v, k) => flushRight(c, font, v, ends[k]!, y, 10));
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body!;
    expect(html).toContain('<td rowspan="2">Model</td><td colspan="2">Warm start</td><td colspan="2">Cold start</td></tr><tr><td>2020</td><td>2025</td><td>2015</td><td>2024</td></tr>');
    expect(html.split('<tr>')).toHaveLength(1 + 2 + body.length);
  });
});

describe('a header crowded over its columns', () => {
  // The label column's header set a cell gap from the rest ("Item"), or a word space ("Adjusted revenue").
  it.each(['Item', 'Adjusted revenue'])('is the table\'s header though its first value column\'s header reaches left to the longest label (%s)', async (label) => {
    const rows = [[label, 'Operating equity', 'Operating audit', 'Fiscal liquidity'], ['Unaudited forecast', '62.2', '12', '818,157'], ['Recurring dividend', '79', '95.56', '91.18'], ['Unaudited liquidity', '180,635', '80.5', '51'], ['Quarterly exposure', '82.44', '414,417', '63']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const labelEnd = 62 + font.widthOfTextAtSize('Unaudited liquidity', 10);
      // Each value column as wide as its header, set a word space apart: the header is one line.
      const ends: number[] = [];
      let x = labelEnd + 5;
      for (const head of rows[0]!.slice(1)) {
        x += font.widthOfTextAtSize(head, 10);
        ends.push(x);
        x += 3.3;
      }
      rows.forEach((row, r) => {
        const y = 120 + r * 13;
        drawTexts(c, [{ text: row[0]!, x: 62, y, size: 10 }]);
        row.slice(1).forEach((v, k) => flushRight(c, font, v, ends[k]!, y, 10));
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});

describe('a glossary: two columns of words under their table\'s caption', () => {
  const rows = [['Term', 'Definition'], ['Follow-up visit', 'The adjusted screening of the ward'], ['Symptom', 'The patient and the intervention declined'], ['Referral', 'In addition, the visit was discharged']];
  const page = (caption: boolean) =>
    bornDigitalBlocks((c, _page, font) => {
      for (let i = 0; i < 3; i++) justified(c, font, 'The regional outcomes of the programme were reported by the auditors of the group in the annual report of the', 56, 540, 80 + i * 13);
      if (caption) drawTexts(c, [{ text: 'Table 2: Terms used in the survey of the wards', x: 56, y: 140, size: 10 }]);
      rows.forEach((row, r) => drawTexts(c, [{ text: row[0]!, x: 90, y: 158 + r * 14, size: 10 }, { text: row[1]!, x: 260, y: 158 + r * 14, size: 10 }]));
      for (let i = 0; i < 3; i++) justified(c, font, 'The weekly outcome doubled while the district was monitored by the regional office of the ministry in the', 56, 540, 230 + i * 13);
    });

  it('is a table when its caption stands right above it', async () => {
    const tables = (await page(true)).filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows)]);
    expect(tables[0]!.table_caption).toEqual(['Table 2: Terms used in the survey of the wards']);
  });

  it('stays text without one (two columns of words are not enough)', async () => {
    expect((await page(false)).filter((b) => b.type === 'table')).toHaveLength(0);
  });
});

describe('a table between its rules in the right page column', () => {
  it('keeps to its rules: short lines of the left page column on its rows are no row labels', async () => {
    const rows = [['Exclusive', 'Prior', 'Material'], ['Material party', '61.1', '92%'], ['Prior jurisdiction', '30%', '31.37'], ['Binding amendment', '27.95', '376.7'], ['Prior regulation', '5', '52.6']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      rows.forEach((row, r) => {
        const y = 130 + r * 13;
        drawTexts(c, [{ text: row[0]!, x: 320, y, size: 9 }]);
        flushRight(c, font, row[1]!, 470, y, 9);
        flushRight(c, font, row[2]!, 550, y, 9);
      });
      c.line(314, 121, 556, 121, 0.8);
      c.line(314, 133, 556, 133, 0.5);
      c.line(314, 134 + 4 * 13, 556, 134 + 4 * 13, 0.8);
      // The left page column: a caption's last line and a figure's labels, on two of the table's rows.
      drawTexts(c, [{ text: 'INDEMNITY WARRANTS.', x: 130, y: 130, size: 9 }, { text: 'indemnity   written', x: 90, y: 182, size: 9 }]);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});

describe('a row-ruled table under a crowded header', () => {
  it('takes the header, cut where its cells line up with the columns\' cells', async () => {
    const rows = [['Absorbance', 'Chromatography', 'Purified pellet', 'Reagent'], ['Recombinant buffer', '51', '484.5 rpm', '83.4'], ['Relative chromatography', '54', '8.6', '307.0'], ['Sterile substrate', '211,917', '62%', '403.2'], ['Aqueous specimen', '451.5 mM', '53', '331.9']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // Left-aligned columns as wide as their headers, a word space apart.
      const starts = [62];
      for (const head of rows[0]!.slice(0, -1)) starts.push(starts[starts.length - 1]! + Math.max(font.widthOfTextAtSize(head, 10), ...rows.slice(1).map((r) => font.widthOfTextAtSize(r[starts.length - 1]!, 10))) + 3);
      rows.forEach((row, r) => {
        const y = 120 + r * 18;
        drawTexts(c, row.map((text, k) => ({ text, x: starts[k]!, y, size: 10 })));
        c.line(58, y + 6, 420, y + 6, r === 0 ? 1.5 : 0.5);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});

describe('two tables side by side, captioned under them, the left one\'s header crowded', () => {
  it('reads each whole: the left header (its last cell wider than its values, wrapped) and no row labels across the strip', async () => {
    const left = [['Written amendment', 'Liability', 'Applicable regulation'], ['Termination', '25.1', '207,581'], ['Material indemnity', '23', '80.53'], ['Confidential', '3.1', '72%'], ['Statutory clause', '69', '556,649']];
    const right = [['Material liability', 'Written', 'Contractual'], ['Binding breach', '76', '75'], ['Effective indemnity', '24', '46.2'], ['Material remedy', '40.47', '20.4']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // The left header: cells a word space apart on one line, "regulation" wrapped under "Applicable".
      const x1 = 62 + font.widthOfTextAtSize('Written amendment', 10) + 4;
      const x2 = x1 + font.widthOfTextAtSize('Liability', 10) + 4;
      drawTexts(c, [{ text: 'Written amendment', x: 62, y: 110, size: 10 }, { text: 'Liability', x: x1, y: 110, size: 10 }, { text: 'Applicable', x: x2, y: 110, size: 10 }, { text: 'regulation', x: x2, y: 122, size: 10 }]);
      left.slice(1).forEach((row, r) => drawTexts(c, row.map((text, k) => ({ text, x: [62, x1, x2][k]!, y: 140 + r * 16, size: 10 }))));
      right.forEach((row, r) => drawTexts(c, row.map((text, k) => ({ text, x: [320, 420, 470][k]!, y: 110 + r * 16, size: 10 }))));
      drawTexts(c, [{ text: 'Table 1. Prior termination and party', x: 56, y: 215, size: 10 }, { text: 'Table 2. Exclusive obligation', x: 314, y: 175, size: 10 }]);
    });
    const tables = blocks.filter((b) => b.type === 'table').sort((a, b) => a.bbox![0]! - b.bbox![0]!);
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(left), tableHtml(right)]);
  });
});

describe('two tables side by side, captioned under them, the left one\'s header not read', () => {
  it('leaves the left header to the text: the right table takes no row labels across the strip the captions part', async () => {
    const left = [['Termination', '25.1', '207,581'], ['Material indemnity', '23', '80.53'], ['Confidential', '3.1', '72%'], ['Statutory clause', '69', '556,649']];
    const right = [['Material liability', 'Written', 'Contractual'], ['Binding breach', '76', '75'], ['Effective indemnity', '24', '46.2'], ['Material remedy', '40.47', '20.4']];
    const blocks = await bornDigitalBlocks((c) => {
      // A header over the left table that lines up with none of its columns, on two lines.
      drawTexts(c, [{ text: 'Amendments and the liabilities', x: 80, y: 110, size: 10 }, { text: 'under regulation', x: 80, y: 122, size: 10 }]);
      left.forEach((row, r) => drawTexts(c, row.map((text, k) => ({ text, x: [62, 170, 215][k]!, y: 140 + r * 16, size: 10 }))));
      right.forEach((row, r) => drawTexts(c, row.map((text, k) => ({ text, x: [320, 420, 470][k]!, y: 110 + r * 16, size: 10 }))));
      drawTexts(c, [{ text: 'Table 1. Prior termination and party', x: 56, y: 215, size: 10 }, { text: 'Table 2. Exclusive obligation', x: 314, y: 175, size: 10 }]);
    });
    const tables = blocks.filter((b) => b.type === 'table').sort((a, b) => a.bbox![0]! - b.bbox![0]!);
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(left), tableHtml(right)]);
  });
});
