// An invoice's items table filling page 1 and its totals block opening page 2, set under the
// amounts column alone. The totals lined up with the items' columns (each part's columns measured
// across its own width) and were joined to the items table as its rows continued over the page
// break; they are a table of their own.
import { describe, expect, it } from 'vitest';
import { drawnPdf, flushRight, INVOICE_ITEMS as ITEMS, tableHtml } from './table-fixtures.js';
import { parseDocument } from '../src/engine/parse.js';


describe('totals opening the next page', () => {
  it('are a table of their own, not rows of the items table continued', async () => {
    const items = ITEMS.map((t, i) => [t, `€ ${(i * 37) % 400 + 5}`]);
    const pdf = await drawnPdf([
      (c, _page, font) => {
        c.text('Invoice 2041', 72, 60, 16);
        c.text('Position', 72, 120, 10);
        flushRight(c, font, 'Cost', 400, 120, 10);
        items.forEach(([label, cost], r) => {
          c.text(label!, 72, 150 + r * 20, 10);
          flushRight(c, font, cost!, 400, 150 + r * 20, 10);
        });
        c.text('Harbour Partners · IBAN NL78 9880 4627 8962', 72, 760, 8);
      },
      (c, _page, font) => {
        for (const [r, [label, amount]] of [['Subtotal', '5599.68'], ['VAT 20%', '660.03'], ['Total due', '6630.18']].entries()) {
          flushRight(c, font, label!, 350, 70 + r * 20, 10);
          flushRight(c, font, amount!, 400, 70 + r * 20, 10);
        }
        c.text('Payment terms: the amount is due within thirty days of the date of this invoice, by bank', 72, 150, 10);
        c.text('transfer to the account named below, quoting the invoice number.', 72, 164, 10);
        c.text('Harbour Partners · IBAN NL78 9880 4627 8962', 72, 760, 8);
      },
    ]);
    const blocks = (await parseDocument(pdf, { maxPages: 5, ocr: async () => { throw new Error('no OCR expected'); } })).content_list;
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([
      tableHtml([['Position', 'Cost'], ...items]),
      tableHtml([['Subtotal', '5599.68'], ['VAT 20%', '660.03'], ['Total due', '6630.18']]),
    ]);
    expect(tables.map((t) => t.page_idx)).toEqual([0, 1]);
  });
});
