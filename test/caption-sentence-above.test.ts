// A paragraph that opens by naming a table in a sentence ("Table 5 lists how…"), set right above
// a table, is the text's, not the table's caption; the table's own caption under it is.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, drawTable, justified, type Canvas } from './table-fixtures.js';
import type { PDFFont } from 'pdf-lib';

const PARAGRAPH = [
  'Table 5 lists how the exclusive remedy was amended over',
  'the period. However, the notice may terminate for ten',
  'months, which is below the effective jurisdiction. The',
  'material licensee is entitled to it in most of the cases.',
];
const CAPTION = 'Table 2: Effective obligation under regulation results';

function draw(c: Canvas, font: PDFFont, caption: boolean): void {
  PARAGRAPH.forEach((t, i) => (i < PARAGRAPH.length - 1 ? justified(c, font, t, 72, 330, 100 + i * 13, 10) : c.text(t, 72, 100 + i * 13, 10)));
  const bottom = drawTable(c, {
    x: 72,
    top: 100 + PARAGRAPH.length * 13 + 8,
    colWidths: [110, 60, 90],
    rows: [
      ['Indemnity', 'Breach', 'Amendment'],
      ['Written amendment', '432,685', '6'],
      ['Exclusive clause', '87%', '351,409'],
      ['Applicable amendment', '596,026', '461.0 days'],
    ],
    rules: 'lines',
    size: 9,
  });
  if (caption) c.text(CAPTION, 72, bottom + 20, 10);
  // More of the page's text under it.
  for (let i = 0; i < 6; i++) justified(c, font, 'However, the breach applies to most of the parties, which is below', 72, 330, bottom + 50 + i * 13, 10);
}

describe('a sentence naming a table right above it', () => {
  it('is text; the caption under the table is its caption', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => draw(c, font, true));
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_caption).toEqual([CAPTION]);
    expect(blocks.some((b) => b.type === 'text' && b.text?.startsWith('Table 5 lists how'))).toBe(true);
  });

  it('is text when the table has no caption at all', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => draw(c, font, false));
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_caption ?? []).toEqual([]);
    expect(blocks.some((b) => b.type === 'text' && b.text?.startsWith('Table 5 lists how'))).toBe(true);
  });
});
