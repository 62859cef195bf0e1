// The ninth table round (issue 12): an infobox's key–value table inside a drawn frame, and cells
// set closer than a cell gap whose column edge no shared left or right edge marks.
import { describe, expect, it } from 'vitest';
import type { PDFFont } from 'pdf-lib';
import { bornDigitalBlocks, drawTexts, flushRight, justified, tableHtml, type Canvas } from './table-fixtures.js';

/** An infobox: a frame (x 360–540, y 112–`bottom`), its title, and key–value rows 15 pt apart from y 141. */
function infobox(c: Canvas, rows: string[][], bottom = 186): void {
  c.line(360, 112, 540, 112, 0.75);
  c.line(360, bottom, 540, bottom, 0.75);
  c.line(360, 112, 360, bottom, 0.75);
  c.line(540, 112, 540, bottom, 0.75);
  drawTexts(c, [{ text: 'Peak weld seam', x: 400, y: 126, size: 12 }]);
  rows.forEach(([key, value], r) => drawTexts(c, [{ text: key!, x: 372, y: 141 + r * 15, size: 10 }, { text: value!, x: 440, y: 141 + r * 15, size: 10 }]));
}

/** Prose in the left page column (56–330), beside the infobox. */
function prose(c: Canvas, font: PDFFont): void {
  for (let i = 0; i < 14; i++) justified(c, font, 'The modular fatigue life of the weld seam was redesigned', 56, 330, 90 + i * 13);
}

/** A page of prose with an infobox of `rows` beside it. */
function besideProse(rows: string[][]) {
  return bornDigitalBlocks((c, _page, font) => {
    prose(c, font);
    infobox(c, rows);
  });
}

