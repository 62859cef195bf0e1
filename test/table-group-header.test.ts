// A header of two rows without rules between them: group headings ("Forecast", "Annual
// provision") over the years they span, the stub's label on the first row. Rows of the body set
// far apart (padded cells) make the row pitch large enough to reach from the years up to the
// group headings; a heading over two of the lines under it still makes them a row of their own.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight } from './table-fixtures.js';

describe('group headings over a row of years', () => {
  it('keeps the years a header row of their own', async () => {
    const body = [
      ['Regional forecast', '620', '352', '373.3', '52'],
      ['Annual invoice', '58%', '72%', '67', '50.71'],
      ['Deferred revenue', '41', '98', '12.5', '77'],
      ['Gross margin', '19%', '23%', '88', '6.02'],
    ];
    const ends = [280, 340, 420, 480];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.line(78, 88, 490, 88, 0.8);
      c.text('Deferred audit', 80, 100, 9);
      c.text('Forecast period', 262, 100, 9);
      c.text('Annual provision', 402, 100, 9);
      ['2018', '2023', '2022', '2019'].forEach((y, i) => flushRight(c, font, y, ends[i]!, 112));
      body.forEach((row, r) => {
        const y = 134 + r * 20;
        c.text(row[0]!, 80, y, 9);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i]!, y));
      });
      c.line(78, 134 + 3 * 20 + 8, 490, 134 + 3 * 20 + 8, 0.8);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body ?? '';
    // The years are a row of their own under the group headings, the stub's label over both.
    expect(html).toContain('<tr><td rowspan="2">Deferred audit</td><td colspan="2">Forecast period</td><td colspan="2">Annual provision</td></tr><tr><td>2018</td><td>2023</td><td>2022</td><td>2019</td></tr>');
    expect(html).toContain('<td>Annual invoice</td><td>58%</td><td>72%</td><td>67</td><td>50.71</td>');
  });
});
