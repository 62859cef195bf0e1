// An invoice's items table going on over a page break, its last row on the first page a
// description wrapped onto a line that opens with a figure ("…and April 28," / "2016"). That line
// was left out of the table as text, so the table no longer closed its page and its second part
// on the next page stood alone. A cell's line after a comma goes on, whatever it opens with.
import { describe, expect, it } from 'vitest';
import { drawnPdf, flushRight, tableHtml } from './table-fixtures.js';
import { parseDocument } from '../src/engine/parse.js';

const HEADER = ['Description', 'Qty', 'Price', 'Amount'];

describe('a table whose last cell on a page wraps onto a figure', () => {
  it('closes its page and goes on in the next page\'s table', async () => {
    const first = Array.from({ length: 26 }, (_, i) => [`Mean spectrum and reagent ${i + 1}`, String(i + 2), `${100 + i}.50`, `${2000 + i * 37}.10`]);
    const last = ['The relative assay was measured between December 4, 2019 and April 28,', '33', '352.42', '7795.77'];
    const second = [['Triplicate pellet in spectrum', '8', '403.24', '8110.42'], ['Sterile control group', '31', '872.89', '5736.03'], ['Baseline spectrum and reagent', '5', '181.14', '5745.44']];
    const row = (c: Parameters<Parameters<typeof drawnPdf>[0][number]>[0], font: Parameters<Parameters<typeof drawnPdf>[0][number]>[2], cells: string[], y: number) => {
      c.text(cells[0]!, 56, y, 10);
      flushRight(c, font, cells[1]!, 449, y, 10);
      flushRight(c, font, cells[2]!, 495, y, 10);
      flushRight(c, font, cells[3]!, 553, y, 10);
    };
    const pdf = await drawnPdf([
      (c, _page, font) => {
        c.text('Invoice 2041', 56, 50, 16);
        row(c, font, HEADER, 90);
        first.forEach((cells, i) => row(c, font, cells, 115 + i * 22));
        row(c, font, last, 687);
        c.text('2016', 56, 701, 10);
        c.text('Department of Biochemistry · IBAN FR39 4690 1266 7533', 51, 765, 8);
      },
      (c, _page, font) => {
        row(c, font, HEADER, 60);
        second.forEach((cells, i) => row(c, font, cells, 85 + i * 22));
        c.text('Payment terms: the amount is due within thirty days of the date of this invoice.', 51, 190, 10);
        c.text('Department of Biochemistry · IBAN FR39 4690 1266 7533', 51, 765, 8);
      },
    ]);
    const blocks = (await parseDocument(pdf, { maxPages: 5, ocr: async () => { throw new Error('no OCR expected'); } })).content_list;
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml([HEADER, ...first, [`${last[0]} 2016`, ...last.slice(1)], ...second])]);
  });
});
