// A report's table of contents of chapters only: numbered titles run out to their page numbers
// without leader dots, under a "Contents" heading. It is text, not a table of three columns.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight } from './table-fixtures.js';

describe('a table of contents without leaders', () => {
  const chapters = ['Tax matters', 'Accounting policies', 'Revenue by segment', 'Outlook', 'Risk factors', 'Operating expenses', 'Subsequent events', 'Capital allocation'];

  /** The chapters, numbered, run out to their page numbers under `heading`. */
  const page = (heading: string) =>
    bornDigitalBlocks((c, _page, font) => {
      c.text(heading, 70, 120, 20);
      chapters.forEach((title, i) => {
        c.text(String(i + 1), 70, 170 + i * 20, 10);
        c.text(title, 90, 170 + i * 20, 10);
        flushRight(c, font, String(3 + i), 540, 170 + i * 20, 10);
      });
    });

  it('is no table under its heading', async () => {
    const blocks = await page('Contents');
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
    expect(blocks.map((b) => b.text ?? '').join(' ')).toContain('Revenue by segment');
  });

  it('is still a table of three columns under another heading', async () => {
    const blocks = await page('Schedule');
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(1);
  });
});
