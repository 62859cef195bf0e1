// Captions attached to their floats on layouts the tuned families seldom set (issue 12): narrow
// page columns of justified prose (a magazine's three) read as text, not as one borderless
// table that swallows the figures' captions.
import type { PDFFont } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, justified, type Canvas } from './table-fixtures.js';

const WORDS = 'We report that the operating portfolio offset (11,459), while the gross invoice contributed to the annual budget line and the depreciation was reconciled according to the gross margin of the School of Computing in Leuven between 2025 and 2026 while the regional cash flow was recognized'.split(' ');

/** A column of `count` lines over [x0, x1], filled word by word as a typesetter does: justified (the last line flush left), or `ragged` right. */
function proseColumn(c: Canvas, font: PDFFont, x0: number, x1: number, top: number, count: number, from: number, size = 12, ragged = false): void {
  let at = from;
  for (let i = 0; i < count; i++) {
    const words: string[] = [];
    while (font.widthOfTextAtSize([...words, WORDS[at % WORDS.length]].join(' '), size) <= x1 - x0) words.push(WORDS[at++ % WORDS.length]!);
    if (ragged || i === count - 1) c.text(words.join(' '), x0, top + i * 15, size);
    else justified(c, font, words.join(' '), x0, x1, top + i * 15, size);
  }
}

describe('narrow columns of justified prose', () => {
  it('reads three narrow justified page columns as text, not as a table, and keeps a figure\'s caption in them', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      proseColumn(c, font, 56, 181, 80, 24, 0);
      proseColumn(c, font, 214, 339, 80, 24, 7);
      proseColumn(c, font, 372, 497, 80, 24, 13);
      // A figure (a drawn box) and its caption under the prose of the first column.
      c.line(60, 460, 190, 460, 1);
      c.line(60, 540, 190, 540, 1);
      c.line(60, 460, 60, 540, 1);
      c.line(190, 460, 190, 540, 1);
      c.text('Figure 1: Gross portfolio.', 56, 556, 8);
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
    expect(blocks.some((b) => b.image_caption?.join(' ') === 'Figure 1: Gross portfolio.' || (b as { chart_caption?: string[] }).chart_caption?.join(' ') === 'Figure 1: Gross portfolio.')).toBe(true);
  });

  it('reads three narrow page columns of prose set ragged right as text: their lines run on in lower case, as a table\'s cells seldom do', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      for (const [x0, from] of [[56, 0], [214, 9], [372, 17]] as const) proseColumn(c, font, x0, x0 + 95, 80, 24, from, 12, true);
      c.text('Figure 2: Net valuation.', 56, 460, 8);
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });
});
