// A few lines of a justified paragraph in a narrow column, each of three words or so spread to
// both edges: their wide word spaces parted them into pieces that lined up as three columns, and
// the lines were read as a table in the middle of the paragraph.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks } from './table-fixtures.js';

const PARAGRAPH = [
  'We report that the regional',
  'follow-up visit was referred',
  '(209.0 %), while the',
  'confirmed district was',
  'associated with. We',
  'compared (a) the acute clinic,',
  '(b) the community-based',
  'intervention and (c) the',
  'outcome reviewed by the board.',
];

describe('a justified paragraph in a narrow column', () => {
  it('reads lines of few words spread to both edges as text, not as a table', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      PARAGRAPH.forEach((t, i) => {
        const y = 420 + i * 17.6;
        // Justified to both edges, the last line set ragged.
        if (i === PARAGRAPH.length - 1) c.text(t, 398, y, 12);
        else {
          // (A browser sets "%), while the" as one piece, its spaces narrower than the line's first.)
          const words = t.startsWith('(209.0') ? ['(209.0', '%), while the'] : t.split(' ');
          const widths = words.map((w) => font.widthOfTextAtSize(w, 12));
          const space = (555 - 398 - widths.reduce((a, b) => a + b, 0)) / (words.length - 1);
          let x = 398;
          words.forEach((w, k) => {
            c.text(w, x, y, 12);
            x += widths[k]! + space;
          });
        }
      });
    });
    expect(blocks.filter((b) => b.type === 'table')).toEqual([]);
    const text = blocks.map((b) => b.text ?? '').join(' ');
    expect(text).toContain('confirmed district was associated with. We compared');
  });
});
