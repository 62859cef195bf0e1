// A table framed by a top rule, a rule under its header and a bottom rule (booktabs), whose first
// column holds sentences wrapped over several justified lines (a LaTeX p{} column) beside values
// set flush right on each row's first line. The justified lines' word spaces are as wide as the
// column gaps and a wrapped cell's next lines stand alone on their baselines: the frame, the white
// down through every body line and where each line's first word would not have fitted read it.
import { describe, expect, it } from 'vitest';
import type { PDFFont } from 'pdf-lib';
import { bornDigitalBlocks, flushRight, justified, tableHtml, type Canvas } from './table-fixtures.js';

const SIZE = 9;
const PITCH = 11;

/** Each row: its first column's lines as set (justified but the last), then its two values. */
const rows: [string[], string, string][] = [
  [['Figure 1 lists how', 'the weekly outcome', 'doubled over 18'], '22%', '4'],
  [['The pediatric pa-', 'tient was monitored', 'in'], '77', '40%'],
  [['However, the', 'weekly prevalence', 'was associated'], '363.8 per 1,000', '868,744'],
  [['Regional ward for', 'clinic'], '18', '301,864'],
  [['The confirmed', 'ward and the', 'symptom was re-', 'ported according'], '26,353', '51.2'],
  [['Rural referral and', 'caregiver'], '11%', '607,113'],
  [['Figure 4 compares', 'how the eligible', 'screening was re-', 'ferred over'], '186.5 cases', '311.3 per 1,000'],
];
/** A wrapped cell's text as one: lines joined, words broken at the line's end put back together. */
const cellText = (lines: string[]) => lines.join(' ').replace(/- /g, '');

/** The table of doses: its first column's cells wrapped in justified lines; `group` a heading over the two value columns, on a header line of its own. */
function drawDoses(c: Canvas, font: PDFFont, group?: string): void {
  // Column edges as LaTeX set them for a p{} column and two right-aligned columns.
  const [left, width, right1, right2] = [72, 78, 222, 295];
  const head = group ? 113 : 101;
  c.line(68, 90, right2 + 3, 90, 0.8);
  if (group) c.text(group, right1 - 30, 101, SIZE);
  c.text('Rural dose', left, head, SIZE);
  flushRight(c, font, 'Pediatric', right1, head, SIZE);
  flushRight(c, font, 'Dose', right2, head, SIZE);
  c.line(68, head + 4, right2 + 3, head + 4, 0.5);
  let y = head + 16;
  for (const [lines, a, b] of rows) {
    lines.forEach((t, i) => (i < lines.length - 1 ? justified(c, font, t, left, left + width, y + i * PITCH, SIZE) : c.text(t, left, y + i * PITCH, SIZE)));
    flushRight(c, font, a, right1, y, SIZE);
    flushRight(c, font, b, right2, y, SIZE);
    y += lines.length * PITCH;
  }
  c.line(68, y - 6, right2 + 3, y - 6, 0.8);
  c.text('TABLE I. Weekly dose by ward.', left, y + 12, SIZE);
  // The page's other column: prose beside the table.
  for (let i = 0; i < 12; i++) justified(c, font, 'We compared the community-based intervention and the district', 310, 540, 101 + i * PITCH, SIZE);
}

describe('a booktabs table whose first column wraps in justified lines', () => {
  it('reads one table, each wrapped cell whole in its row', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => drawDoses(c, font));
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Rural dose', 'Pediatric', 'Dose'], ...rows.map(([lines, a, b]) => [cellText(lines), a, b])]));
  });

  it('reads a frame of one-line rows whose cells are sentences (no run of short cells to read row by row)', async () => {
    const body = [
      ['Tuition', 'The cost of a course varies from one school to the next one.'],
      ['Room and board', 'The cost of lodging and food varies by school and by city.'],
      ['Travel', 'You will need to travel home during the breaks of the school year.'],
      ['Fees', 'Fees depend on the school you attend and on the courses you take.'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      c.line(68, 90, 500, 90, 0.8);
      c.text('Term', 72, 101, SIZE);
      c.text('Definition', 170, 101, SIZE);
      c.line(68, 105, 500, 105, 0.5);
      body.forEach(([term, definition], r) => {
        c.text(term!, 72, 117 + r * PITCH, SIZE);
        c.text(definition!, 170, 117 + r * PITCH, SIZE);
      });
      c.line(68, 117 + body.length * PITCH - 6, 500, 117 + body.length * PITCH - 6, 0.8);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml([['Term', 'Definition'], ...body])]);
  });

  it('makes a group heading on the header\'s first line a row of its own, over the columns it heads', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => drawDoses(c, font, 'Weekly'));
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const body = tableHtml(rows.map(([lines, a, b]) => [cellText(lines), a, b])).slice('<table>'.length);
    expect(tables[0]!.table_body).toBe('<table><tr><td></td><td colspan="2">Weekly</td></tr><tr><td>Rural dose</td><td>Pediatric</td><td>Dose</td></tr>' + body);
  });
});
