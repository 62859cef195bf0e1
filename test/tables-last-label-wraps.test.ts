// A table under a two-column page whose last column starts where the right page column's prose
// starts, and whose last row's label wraps one line below that row's last cell ("Redundant
// firmware / of test rig"). Once the label's second line was taken in (the region's bottom), the
// last column no longer reached the region's last line, and was cut off as the page column beside.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, justified, tableHtml } from './table-fixtures.js';

const LEFT = [
  'We report that the dynamic thermal margin',
  'was replaced (34), while the ambient test rig',
  'was inspected. The dynamic tolerance',
  'exceeded the limit in Leuven between April',
  'Redundant vibration mode. We compared',
  '(a) the ambient weld seam, (b) the certified',
  'bracket and (c) the assembly reviewed by',
  'Fatima Nowak. The peak controller was',
];
const RIGHT = [
  'drop exceeded the limit after the test rig was',
  'reviewed by Mateusz Moreau. We compared',
  '(a) the redundant throughput, (b) the nominal',
  'firmware and (c) the actuator reviewed by',
  'Pablo Bianchi. We report that the thermal',
  'thermal margin was redesigned (5%), while',
  'the redundant weld seam was inspected. The',
  'fatigue life was calibrated for 18 kN today.',
];

describe('a table whose last row\'s label wraps below its cells', () => {
  it('keeps its last column', async () => {
    // [text, x, baseline] of the cells as set.
    const cells: [string, number, number][] = [
      ['Term', 73, 302], ['Definition', 189, 302], ['Notes', 305, 302],
      ['Dynamic sensor', 73, 323], ['Figure 6 compares', 189, 323], ['Overall, the gearbox', 306, 323],
      ['how the nominal', 189, 337], ['stabilized for 14 A,', 306, 337], ['which', 305, 353],
      ['Certified', 73, 374], ['Pressure drop', 189, 374], ['We report that the', 305, 374],
      ['dynamic throughput', 306, 390], ['exceeded the limit', 306, 404], ['(308.7 V), while', 306, 421],
      ['Redundant firmware', 73, 439], ['Redundant', 189, 439], ['We compared (a) the', 305, 439],
      ['of test rig', 73, 455],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      LEFT.forEach((t, i) => justified(c, font, t, 65, 291, 130 + i * 18, 11));
      RIGHT.forEach((t, i) => justified(c, font, t, 304, 530, 130 + i * 18, 11));
      c.text('Table 7. Structural torque under vibration mode', 65, 282, 10.8);
      for (const [t, x, y] of cells) c.text(t, x, y, 10.8);
      c.text('Note: The critical coolant loop and the fatigue life was logged by the institute.', 65, 477, 9.6);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([
      tableHtml([
        ['Term', 'Definition', 'Notes'],
        ['Dynamic sensor', 'Figure 6 compares how the nominal', 'Overall, the gearbox stabilized for 14 A, which'],
        ['Certified', 'Pressure drop', 'We report that the dynamic throughput exceeded the limit (308.7 V), while'],
        ['Redundant firmware of test rig', 'Redundant', 'We compared (a) the'],
      ]),
    ]);
  });
});
