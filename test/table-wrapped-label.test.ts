// Rows whose label wraps with its other cells going on beside the label's next line (a term and
// a description of two sentences, the second opening in capitals), and a ruled grid whose body rows
// are parted by rules only across, with values set close in narrow columns ("-   -   42"), and a label
// spanning two rows of values.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, drawTable, tableHtml, type Canvas } from './table-fixtures.js';

describe('a row label wrapping beside a cell of two sentences', () => {
  it('keeps the row whole in a ruled grid', async () => {
    const rows = [
      ['Item', 'Description'],
      ['Tuition', 'The cost of a course varies from school to school.'],
      ['Room and board', 'The cost of lodging and food varies by school.'],
      ['Travel and\nmiscellaneous expenses', 'You will need to travel during school breaks.\nOther expenses can include clothing.'],
      ['Fees', 'Fees depend on the school you attend.'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      drawTable(c, { x: 72, top: 100, colWidths: [130, 260], rows, rules: 'lines', size: 9 });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows.map((r) => r.map((t) => t.replace('\n', ' ')))));
  });

  it('keeps the row whole in a borderless table when the label\'s next word did not fit', async () => {
    const rows: [string[], string[]][] = [
      [['Administrative costs'], ['Salaries and rent of the central office.']],
      [['Travel and', 'entertainment'], ['Staff travel to the regional sites.', 'Meals with partners are included.']],
      [['Equipment'], ['Computers, printers and furniture.']],
      [['Training'], ['Courses taken by the staff during the year.']],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      // Booktabs: rules over and under the header and under the last row.
      c.line(68, 90, 400, 90, 0.8);
      c.text('Expense', 72, 100, 9);
      c.text('What it covers', 172, 100, 9);
      c.line(68, 104, 400, 104, 0.5);
      let y = 116;
      for (const [label, text] of rows) {
        label.forEach((t, i) => c.text(t, 72, y + i * 11, 9));
        text.forEach((t, i) => c.text(t, 172, y + i * 11, 9));
        y += Math.max(label.length, text.length) * 11 + 5;
      }
      c.line(68, y - 8, 400, y - 8, 0.8);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Expense', 'What it covers'], ...rows.map(([l, t]) => [l.join(' '), t.join(' ')])]));
  });
});

describe('a ruled grid whose body rows are parted by rules only across', () => {
  it('cuts a row of values set close into its cells', async () => {
    const body = [
      ['Estonia', 'Single', '25g', '-', '-', '42', '0'],
      ['Germany', 'Single', '25g', '35', '0', '43', '0'],
      ['Hungary', 'Single', '25g', '-', '-', '202', '2.5'],
      ['Italy', 'Single', '25g', '334', '2.4', '241', '0.4'],
    ];
    const xs = [72, 140, 190, 230, 258, 286, 314, 342];
    const blocks = await bornDigitalBlocks((c) => {
      // The header: a full grid; the years span their two columns.
      c.line(xs[0]!, 100, xs[7]!, 100, 0.5);
      c.line(xs[3]!, 112, xs[7]!, 112, 0.5);
      c.line(xs[0]!, 124, xs[7]!, 124, 0.5);
      for (const x of xs) c.line(x, 100, x, 124, 0.5);
      c.line(xs[4]!, 112, xs[4]!, 124, 0.5);
      c.line(xs[6]!, 112, xs[6]!, 124, 0.5);
      ['Country', 'Unit', 'Size'].forEach((t, i) => c.text(t, xs[i]! + 3, 115, 7));
      c.text('2007', xs[3]! + 18, 109, 7);
      c.text('2006', xs[5]! + 18, 109, 7);
      ['N', '% Pos', 'N', '% Pos'].forEach((t, i) => c.text(t, xs[3 + i]! + 3, 121, 7));
      // The body: a rule under each row, no rules between the columns but the frame's; values set flush right.
      c.line(xs[0]!, 124, xs[0]!, 124 + body.length * 13, 0.5);
      c.line(xs[7]!, 124, xs[7]!, 124 + body.length * 13, 0.5);
      body.forEach((row, r) => {
        const base = 133 + r * 13;
        row.forEach((t, i) => (i < 3 ? c.text(t, xs[i]! + 3, base, 7) : c.text(t, xs[i + 1]! - 3 - t.length * 3.9, base, 7)));
        c.line(xs[0]!, base + 4, xs[7]!, base + 4, 0.3);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body!;
    for (const row of body) expect(html).toContain(`<tr>${row.map((t) => `<td>${t}</td>`).join('')}</tr>`);
  });
});

describe('group headings in a ruled grid\'s header band', () => {
  it('gives the groups\' headings and their columns\' headings rows of their own', async () => {
    // Rules frame each group (two columns, no rule between them); the header is one band between two rules,
    // each group's heading over its two columns' headings.
    const groups = [72, 140, 250, 360];
    const body = [
      ['1-2', '2,586,688', '2,568,738', '647,701', '639,327'],
      ['3-5', '3,867,692', '3,576,723', '935,862', '938,510'],
      ['6-11', '7,808,033', '7,401,349', '1,770,525', '1,732,954'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      const bottom = 130 + body.length * 12;
      for (const y of [100, 124, bottom]) c.line(groups[0]!, y, groups[3]!, y, 0.5);
      for (const x of groups) c.line(x, 100, x, bottom, 0.5);
      c.text('Age (years)', 76, 110, 8);
      c.text('Non-Hispanic white', 160, 110, 8);
      c.text('Non-Hispanic black', 270, 110, 8);
      ['Male', 'Female', 'Male', 'Female'].forEach((t, i) => c.text(t, 150 + i * 55, 120, 8));
      body.forEach((row, r) => row.forEach((t, i) => c.text(t, i ? 150 + (i - 1) * 55 : 76, 136 + r * 12, 8)));
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body!;
    expect(html).toContain('<td colspan="2">Non-Hispanic white</td><td colspan="2">Non-Hispanic black</td></tr>');
    expect(html).toContain('<td>Male</td><td>Female</td><td>Male</td><td>Female</td></tr>');
    for (const row of body) expect(html).toContain(`<tr>${row.map((t) => `<td>${t}</td>`).join('')}</tr>`);
  });
});

describe('a row label spanning two rows of values with units (an HTML rowspan)', () => {
  it('leaves the second row of values a row of its own, however close the wrapped label stands', async () => {
    const xs = [72, 200, 260, 320, 380, 440];
    const at = (c: Canvas, texts: string[], baseline: number, first = 0) => texts.forEach((t, i) => t && c.text(t, xs[first + i]!, baseline, 9));
    const blocks = await bornDigitalBlocks((c) => {
      at(c, ['Caregiver', '2017', '2022', '2021', '2025', '2024'], 100);
      at(c, ['Regional ward', '389.7 %', '78', '94.7', '258.4', '96.8'], 118);
      at(c, ['years'], 129, 4);
      // The label wraps; its first value wraps ("157.3 per" / "1,000"); the next row of values has no label.
      at(c, ['Regional vaccination', '157.3 per', '42', '156.6 %', '22', '36.7'], 146);
      at(c, ['rate in referral', '1,000'], 157);
      at(c, ['67.0', '34', '148.6 per', '156.7', '44.0'], 174, 1);
      at(c, ['1,000', 'days'], 185, 3);
      at(c, ['Weekly intervention', '531,588', '380.8', '39', '16%', '95.6'], 202);
      at(c, ['Eligible survey', '74.56', '37.58', '43.9', '95%', '1.8'], 230);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0]!.table_body!;
    expect(html).toContain('<td>Regional vaccination rate in referral</td><td>157.3 per 1,000</td><td>42</td><td>156.6 %</td><td>22</td><td>36.7</td></tr>');
    expect(html).toContain('<td>67.0</td><td>34</td><td>148.6 per 1,000</td><td>156.7 days</td><td>44.0</td></tr>');
  });
});
