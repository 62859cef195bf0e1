// Tables in page layouts nobody tuned for: two tables side by side in two page columns, a table
// beside a page column of short lines, and an invoice's totals set as "label   amount" lines.
import { describe, expect, it } from 'vitest';
import { parseDocument, type ParseResult } from '../src/engine/parse.js';
import type { ContentBlock } from '../src/engine/render/schema.js';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { drawnPdf, drawTable, drawTexts, justified, type Canvas, type TextSpec } from './table-fixtures.js';

const noOcr = async () => {
  throw new Error('no OCR expected for born-digital pages');
};

async function tablesOf(draw: (c: Canvas, page: PDFPage, font: PDFFont) => void): Promise<ContentBlock[]> {
  return (await parsed(draw)).content_list.filter((b) => b.type === 'table');
}

async function parsed(draw: (c: Canvas, page: PDFPage, font: PDFFont) => void): Promise<ParseResult> {
  return parseDocument(await drawnPdf([draw]), { maxPages: 5, ocr: noOcr });
}

const html = (rows: string[][]) => '<table>' + rows.map((r) => '<tr>' + r.map((c) => `<td>${c}</td>`).join('') + '</tr>').join('') + '</table>';

/** Short lines of a narrow page column: prose that wraps every few words. */
function column(x: number, top: number, count: number): TextSpec[] {
  const words = ['The frozen sample', 'and the buffer were', 'kept at 4 degrees', 'while the control', 'group was measured', 'twice a week by', 'the laboratory staff.'];
  return Array.from({ length: count }, (_, i) => ({ text: words[i % words.length]!, x, y: top + i * 13 }));
}

const LEFT = [
  ['Sample', 'Mass', 'Yield'],
  ['Alpha', '12.5', '30%'],
  ['Beta', '9.75', '41%'],
  ['Gamma', '15.0', '28%'],
];
const RIGHT = [
  ['Site', 'Cases', 'Rate'],
  ['North', '96.7', '80'],
  ['South', '31', '30%'],
  ['East', '37', '12%'],
  ['West', '54', '19%'],
];

