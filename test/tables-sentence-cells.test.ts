// A two-column table of short labels and sentences wrapped over several lines (an LNCS "Option /
// Effect" table), set at an 11.5-point pitch:
// - a row whose label runs up to the sentence, a word space apart ("Ambient tolerance in torque In
//   addition, the controller drifted"), and whose sentence reaches a little past the rows above it,
//   was taken for running text under the table: the header and first row were lost;
// - the last row's sentence wraps onto a line set a normal leading under a line without
//   descenders: the box-to-box gap looked like a blank line, and the line went to the caption.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

describe('a table of labels and wrapped sentences', () => {
  it('keeps its crowded rows and its last wrapped line', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const x0 = 194;
      // The second column starts a word space after the crowded row's label.
      const x1 = x0 + font.widthOfTextAtSize('Ambient tolerance in torque ', 9);
      const rows: [string, string[]][] = [
        ['Redundant', ['However, the load case drifted', 'for 31 V']],
        ['', ['In addition, the controller drifted', 'for 26 kW, which']],
        ['Certified torque', ['During the review period, the', 'structural controller was', 'inspected after']],
        ['Worst-case assembly', ['We compared (a) the worst-case', 'load case, (b) the']],
        ['Peak', ['The certified actuator was', 'inspected in Munster between']],
      ];
      c.text('Option', x0, 124, 9);
      c.text('Effect', x1, 124, 9);
      let y = 135;
      for (const [label, lines] of rows) {
        if (label) c.text(label, x0, y, 9);
        else c.text(`Ambient tolerance in torque ${lines[0]}`, x0, y, 9);
        lines.forEach((t, i) => (label || i > 0) && c.text(t, x1, y + i * 11.5, 9));
        y += lines.length * 11.5;
      }
      c.text('Table 1. Dynamic actuator of load case conditions', 217, y + 4, 9);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([
      tableHtml([
        ['Option', 'Effect'],
        ['Redundant', 'However, the load case drifted for 31 V'],
        ['Ambient tolerance in torque', 'In addition, the controller drifted for 26 kW, which'],
        ['Certified torque', 'During the review period, the structural controller was inspected after'],
        ['Worst-case assembly', 'We compared (a) the worst-case load case, (b) the'],
        ['Peak', 'The certified actuator was inspected in Munster between'],
      ]),
    ]);
  });
});
