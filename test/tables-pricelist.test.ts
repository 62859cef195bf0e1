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

  it('still reads a last column\'s cell wrapped onto a line starting in capitals as one cell (no next column to leave room before)', async () => {
    const rows = [
      ['Part', 'Qty', 'Notes'],
      ['Pump', '2', 'Seal replaced by the\nOperations team'],
      ['Valve', '14', 'Spare'],
      ['Gasket', '120', 'Ordered from\nNorth Supply'],
      ['Filter', '6', 'Due'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      let y = 100;
      for (const row of rows) {
        row.forEach((cell, col) => cell.split('\n').forEach((t, i) => c.text(t, [72, 200, 300][col]!, y + i * 12, 10)));
        y += 12 * Math.max(...row.map((cell) => cell.split('\n').length)) + 8;
      }
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows.map((r) => r.map((cell) => cell.replace('\n', ' ')))));
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

describe('rows of values in narrow columns', () => {
  it('cuts a row of values set a little over an em apart (no word spaces to tell its cell gaps by) at every gap', async () => {
    const body = [
      ['Assam', '12.69', '-', '2.41', '0.26', '0.08'],
      ['Bihar', '40.75', '-', '-', '-1.42', '0.19'],
      ['Goa', '1.4', '-', '-', '0.38', '0.31'],
      ['Gujarat', '19.75', '-', '-', '2.64', '1.17'],
      ['Haryana', '11.53', '-', '0.06', '1.8', '0.55'],
    ];
    // Right edges of the value columns 28 pt apart: the widest values ("12.69", 8 pt) leave about 1.3 em between columns.
    const rights = [200, 228, 256, 284, 312];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      body.forEach((row, r) => {
        const y = 100 + r * 14;
        c.text(row[0]!, 72, y, 8);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, rights[i]!, y, 8));
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(body));
  });
});

describe('invoices with long item descriptions', () => {
  it('keeps the descriptions (one wrapped onto a second line) with their amounts though the totals row under the amounts fills their narrow column', async () => {
    const items = [
      ['Fig. 3 shows how the unaudited exposure remained flat over 38 bn', '13', '188.11'],
      ['We compared the deferred margin and the consolidated balance sheet', '22', '199.65'],
      ['Gross cash flow for budget line', '23', '273.03'],
      ['Adjusted dividend and balance sheet', '24', '737.93'],
      ['Adjusted provision', '35', '100.00'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.text('Description', 72, 100, 9);
      flushRight(c, font, 'Qty', 440, 100, 9);
      flushRight(c, font, 'Amount', 520, 100, 9);
      let y = 118;
      items.forEach((row, i) => {
        c.text(row[0]!, 72, y, 9);
        flushRight(c, font, row[1]!, 440, y, 9);
        flushRight(c, font, row[2]!, 520, y, 9);
        // The second item's description wraps: its next line under it.
        if (i === 1) {
          y += 11;
          c.text('and the valuation reviewed by the board', 72, y, 9);
        }
        y += 16;
      });
      c.text('Subtotal', 452, y + 10, 9);
      flushRight(c, font, '1498.72', 520, y + 10, 9);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables[0]!.table_body).toContain('<td>Adjusted provision</td><td>35</td><td>100.00</td>');
    expect(tables[0]!.table_body).toContain('<td>Description</td><td>Qty</td><td>Amount</td>');
  });
});