describe('tables in page columns', () => {
  it('finds two borderless tables side by side in two page columns as two tables', async () => {
    const tables = await tablesOf((c) => {
      drawTexts(c, [...column(72, 80, 7), ...column(330, 80, 7)]);
      // The right table starts half a row lower: their rows share no baselines.
      drawTable(c, { x: 72, top: 190, colWidths: [80, 60, 60], rows: LEFT, rules: 'none' });
      drawTable(c, { x: 330, top: 196, colWidths: [80, 60, 60], rows: RIGHT, rules: 'none' });
      drawTexts(c, [...column(72, 330, 7), ...column(330, 330, 7)]);
    });
    expect(tables).toHaveLength(2);
    expect(tables.map((t) => t.table_body)).toEqual([
      html(LEFT),
      html(RIGHT),
    ]);
  });

  it('keeps the short lines of the page column beside a table out of it', async () => {
    const tables = await tablesOf((c) => {
      drawTexts(c, column(72, 100, 16));
      drawTable(c, { x: 330, top: 100, colWidths: [80, 60, 60], rows: RIGHT, rules: 'none' });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html(RIGHT));
    expect(tables[0]!.bbox![0]).toBeGreaterThan(500);
  });

  it('reads an invoice total block set as label and amount lines as a two-column table', async () => {
    const tables = await tablesOf((c) => {
      drawTexts(c, [
        { text: 'Subtotal', x: 400, y: 300 },
        { text: '1675.46', x: 500, y: 300 },
        { text: 'VAT 23%', x: 400, y: 316 },
        { text: '491.15', x: 505, y: 316 },
        { text: 'Total due', x: 400, y: 332 },
        { text: '2166.61', x: 500, y: 332 },
      ]);
    });
    expect(tables.map((t) => t.table_body)).toEqual([
      '<table><tr><td>Subtotal</td><td>1675.46</td></tr><tr><td>VAT 23%</td><td>491.15</td></tr><tr><td>Total due</td><td>2166.61</td></tr></table>',
    ]);
  });

  it('takes row labels set off their rows\' baselines (wrapped, at the foot of the row) as the first column', async () => {
    const labels = [['Unaudited operating', 'cost under margin'], ['Annual revenue'], ['Gross balance sheet', 'allocated by region'], ['Net liquidity']];
    const values = [['82.2 %', '45.4 %', '868,779'], ['120.0 k', '854,770', '93.9'], ['11', '177.7 USD', '146.0 k'], ['6.5', '12.1', '77%']];
    const tables = await tablesOf((c) => {
      drawTexts(c, [{ text: 'Income and costs by quarter, as reported to the board in the annual review.', x: 72, y: 100 }]);
      drawTexts(c, [{ text: 'Item', x: 72, y: 140 }, { text: '2023', x: 260, y: 140 }, { text: '2024', x: 340, y: 140 }, { text: '2025', x: 420, y: 140 }]);
      values.forEach((row, r) => {
        const y = 165 + r * 34;
        row.forEach((v, i) => drawTexts(c, [{ text: v, x: 260 + i * 80, y }]));
        labels[r]!.forEach((t, i) => drawTexts(c, [{ text: t, x: 72, y: y + 9 + i * 12 }]));
      });
      drawTexts(c, [{ text: 'The figures above are unaudited and may change when the accounts are closed.', x: 72, y: 330 }]);
    });
    expect(tables).toHaveLength(1);
    const rows = [['Item', '2023', '2024', '2025'], ...values.map((v, r) => [labels[r]!.join(' '), ...v])];
    expect(tables[0]!.table_body).toBe(html(rows));
  });

  it('ends an invoice\'s letterhead fields at the address block set off by a blank line: the items are a table of their own', async () => {
    const items = [
      ['Description', 'Qty', 'Price', 'Amount'],
      ['Eligible admission', '40', '217.55', '5484.92'],
      ['Confirmed prevalence', '30', '247.36', '3699.76'],
      ['Acute symptom', '31', '117.96', '5785.71'],
      ['Chronic screening', '11', '287.50', '6487.17'],
    ];
    const tables = await tablesOf((c) => {
      drawTexts(c, [
        { text: '63 Fernandez Street', x: 40, y: 70 },
        { text: 'Invoice number: 73615', x: 430, y: 70 },
        { text: '20753 Krakow', x: 40, y: 84 },
        { text: 'Date: 2024-09-28', x: 460, y: 84 },
        { text: 'VAT DE259465409', x: 40, y: 98 },
        { text: 'Due date: 08.02.2017', x: 448, y: 98 },
        { text: 'Bill to:', x: 40, y: 130 },
        { text: 'Margit Bianchi', x: 40, y: 144 },
        { text: 'Harbor Capital Partners', x: 40, y: 158 },
        { text: '79 Tanaka Road, Zurich', x: 40, y: 172 },
      ]);
      drawTable(c, { x: 36, top: 192, colWidths: [300, 60, 80, 80], rows: items, rules: 'none' });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html(items));
  });

  it('reads a table whose row labels run out with leader dots, and keeps a table of contents as text', async () => {
    const dots = ' . . . . . . . . . . . .';
    const rows = [['Recurring budget line', '125.2', '20.61'], ['Annual provision under equity', '58.8 %', '74.542'], ['Adjusted equity in portfolio', '2%', '70'], ['Fiscal dividend', '68%', '462.0 k']];
    const leaders = await tablesOf((c) => {
      drawTexts(c, [{ text: 'Item', x: 72, y: 100 }, { text: 'Invoice', x: 300, y: 100 }, { text: 'Forecast', x: 380, y: 100 }]);
      rows.forEach((r, i) => drawTexts(c, [{ text: r[0] + dots, x: 72, y: 120 + i * 16 }, { text: r[1]!, x: 300, y: 120 + i * 16 }, { text: r[2]!, x: 380, y: 120 + i * 16 }]));
    });
    expect(leaders).toHaveLength(1);
    expect(leaders[0]!.table_body).toContain('<td>58.8 %</td>');
    // The leader dots are layout: the label is the cell's text.
    expect(leaders[0]!.table_body).toContain('<td>Annual provision under equity</td>');
    const contents = await tablesOf((c) => {
      ['1.1 Contractual notice under clause', '1.2 Applicable warranty for tribunal', '2.1 Effective amendment under warranty', '2.2 Material confidential information', '3.1 Prior indemnity under liability'].forEach((t, i) =>
        drawTexts(c, [{ text: t + dots, x: 72, y: 120 + i * 16 }, { text: String(2 + i * 2), x: 500, y: 120 + i * 16 }]),
      );
    });
    expect(contents).toHaveLength(0);
  });

  it('keeps a numbered list whose markers stand apart from the items (a tab after the number) as text', async () => {
    const tables = await tablesOf((c) => {
      ['Recombinant cohort of incubation', 'Significant plasmid in culture', 'Frozen concentration in pellet', 'Residual antibody in assay'].forEach((t, i) =>
        drawTexts(c, [{ text: `${i + 2}.`, x: 72, y: 120 + i * 16 }, { text: t, x: 96, y: 120 + i * 16 }]),
      );
    });
    expect(tables).toHaveLength(0);
  });

  it('cuts a header row set closer than a word space at the gaps where its columns of right-aligned values part', async () => {
    // A table scaled down to the text width: its header cells touch, each ending where its
    // column's right-aligned values end.
    const header = ['Concentration', 'Frozen absorbance', 'Sterile chromatography', 'Mean assay'];
    const body = [['Alpha', '69%', '76', '27', '97'], ['Beta', '43%', '84', '76', '251,626'], ['Gamma', '1%', '35%', '392,647', '934,877']];
    const tables = await tablesOf((c, _page, font) => {
      const width = (t: string) => font.widthOfTextAtSize(t, 10);
      let x = 150;
      const rights: number[] = [];
      for (const h of header) {
        drawTexts(c, [{ text: h, x, y: 140 }]);
        rights.push(x + width(h));
        x += width(h) + 2.2;
      }
      body.forEach((row, r) => {
        drawTexts(c, [{ text: row[0]!, x: 72, y: 160 + r * 16 }]);
        row.slice(1).forEach((v, i) => drawTexts(c, [{ text: v, x: rights[i]! - width(v), y: 160 + r * 16 }]));
      });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html([['', ...header], ...body]));
  });

  it('cuts a key-value row whose longest key stands closer to its value than a cell gap', async () => {
    const rows = [['Location', 'Zurich'], ['Staff', '8853'], ['Budget', '164,785'], ['Founded', '1987']];
    const tables = await tablesOf((c, _page, font) => {
      const valueX = 400 + font.widthOfTextAtSize('Location', 10) + 3;
      rows.forEach(([k, v], r) => drawTexts(c, [{ text: k!, x: 400, y: 200 + r * 16 }, { text: v!, x: valueX, y: 200 + r * 16 }]));
    });
    expect(tables.map((t) => t.table_body)).toEqual([html(rows)]);
  });

  it('does not cut the line of prose above a table where a word happens to start at a column\'s edge', async () => {
    const rows = [['Staff', 'Ines Bianchi'], ['Budget', '164,785'], ['Founded', '1987'], ['Offices', '12']];
    const result = await parsed((c, _page, font) => {
      const prose = 'The samples were all kept';
      drawTexts(c, [{ text: prose, x: 360 - 2.78 - font.widthOfTextAtSize(prose, 10), y: 180 }, { text: 'cold', x: 360, y: 180 }]);
      rows.forEach(([k, v], r) => drawTexts(c, [{ text: k!, x: 300, y: 200 + r * 16 }, { text: v!, x: 360, y: 200 + r * 16 }]));
    });
    const tables = result.content_list.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([html(rows)]);
    expect(result.markdown).toContain('The samples were all kept cold');
  });

  it('keeps a table whole whose row labels wrap over three lines, leaving its value rows more than a row gap apart', async () => {
    const labels = [['The net cash flow exceeded', 'by the forecast of the', 'second quarter'], ['Operating margin'], ['The deferred revenue was', 'reconciled against the', 'budget line'], ['Gross tax liability']];
    const values = [['14', '86%', '863,969'], ['179,651', '64', '64.2'], ['86', '34', '399.6'], ['97', '9%', '76.41']];
    const tables = await tablesOf((c) => {
      drawTexts(c, [{ text: 'Revenue', x: 260, y: 120 }, { text: 'Share', x: 340, y: 120 }, { text: 'Invoice', x: 420, y: 120 }]);
      let y = 145;
      values.forEach((row, r) => {
        row.forEach((v, i) => drawTexts(c, [{ text: v, x: 260 + i * 80, y }]));
        labels[r]!.forEach((t, i) => drawTexts(c, [{ text: t, x: 72, y: y + 8 + i * 11 }]));
        y += 8 + labels[r]!.length * 11 + 12;
      });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html([['', 'Revenue', 'Share', 'Invoice'], ...values.map((v, r) => [labels[r]!.join(' '), ...v])]));
  });

  it('keeps a dashed list and the numbered heading under it as text, though the heading\'s title starts where the items do', async () => {
    const result = await parsed((c, _page, font) => {
      const x = 72 + font.widthOfTextAtSize('4.2', 10) + 3;
      ['Adjusted admission for admission changes', 'Eligible outcome of admission', 'Eligible district for symptom'].forEach((t, i) => drawTexts(c, [{ text: '–', x: 72, y: 120 + i * 20 }, { text: t, x, y: 120 + i * 20 }]));
      drawTexts(c, [{ text: '4.2', x: 72, y: 190 }, { text: 'Pediatric symptom', x, y: 190 }]);
    });
    expect(result.content_list.filter((b) => b.type === 'table')).toHaveLength(0);
    expect(result.markdown).toContain('4.2 Pediatric symptom');
  });

  it('keeps the other page column\'s lines out of a table in small print beside them, though their baselines nearly meet', async () => {
    const rows = [['Clause', 'Cases', 'Share', 'Days'], ['Indemnity', '37', '14%', '72.3'], ['Breach', '26', '61', '58%'], ['Notice', '22', '438.9', '68.12'], ['Remedy', '91', '3%', '36%']];
    const items = ['• Prior agreement under breach', '• Contractual notice in term', '• Exclusive confidential terms', '• Written amendment for term', '• Statutory tribunal of record'];
    const result = await parsed((c) => {
      rows.forEach((row, r) => row.forEach((t, i) => drawTexts(c, [{ text: t, x: 50 + i * 60, y: 200 + r * 14.5, size: 8 }])));
      // The right column's list, in body size, its baselines a point off the table's rows.
      items.forEach((t, i) => drawTexts(c, [{ text: t, x: 320, y: 201 + i * 14.5, size: 10 }]));
    });
    const tables = result.content_list.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([html(rows)]);
    for (const t of items) expect(result.markdown).toContain(t.slice(2));
  });
});

describe('borderless columns a padding apart', () => {
  it('parts a justified column of wrapped labels from the values set just after its edge', async () => {
    // A table scaled to fit: its first column's labels set justified to x1 and wrapped with
    // hyphens, the next column's values flush right, the widest starting 3 pt after x1.
    const rows = [
      ['Eligible screening of follow-', 'up visit', '29%', '13'],
      ['Adjusted survey in admis-', 'sion', '478.6 days', '67.13'],
      ['Community-based care of the', 'admission', '9%', '764,064'],
      ['Weekly district', '', '82', '83%'],
    ];
    const tables = await tablesOf((c, _page, font) => {
      const width = (t: string) => font.widthOfTextAtSize(t, 10);
      const x1 = 72 + Math.max(...rows.slice(0, 3).map((r) => width(r[0]!))) + 1;
      const end2 = x1 + 3 + width('478.6 days');
      rows.forEach(([first, second, v2, v3], r) => {
        const y = 200 + r * 30;
        if (r < 3) justified(c, font, first!, 72, x1, y);
        else drawTexts(c, [{ text: first!, x: 72, y }]);
        if (second) drawTexts(c, [{ text: second, x: 72, y: y + 12 }]);
        drawTexts(c, [{ text: v2!, x: end2 - width(v2!), y }, { text: v3!, x: end2 + 70 - width(v3!), y }]);
      });
    });
    expect(tables).toHaveLength(1);
    const body = tables[0]!.table_body ?? '';
    const cells = body.split('<tr>').slice(1).map((r) => r.split('<td').slice(1).map((c) => c.replace(/^[^>]*>/, '').replace(/<\/td>.*$/, '')));
    expect(cells.map((r) => r.length)).toEqual([3, 3, 3, 3]);
    expect(cells.map((r) => r[1])).toEqual(['29%', '478.6 days', '9%', '82']);
  });


  it('parts columns where one column\'s flush-right values end less than a word space from the next column\'s flush-left header', async () => {
    // Each column 70 pt wide with 2.25 pt of padding: a header set from its column's left edge,
    // values set flush right. Down the table, a column's values end 4.5 pt (0.45 em) before the
    // next column's header starts; within each row the cells stand far apart.
    const rows = [
      ['Pool', 'Mass', 'Yield', 'Rate'],
      ['Alpha', '472,891', '99.0 %', '531,480'],
      ['Beta', '40,696', '711,554', '454.9'],
      ['Gamma', '381,900', '58 %', '80.88'],
      ['Delta', '94 %', '250.6', '297,736'],
      ['Epsilon', '36 %', '61 %', '49,085'],
    ];
    const tables = await tablesOf((c, _page, font) => {
      rows.forEach((row, r) => {
        const y = 200 + r * 20;
        drawTexts(c, [{ text: row[0]!, x: 72, y }]);
        row.slice(1).forEach((text, i) => {
          const left = 140 + i * 70;
          const x = r === 0 ? left + 2.25 : left + 70 - 2.25 - font.widthOfTextAtSize(text, 10);
          drawTexts(c, [{ text, x, y }]);
        });
      });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html(rows));
  });

  it('keeps a footnote mark set half an em after its value in that value\'s cell, not in a column of its own', async () => {
    const rows = [
      ['Cost', 'Total', 'Excluded', 'Direct'],
      ['Salaries', '1,314,000', '', '940,750'],
      ['Bad debts', '10,000', '10,000 (1)', ''],
      ['Office rent', '170,000', '', '150,000'],
      ['Subcontracts', '175,000', '107,000 (2)', ''],
      ['Printing', '48,000', '', '37,000'],
      ['Postage', '82,000', '', '82,000'],
    ];
    const tables = await tablesOf((c, _page, font) => {
      const width = (t: string) => font.widthOfTextAtSize(t, 10);
      const ends = [200, 280, 360];
      rows.forEach((row, r) => {
        const y = 200 + r * 14;
        drawTexts(c, [{ text: row[0]!, x: 72, y }]);
        row.slice(1).forEach((text, i) => {
          const [value, mark] = r === 0 ? [text] : text.split(' ');
          if (!value) return;
          drawTexts(c, [{ text: value, x: ends[i]! - width(value), y }]);
          // The mark right of the column's values, 5 pt (half an em) after them.
          if (mark) drawTexts(c, [{ text: mark, x: ends[i]! + 5, y }]);
        });
      });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html(rows));
  });
});

describe('an invoice\'s totals under its items', () => {
  it('reads the totals block set under the items\' last columns as a table of its own, not as rows of the items', async () => {
    const items = [
      ['Description', 'Qty', 'Price', 'Amount'],
      ['Eligible admission', '40', '217.55', '5484.92'],
      ['Confirmed prevalence', '30', '247.36', '3699.76'],
      ['Acute symptom', '31', '117.96', '5785.71'],
      ['Chronic screening', '11', '287.50', '6487.17'],
    ];
    const totals = [
      ['Subtotal', '21457.56'],
      ['VAT 23%', '4935.24'],
      ['Total due', '26392.80'],
    ];
    const tables = await tablesOf((c, _page, font) => {
      const bottom = drawTable(c, { x: 36, top: 150, colWidths: [300, 60, 80, 80], rows: items, rules: 'none' });
      // Labels set flush right in the price column, amounts a little right of the items' amounts.
      totals.forEach(([label, amount], r) => {
        const y = bottom + 20 + r * 18;
        drawTexts(c, [{ text: label!, x: 36 + 300 + 60 + 80 - 4 - font.widthOfTextAtSize(label!, 10), y }, { text: amount!, x: 36 + 300 + 60 + 80 + 8, y }]);
      });
    });
    expect(tables.map((t) => t.table_body)).toEqual([html(items), html(totals)]);
  });
});

describe('a table scaled down to the text width', () => {
  it('cuts rows at the ends of its columns of numbers set flush right, where cells stand closer than a word space', async () => {
    const rows = [
      ['Rural patient', '4', '610,302', '19%', '217.7 %'],
      ['Acute caregiver', '37%', '9%', '354.3 years', '38'],
      ['Weekly outcome', '4', '164,545', '464,220', '75.34'],
      ['Weekly survey', '57%', '155,813', '71%', '759,291'],
      ['Acute outcome', '167.9 %', '63.2 %', '334.5 years', '149.8 %'],
      ['Acute symptom', '94,292', '374,151', '92.34', '174.5 per 1,000'],
    ];
    const tables = await tablesOf((c, _page, font) => {
      const width = (t: string) => font.widthOfTextAtSize(t, 10);
      // Each column ends 3.5 pt (0.35 em) left of where the next column's widest cell starts.
      const ends = [200];
      for (let col = 2; col < 5; col++) ends.push(ends[ends.length - 1]! + 3.5 + Math.max(...rows.map((r) => width(r[col]!))));
      rows.forEach((row, r) => {
        const y = 200 + r * 14;
        drawTexts(c, [{ text: row[0]!, x: 72, y }, ...row.slice(1).map((text, i) => ({ text, x: ends[i]! - width(text), y }))]);
      });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html(rows));
  });
});

describe('a book\'s table of contents', () => {
  it('keeps as text a contents whose chapters run out to their page numbers without leaders and whose sections have them', async () => {
    const dots = ' . . . . . . . . . . . . . . . . . . . .';
    const entries: [string, string, boolean][] = [
      ['1', 'Chemicals and reagents', false],
      ['2', 'Ethics statement', false],
      ['3', 'Instrumentation', false],
      ['3.1', 'Aqueous sequence under specimen', true],
      ['3.2', 'Purified concentration and incubation', true],
      ['4', 'Western blotting', false],
      ['4.1', 'Aqueous concentration for spectrum', true],
      ['4.2', 'Sterile chromatography in protocol', true],
      ['5', 'Enzyme kinetics', false],
      ['6', 'Limitations', false],
      ['6.1', 'Mean control group and substrate results', true],
    ];
    const pages = [3, 4, 5, 5, 5, 7, 7, 7, 10, 11, 11];
    const tables = await tablesOf((c) => {
      entries.forEach(([number, title, leaders], i) => {
        const y = 150 + i * 16;
        // Chapters: the number a cell gap from the title; sections indented, the title run out with dots.
        if (leaders) drawTexts(c, [{ text: `${number} ${title}${dots}`, x: 86, y }]);
        else drawTexts(c, [{ text: number, x: 72, y }, { text: title, x: 86, y }]);
        drawTexts(c, [{ text: String(pages[i]), x: 530, y }]);
      });
    });
    expect(tables).toHaveLength(0);
  });
});

describe('row labels run out with leader dots', () => {
  it('takes long labels led out to the table and set off its rows\' baselines as its first column, with a caption above and prose below', async () => {
    const dots = ' . . .';
    const labels = ['Cold replica', 'Persistent scheduler and checkpoint', 'The median request is evicted in Lyon between 2026 and', 'The persistent worker pool returns in Zurich between', 'The warm compiler pass was merged in Zurich'];
    const values = [['Latency', 'Persistent'], ['51', '459.3'], ['614,709', '568,540'], ['54%', '322.0'], ['36%', '22.4']];
    const tables = await tablesOf((c, _page, font) => {
      drawTexts(c, [{ text: 'TAIL LATENCY AND LATENCY', x: 250, y: 90 }]);
      labels.forEach((label, r) => {
        const y = 120 + r * 15;
        // The values' baseline; the label 7 pt lower, its dots ending short of the values.
        values[r]!.forEach((v, i) => drawTexts(c, [{ text: v, x: [440, 520][i]! - font.widthOfTextAtSize(v, 10), y }]));
        let text = label + dots;
        while (font.widthOfTextAtSize(text + ' .', 10) < 320) text += ' .';
        drawTexts(c, [{ text, x: 50, y: y + 7 }]);
      });
      drawTexts(c, [{ text: 'Partners. The warm latency times out in Krakow between August 4, 2023 and 23 August 2023.', x: 50, y: 215 }]);
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html(labels.map((l, r) => [l, ...values[r]!])));
  });
});

describe('two columns of values far apart, their row labels set off their baselines', () => {
  it('reads them as a table of three, its headers set flush right over the values', async () => {
    const labels = [['Recombinant control group'], ['Mean enzyme of absorbance'], ['Relative specimen'], ['Mean control group under se-', 'quence'], ['Relative pellet under cen-', 'trifugation']];
    const values = [['60%', '887,674'], ['59.8', '68.81'], ['823,348', '55'], ['2.2 mL', '3%'], ['14', '85.7']];
    const tables = await tablesOf((c, _page, font) => {
      const right = (text: string, end: number, y: number) => drawTexts(c, [{ text, x: end - font.widthOfTextAtSize(text, 10), y }]);
      // Headers flush right over their columns, three spaces (0.83 em) apart: one line of text.
      drawTexts(c, [{ text: 'Significant   Recombinant cohort', x: 348 - font.widthOfTextAtSize('Significant', 10), y: 110 }]);
      drawTexts(c, [{ text: 'Sterile protocol', x: 129, y: 118 }]);
      values.forEach((row, r) => {
        const y = 134 + r * 24;
        right(row[0]!, 348, y);
        right(row[1]!, 479, y);
        labels[r]!.forEach((t, i) => drawTexts(c, [{ text: t, x: 129, y: y + 7 + i * 11 }]));
      });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html([['Sterile protocol', 'Significant', 'Recombinant cohort'], ...values.map((v, r) => [labels[r]!.join(' ').replace('- ', ''), ...v])]));
  });
});

describe('row labels wrapped, their leaders on their last line', () => {
  it('takes the wrapped labels\' long first lines into the first column with their led-out last lines', async () => {
    const labels = [['Quarterly revenue'], ['At the same time, the net exposure rose after the', 'forecast'], ['Adjusted tax liability'], ['For this reason, the forecast was reconciled'], ['Consolidated operating cost']];
    const values = [['Cash flow', 'Annual operating cost'], ['916,293', '24'], ['252,323', '35.5'], ['42.13', '203.9 USD'], ['13', '55%']];
    const tables = await tablesOf((c, _page, font) => {
      const right = (text: string, end: number, y: number) => drawTexts(c, [{ text, x: end - font.widthOfTextAtSize(text, 9), y, size: 9 }]);
      // The header one line, its words a space apart, each column's values flush right under its header.
      const ends = [380 + font.widthOfTextAtSize('Cash flow', 9), 380 + font.widthOfTextAtSize('Cash flow Annual operating cost', 9)];
      drawTexts(c, [{ text: 'Cash flow Annual operating cost', x: 380, y: 120, size: 9 }]);
      let y = 120;
      labels.forEach((label, r) => {
        if (r > 0) values[r]!.forEach((v, i) => right(v, ends[i]!, y));
        label.forEach((t, i) => {
          let text = t;
          if (i === label.length - 1) while (font.widthOfTextAtSize(text + ' .', 9) < 230) text += ' .';
          drawTexts(c, [{ text, x: 135, y: y + 8 + i * 10, size: 9 }]);
        });
        y += 8 + label.length * 10 + 2;
      });
      drawTexts(c, [{ text: 'Table 2. Regional budget line in dividend changes', x: 200, y: y + 16 }]);
    });
    expect(tables).toHaveLength(1);
    // The labels are the first column (their rows' placement is the label rows' own matter).
    for (const r of [2, 3, 4]) expect(tables[0]!.table_body).toContain(`<tr><td>${labels[r]!.join(' ')}</td><td>${values[r]![0]}</td><td>${values[r]![1]}</td></tr>`);
    expect(tables[0]!.table_body).toContain('<td>At the same time, the net exposure rose after the');
  });
});

describe('an invoice item too long to be a cell', () => {
  it('lets a long description into its column, ending short of the quantities, instead of spanning it over them', async () => {
    const items = [
      ['Description', 'Qty', 'Unit price', 'Amount'],
      ['Mean supernatant of enzyme', '38', '727.23', '8346.95'],
      ['The recombinant pellet was resuspended in Aarhus between 2026 and', '3', '873.69', '3260.57'],
      ['Significant protocol in pellet', '13', '334.47', '2974.69'],
      ['Residual buffer for sample', '7', '102.50', '717.50'],
      ['The mean reagent was filtered by 11% compared with the protocol', '40', '496.75', '7674.40'],
    ];
    const tables = await tablesOf((c) => {
      drawTable(c, { x: 50, top: 200, colWidths: [390, 40, 60, 60], rows: items, rules: 'none' });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html(items));
  });
});

describe('a word processor\'s table: headers set from their columns\' left edges over values set flush right', () => {
  it('parts columns a cell padding apart: the values end 0.3 em before the next header, every row\'s cells far apart', async () => {
    const rows = [
      ['Confidential', 'Reasonable', 'Obligation', 'Remedy'],
      ['Exclusive obligation', '99.7 EUR', '70.43', '66'],
      ['Material termination', '17.9', '77', '506,205'],
      ['Applicable obligation', '93%', '58.6', '2'],
      ['Effective party', '82.5 days', '104.7 days', '810,924'],
      ['Statutory liability', '73%', '4', '0.51'],
    ];
    const tables = await tablesOf((c, _page, font) => {
      const width = (t: string) => font.widthOfTextAtSize(t, 10);
      // Columns 100 pt wide from 66; headers 2 pt inside their left edges, values 1 pt inside
      // their right edges: 3 pt (0.3 em) between a column's values and the next header.
      rows.forEach((row, r) => {
        const y = 200 + r * 15;
        drawTexts(c, [{ text: row[0]!, x: 66, y }]);
        row.slice(1).forEach((text, i) => {
          const left = 166 + i * 100;
          drawTexts(c, [{ text, x: r === 0 ? left + 2 : left + 100 - 1 - width(text), y }]);
        });
      });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html(rows));
  });

  it('parts the columns where the values end 0.38 em before the next header starts, measured from the text, not in whole points', async () => {
    const rows = [
      ['Clause', 'Effective', 'Contractual obligation'],
      ['Prior amendment', '71%', '90'],
      ['Prior notice under notice', '56%', '977,643'],
      ['Material breach', '77%', '5.50'],
      ['Material party', '23%', '90.3 months'],
      ['Reasonable jurisdiction', '17', '1%'],
    ];
    const tables = await tablesOf((c, _page, font) => {
      const width = (t: string) => font.widthOfTextAtSize(t, 10);
      // Columns start at 61, 220, 378.6; the values' ink ends at 375.3, 3.8 pt before the next
      // header's ink starts at 379.05: three whole points of white between them.
      rows.forEach((row, r) => {
        const y = 200 + r * 15;
        drawTexts(c, [{ text: row[0]!, x: 61, y }]);
        if (r === 0) drawTexts(c, [{ text: row[1]!, x: 220, y }, { text: row[2]!, x: 378.6, y }]);
        else drawTexts(c, [{ text: row[1]!, x: 375.6 - width(row[1]!), y }, { text: row[2]!, x: 535.6 - width(row[2]!), y }]);
      });
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(html(rows));
  });
});
