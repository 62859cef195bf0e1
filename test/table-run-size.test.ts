// A table in small print under larger text set in rows (a title page's author block: names side
// by side, their affiliations under them) two ems above it: the table's rows share a type size,
// and its header is not left behind in the author block's run.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight } from './table-fixtures.js';

describe('small-print rows under a block of larger text in rows', () => {
  it('start the table of their own, header and first row included', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // An author block: three names and their affiliations, 11 and 10 points.
      [['Chloe Haddad', 120], ['Kwame Nowak', 280], ['Mateusz Oster', 430]].forEach(([name, x]) => c.text(name as string, x as number, 120, 11));
      [['Biochemistry, Lyon', 110], ['Physique, Aarhus', 270], ['Helix Software AS', 420]].forEach(([name, x]) => c.text(name as string, x as number, 134, 10));
      // 7-point rows from 16 points under it.
      const ends = [445, 495, 575];
      const rows = [
        ['Statutory termination', 'Applicable', 'Prior', 'Statutory amendment'],
        ['Reasonable breach', '189.5 months', '99', '275.8 months'],
        ['Statutory amendment', '62', '30', '9.75'],
        ['Effective clause', '71%', '90', '33%'],
        ['Applicable remedy', '87', '48', '50'],
      ];
      rows.forEach((row, r) => {
        const y = 152 + r * 10;
        c.text(row[0]!, 320, y, 7);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i]!, y, 7));
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toContain('<tr><td>Statutory termination</td><td>Applicable</td><td>Prior</td><td>Statutory amendment</td></tr><tr><td>Reasonable breach</td><td>189.5 months</td><td>99</td><td>275.8 months</td></tr>');
    expect(tables[0]!.table_body).not.toContain('Nowak');
  });
});