describe('an infobox\'s table inside its frame', () => {
  it('keeps the box\'s title out of the table: the frame confirms the table but does not bound it', async () => {
    const rows = [['Location', 'Brno'], ['Founded', '1924'], ['Contact', 'Emeka Petrov']];
    const blocks = await besideProse(rows);
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
    // The region keeps to the rows (the frame's top edge is at 112 pt, its title at 117–126).
    expect(tables[0]!.bbox![1]).toBeGreaterThan((128 / 792) * 1000);
    // The table is read in its frame, after the box's title (not after the prose beside the box).
    const title = blocks.findIndex((b) => b.type !== 'table' && /Peak weld seam/.test(b.text ?? ''));
    expect(title).toBeGreaterThanOrEqual(0);
    expect(blocks.indexOf(tables[0]!)).toBe(title + 1);
  });

  it('keeps keys whose values are words apart: rows a blank apart are no label stacked over a header', async () => {
    const rows = [['Contact', 'Aisha Martins'], ['Location', 'Aarhus'], ['Budget', '834,248']];
    const blocks = await besideProse(rows);
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});

describe('cells set closer than a cell gap where no shared edge marks the column', () => {
  it('cuts a header at the one wide word gap in the white between two columns\' cells', async () => {
    // Left-aligned labels (56), right-aligned values ending at 230, 310, 390. The first header is
    // wider than its labels and stands 0.6 em from the next, which ends with its values.
    const header = ['Deferred operating cost', 'Exposure ratio', 'Net margin', 'Net cost'];
    const rows = [
      ['Regional equity', '305.2 pp', '261,084', '32.15'],
      ['Net valuation', '45', '210.8 bn', '98.7 pp'],
      ['Cash flow', '404.3 %', '10%', '337.7 m'],
      ['Tax liability', '7.1', '44,120', '5%'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      for (let i = 0; i < 3; i++) justified(c, font, 'The consolidated accounts of the group were prepared by the board', 56, 390, 80 + i * 12);
      const first = font.widthOfTextAtSize(header[0]!, 10);
      const second = font.widthOfTextAtSize(header[1]!, 10);
      // "Exposure ratio" ends at 230 and starts 6 pt after "cost".
      expect(56 + first + 6 + second).toBeCloseTo(230, -1);
      drawTexts(c, [{ text: header[0]!, x: 56, y: 140, size: 10 }, { text: header[1]!, x: 230 - second, y: 140, size: 10 }]);
      flushRight(c, font, header[2]!, 310, 140, 10);
      flushRight(c, font, header[3]!, 390, 140, 10);
      rows.forEach((row, r) => {
        const y = 156 + r * 15;
        drawTexts(c, [{ text: row[0]!, x: 56, y, size: 10 }]);
        row.slice(1).forEach((v, k) => flushRight(c, font, v, 230 + k * 80, y, 10));
      });
      for (let i = 0; i < 3; i++) justified(c, font, 'The annual report was reviewed by the auditors of the group in', 56, 390, 250 + i * 12);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([header, ...rows]));
  });

  it('leaves a header centred over two columns whole, though its word gap falls in their white', async () => {
    const rows = [
      ['Regional equity', '305.2 pp', '261,084', '32.15'],
      ['Net valuation', '45', '210.8 bn', '98.7 pp'],
      ['Cash flow', '404.3 %', '10%', '337.7 m'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // "Net liquidity" centred over the columns ending at 230 and 310: its word gap lies between them.
      const w = font.widthOfTextAtSize('Net liquidity', 10);
      drawTexts(c, [{ text: 'Item', x: 56, y: 140, size: 10 }, { text: 'Net liquidity', x: 250 - w / 2, y: 140, size: 10 }]);
      flushRight(c, font, 'Tax', 390, 140, 10);
      rows.forEach((row, r) => {
        const y = 156 + r * 15;
        drawTexts(c, [{ text: row[0]!, x: 56, y, size: 10 }]);
        row.slice(1).forEach((v, k) => flushRight(c, font, v, 230 + k * 80, y, 10));
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toMatch(/<td colspan="2">Net liquidity<\/td>/);
  });

  it('leaves a line of prose over a table whole: its word gaps are alike', async () => {
    const rows = [
      ['Regional equity', '305.2 pp', '261,084'],
      ['Net valuation', '45', '210.8 bn'],
      ['Cash flow', '404.3 %', '10%'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // A line of text right above the rows, from the labels' start to the last column's end.
      justified(c, font, 'Net flows of the three units over the year', 56, 310, 140);
      rows.forEach((row, r) => {
        const y = 156 + r * 15;
        drawTexts(c, [{ text: row[0]!, x: 56, y, size: 10 }]);
        row.slice(1).forEach((v, k) => flushRight(c, font, v, 230 + k * 80, y, 10));
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});

describe('a two-column table of words and figures under a header of words', () => {
  it('counts its figures below the header: the header does not make it text', async () => {
    // Half of the values are figures with units ("121.2 bn" is no bare number): with the header's
    // two words counted, under a third of the cells would be numbers.
    const rows = [['Recurring provision', 'Forecast'], ['Operating liquidity', '121.2 bn'], ['Gross operating cost', '70%'], ['Regional portfolio', '93.38'], ['Net exposure', '4.1 m']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      for (let i = 0; i < 3; i++) justified(c, font, 'The consolidated accounts of the group were prepared by the', 56, 330, 80 + i * 12);
      rows.forEach((row, r) => {
        const y = 140 + r * 15;
        drawTexts(c, [{ text: row[0]!, x: 56, y, size: 10 }]);
        flushRight(c, font, row[1]!, 230, y, 10);
      });
      for (let i = 0; i < 3; i++) justified(c, font, 'The annual report was reviewed by the auditors of the group', 56, 330, 240 + i * 12);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});

describe('two tables side by side, each captioned flush with its box', () => {
  it('parts them though their captions start a cell padding left of their cells\' text', async () => {
    const left = [['Item', 'Cases', 'Rate'], ['Regional', '120', '2.0'], ['National', '127', '5.1'], ['Urban', '134', '8.2'], ['Rural', '141', '11.3'], ['Coastal', '148', '14.4'], ['Inland', '155', '17.5']];
    const right = [['Unit', 'Stock', 'Yield'], ['Alpha', '58.4', '20.1'], ['Beta', '19.4', '45%'], ['Gamma', '210.8', '76%'], ['Delta', '29', '734']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // Rows on shared baselines; each table's text 6 pt inside its box (its cells' padding), the text 30 pt apart.
      [left, right].forEach((rows, t) => {
        const x = t ? 292 : 62;
        rows.forEach((row, r) => {
          const y = 120 + r * 15;
          drawTexts(c, [{ text: row[0]!, x, y, size: 10 }]);
          flushRight(c, font, row[1]!, x + 130, y, 10);
          flushRight(c, font, row[2]!, x + 200, y, 10);
        });
      });
      // The shorter table's caption stands beside the taller one's last rows.
      drawTexts(c, [{ text: 'Table 1. Cases by region', x: 56, y: 236, size: 10 }, { text: 'Table 2. Stock by unit', x: 286, y: 200, size: 10 }]);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(left), tableHtml(right)]);
  });
});

describe('two tables side by side, each under its caption centred over it', () => {
  it('parts them though the caption blocks stand a few lines above the rows', async () => {
    const left = [['Item', 'Cases', 'Rate'], ['Regional', '120', '2.0'], ['National', '127', '5.1'], ['Urban', '134', '8.2'], ['Rural', '141', '11.3']];
    const right = [['Unit', 'Stock', 'Yield'], ['Alpha', '58.4', '20.1'], ['Beta', '19.4', '45%'], ['Gamma', '210.8', '76%'], ['Delta', '29', '734']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      [left, right].forEach((rows, t) => {
        const x = t ? 292 : 62;
        // IEEE's caption: "TABLE I" centred over the table, its title on two lines under it.
        drawTexts(c, [{ text: t ? 'TABLE II' : 'TABLE I', x: x + 80, y: 76, size: 10 }, { text: 'THE ANNUAL FIGURES OF THE OFFICES', x: x - 2, y: 88, size: 10 }, { text: 'SET OUT BY REGION', x: x + 50, y: 100, size: 10 }]);
        rows.forEach((row, r) => {
          const y = 130 + r * 15;
          drawTexts(c, [{ text: row[0]!, x, y, size: 10 }]);
          flushRight(c, font, row[1]!, x + 130, y, 10);
          flushRight(c, font, row[2]!, x + 200, y, 10);
        });
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(left), tableHtml(right)]);
  });
});

describe('fields set as label and value', () => {
  it('stay text: a first row of labels ending in a colon is no header', async () => {
    const fields = [['Status:', 'Draft'], ['Date:', '04.11.2024'], ['Revision:', '8.6'], ['Author:', 'Zofia Martins']];
    const blocks = await bornDigitalBlocks((c) => {
      fields.forEach(([k, v], r) => drawTexts(c, [{ text: k!, x: 62, y: 100 + r * 15, size: 13 }, { text: v!, x: 132, y: 100 + r * 15, size: 13 }]));
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });
});

describe('a header whose cell wraps onto a line wider than its first', () => {
  it('keeps the header: the wrapped line goes on under its cell, past the run\'s side', async () => {
    const rows = [['Adjusted district and outcome', '210.7 %'], ['Regional follow-up visit', '12%'], ['Adjusted outcome', '332.1 years'], ['Community-based admission', '3%'], ['Chronic follow-up visit', '488.5 cases']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      for (let i = 0; i < 3; i++) justified(c, font, 'The regional outcomes of the programme were reported by the', 56, 330, 80 + i * 12);
      // "Eligible" / "outcome": a left-aligned header over right-aligned values ending at 300.
      drawTexts(c, [{ text: 'Caregiver', x: 56, y: 130, size: 10 }, { text: 'Eligible', x: 252, y: 130, size: 10 }, { text: 'outcomes', x: 252, y: 142, size: 10 }]);
      rows.forEach((row, r) => {
        const y = 160 + r * 15;
        drawTexts(c, [{ text: row[0]!, x: 56, y, size: 10 }]);
        flushRight(c, font, row[1]!, 300, y, 10);
      });
      for (let i = 0; i < 3; i++) justified(c, font, 'The annual review of the programme was held in the spring', 56, 330, 260 + i * 12);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Caregiver', 'Eligible outcomes'], ...rows]));
  });
});

describe('the text under a table, starting at its left edge', () => {
  it('is no wrapped cell when it reaches well past the table\'s side', async () => {
    const rows = [['Region', 'Cases', 'Share'], ['Alpha', '58.4', '20.1'], ['Beta', '19.4', '45.0'], ['Gamma', '210.8', '76.2'], ['Delta', '29.0', '73.4']];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      rows.forEach((row, r) => {
        const y = 120 + r * 15;
        drawTexts(c, [{ text: row[0]!, x: 56, y, size: 10 }]);
        flushRight(c, font, row[1]!, 160, y, 10);
        flushRight(c, font, row[2]!, 220, y, 10);
      });
      // Set close under the last row, at the first column's edge, short enough for a cell, but
      // in larger type running far past the table's right side.
      drawTexts(c, [{ text: 'Totals were revised after the audit', x: 56, y: 191, size: 16 }]);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});
