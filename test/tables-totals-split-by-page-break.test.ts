// An invoice's totals block (Subtotal, VAT, Total due) parted by a page break: one row at page 1's
// foot and two opening page 2, or two and one. Two rows were never a table (a borderless table
// needs three), and a lone row at the next page's head never joined the table closing the page
// before: the totals came out as loose text. They are one table of three rows.
import { describe, expect, it } from 'vitest';
import { drawnPdf, flushRight, INVOICE_ITEMS as ITEMS, tableHtml } from './table-fixtures.js';
import { parseDocument } from '../src/engine/parse.js';

const TOTALS = [['Subtotal', '5599.68'], ['VAT 20%', '660.03'], ['Total due', '6630.18']];

async function tablesOf(onFirstPage: number, setLabels: 'flush right' | 'flush left') {
  const items = ITEMS.map((t, i) => [t, `${(i % 7) + 1}`, `${(i * 37) % 400 + 5}.00`, `${(i * 91) % 900 + 10}.50`]);
  type Draw = Parameters<typeof drawnPdf>[0][number];
  // The totals' labels in the unit price column, their amounts under the items' amounts.
  const totalsRow = (c: Parameters<Draw>[0], font: Parameters<Draw>[2], [label, amount]: string[], y: number) => {
    if (setLabels === 'flush right') flushRight(c, font, label!, 440, y, 10);
    else c.text(label!, 390, y, 10);
    flushRight(c, font, amount!, 520, y, 10);
  };
  const pdf = await drawnPdf([
    (c, _page, font) => {
      c.text('Invoice 2041', 72, 60, 16);
      [['Description', 72], ['Qty', 340], ['Unit price', 390], ['Amount', 475]].forEach(([t, x]) => c.text(t as string, x as number, 120, 10));
      items.forEach(([label, qty, price, amount], r) => {
        const y = 150 + r * 20;
        c.text(label!, 72, y, 10);
        flushRight(c, font, qty!, 360, y, 10);
        flushRight(c, font, price!, 440, y, 10);
        flushRight(c, font, amount!, 520, y, 10);
      });
      TOTALS.slice(0, onFirstPage).forEach((row, r) => totalsRow(c, font, row, 540 + r * 20));
      c.text('Harbour Partners · IBAN NL78 9880 4627 8962', 72, 760, 8);
    },
    (c, _page, font) => {
      TOTALS.slice(onFirstPage).forEach((row, r) => totalsRow(c, font, row, 60 + r * 20));
      c.text('Payment terms: the amount is due within thirty days of the date of this invoice, by bank', 72, 88, 10);
      c.text('transfer to the account named below, quoting the invoice number.', 72, 102, 10);
      c.text('Harbour Partners · IBAN NL78 9880 4627 8962', 72, 760, 8);
    },
  ]);
  const blocks = (await parseDocument(pdf, { maxPages: 5, ocr: async () => { throw new Error('no OCR expected'); } })).content_list;
  return { items: [['Description', 'Qty', 'Unit price', 'Amount'], ...items], tables: blocks.filter((b) => b.type === 'table') };
}

describe('an invoice\'s totals parted by a page break', () => {
  it('one row at the foot, two at the next page\'s head: one totals table of three rows', async () => {
    const { items, tables } = await tablesOf(1, 'flush right');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(items), tableHtml(TOTALS)]);
    expect(tables.map((t) => t.page_idx)).toEqual([0, 0]);
  });

  it('two rows at the foot, one at the next page\'s head: one totals table of three rows', async () => {
    const { items, tables } = await tablesOf(2, 'flush left');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(items), tableHtml(TOTALS)]);
    expect(tables.map((t) => t.page_idx)).toEqual([0, 0]);
  });

  it('takes no document-control lines ("Revision:  7.5", "Date:  2022-09-09") for two totals rows', async () => {
    const pdf = await drawnPdf([
      (c) => {
        c.text('Mean extraction in pellet results', 72, 70, 22);
        [['Revision:', '7.5'], ['Classification:', 'Public'], ['Date:', '2022-09-09']].forEach(([label, value], r) => {
          c.text(label!, 72, 100 + r * 14, 11);
          c.text(value!, 140, 100 + r * 14, 11);
        });
        c.text('1. Enzyme kinetics', 72, 160, 15);
        c.text('The residual incubation was measured after the control group had been kept overnight.', 72, 185, 11);
      },
    ]);
    const blocks = (await parseDocument(pdf, { maxPages: 5, ocr: async () => { throw new Error('no OCR expected'); } })).content_list;
    expect(blocks.filter((b) => b.type === 'table')).toEqual([]);
  });
});
