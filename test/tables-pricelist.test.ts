// Price lists and statements without rules: an item's label on the left (often longer than a
// cell), its amount flush right far away ("8 €", the currency after the amount), and section rows
// of a label alone between the items. And what must stay text: prose with a number beside it.
import { describe, expect, it } from 'vitest';
import type { PDFFont } from 'pdf-lib';
import { bornDigitalBlocks, flushRight, justified, tableHtml, type Canvas } from './table-fixtures.js';

const PITCH = 16;

/** Rows of a price list from y `top`: [label] is a section row, [label, amount] an item. Returns the bottom. */
function priceList(c: Canvas, font: PDFFont, top: number, rows: string[][], right = 540): number {
  rows.forEach((row, i) => {
    const y = top + i * PITCH;
    c.text(row[0]!, 72, y, 10);
    if (row[1]) flushRight(c, font, row[1], right, y, 10);
  });
  return top + rows.length * PITCH;
}

const WINES = [
  ['Les Blancs', '12,5 cl'],
  ['Côtes du Rhône'],
  ['Domaine de la Guicharde « Autour de la chapelle » 2016', '8 €'],
  ['Vacqueyras'],
  ['Domaine de Montvac « Melodine » 2016', '10 €'],
  ['Châteauneuf du Pape'],
  ['Domaine de Beaurenard 2017', '13 €'],
  ['Coteaux du Languedoc'],
  ['Villa Tempora « Un temps pour elle » 2014', '9 €'],
  ['Château Grand Boise « Sainte Victoire » 2017', '9 €'],
];

describe('price lists', () => {
  it('reads items longer than a cell with their amounts (currency after the amount), and section rows as rows of their own', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.text('Wines by the glass', 72, 60, 16);
      priceList(c, font, 100, WINES);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(WINES.map((r) => [r[0]!, r[1] ?? ''])));
  });

  it('keeps a section row under the longest item apart when the amounts stand far right (the item did not wrap)', async () => {
    const rows = [
      ['Starters', 'Price'],
      ['Soup of the day with bread from the bakery next door', '6.50'],
      ['Salads'],
      ['Green salad', '5.00'],
      ['Caesar salad', '7.50'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => priceList(c, font, 100, rows));
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows.map((r) => [r[0]!, r[1] ?? ''])));
  });

  it('parts the totals block set under the amounts from a price list of two columns', async () => {
    const rows = [
      ['Service', 'Fee'],
      ['Fiscal revenue for provision', '333 €'],
      ['The annual revenue and the liquidity exceeded according to the', '111 €'],
      ['Consolidated provision for liquidity', '338 €'],
      ['The annual operating cost fell by 451.8 pp compared with the', '160 €'],
    ];
    const totals = [
      ['Subtotal', '942.00'],
      ['VAT 21%', '197.82'],
      ['Total due', '1139.82'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const y = priceList(c, font, 100, rows);
      totals.forEach(([label, amount], i) => {
        c.text(label!, 430, y + 12 + i * PITCH, 10);
        flushRight(c, font, amount!, 540, y + 12 + i * PITCH, 10);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows), tableHtml(totals)]);
  });

  it('reads sections set apart by white space, each under its own head row, as one table', async () => {
    const reds = [
      ['Les Rouges', '12,5 cl'],
      ['Côtes du Rhône'],
      ['Domaine de Dionysos « La Cigalette »', '8 €'],
      ['Château Saint Estève d’Uchaux « Grande Réserve » 2014', '9 €'],
      ['Cornas'],
      ['Domaine Lionnet « Terre Brûlée » 2012', '15 €'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const y = priceList(c, font, 100, WINES);
      priceList(c, font, y + 40, reds);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([...WINES, ...reds].map((r) => [r[0]!, r[1] ?? ''])));
  });

  it('keeps two lists of the same columns apart when a line of text stands between them', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const y = priceList(c, font, 100, WINES);
      c.text('All prices include service and taxes; the list changes with the season.', 72, y + 10, 10);
      priceList(c, font, y + 36, WINES);
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(2);
  });

  it('leaves justified prose with a column of numbers beside it as text', async () => {
    const text = 'The modular fatigue life of the weld seam was redesigned after';
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      for (let i = 0; i < 6; i++) {
        justified(c, font, text, 72, 380, 100 + i * 13);
        flushRight(c, font, String(10 + i * 7), 540, 100 + i * 13, 10);
      }
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });
});
