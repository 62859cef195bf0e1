// Narrow page columns of running text set on one baseline grid (a magazine's three CSS columns)
// are short enough per line to pass for cells and line up in rows: they are no table. A table of
// short wrapped cells beside them stays a table.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, drawTexts, justified } from './table-fixtures.js';

const WORDS = 'we report that the operating portfolio offset was reconciled according to the gross margin of the school while the annual budget line and the depreciation were reviewed by the board before the quarterly audit and the fiscal invoice was allocated over fifteen units'.split(' ');

/** Lines of about `chars` characters from the running text, starting at word `from`. */
function wrap(from: number, lines: number, chars: number): string[] {
  const out: string[] = [];
  let at = from;
  for (let i = 0; i < lines; i++) {
    let line = '';
    while (line.length + WORDS[at % WORDS.length]!.length < chars) line += (line ? ' ' : '') + WORDS[at++ % WORDS.length];
    out.push(i === 0 ? line[0]!.toUpperCase() + line.slice(1) : line);
  }
  return out;
}

describe('narrow columns of running text', () => {
  it('reads three justified columns on one baseline grid as text, not as a table', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      [56, 232, 408].forEach((x, col) => wrap(col * 17, 24, 26).forEach((line, i) => justified(c, font, line, x, x + 150, 90 + i * 13, 9)));
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
    expect(blocks.filter((b) => b.type === 'text').length).toBeGreaterThanOrEqual(3);
  });

  it('keeps a table whose every column wraps its cells as a table: its cells open together, row by row', async () => {
    const cells = [
      ['Cold message queue', 'Restarts after the warm pool drains', 'Owned by the platform team'],
      ['Tail parser', 'Retries the request on a timeout', 'Owned by the ingest team'],
      ['Median allocator', 'Splits the arena between workers', 'Owned by the runtime team'],
      ['Checkpoint writer', 'Flushes every minute under load', 'Owned by the storage team'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      let y = 120;
      for (const row of cells) {
        // Each cell wrapped to its 110 pt column, lines 12 pt apart; the next row starts under the tallest cell.
        const wrapped = row.map((text) => {
          const lines: string[] = [];
          for (const word of text.split(' ')) {
            const last = lines[lines.length - 1];
            if (last !== undefined && font.widthOfTextAtSize(`${last} ${word}`, 10) <= 110) lines[lines.length - 1] = `${last} ${word}`;
            else lines.push(word);
          }
          return lines;
        });
        wrapped.forEach((lines, k) => drawTexts(c, lines.map((text, i) => ({ text, x: 72 + k * 140, y: y + i * 12, size: 10 }))));
        y += 12 * Math.max(...wrapped.map((l) => l.length));
      }
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(1);
  });

  it('keeps a three-column table of short cells, some wrapped, as a table', async () => {
    const rows = [
      ['Segment', 'Region', 'Owner'],
      ['Retail', 'North', 'Inês Haddad'],
      ['Wholesale', 'South', 'Zofia Okafor'],
      ['Online', 'East', 'Anna Lindqvist'],
      ['Services', 'West', 'Carlos Ivanova'],
      ['Logistics', 'Central', 'Emeka Petrov'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      rows.forEach((row, r) => drawTexts(c, row.map((text, k) => ({ text, x: 72 + k * 150, y: 120 + r * 16, size: 10 }))));
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(1);
  });
});
