// Two tables side by side in two page columns (a journal's page): the right one set indented in
// its column, its caption at the column's margin, level with the left table's first rows. That
// caption stood in the white between the two tables, so the page gutter was not taken for one
// and the left table was read with the right one's first column as its fifth. A table's caption
// at its page column's margin is no cell in the way.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, justified } from './table-fixtures.js';

const PROSE = [
  'The purified spectrum and the cohort was normalized according to the',
  'baseline extraction of the laboratory. Overall, the triplicate specimen',
  'increased after the reagent was reviewed by the panel of the institute.',
  'The frozen reagent and the extraction were diluted according to the',
];
// Row labels wrapped in a justified column, values flush right on the label's first line.
const left: [string[], string[]][] = [
  [['Pediatric'], ['Acute', 'Regional ward', 'Acute patient']],
  [['Confirmed ward for ad-', 'mission'], ['51.69', '64.8', '11']],
  [['Fig. 7 lists how the con-', 'firmed caregiver was'], ['503,100', '56', '18']],
  [['Pediatric patient'], ['51%', '67.91', '84']],
  [['Acute screening'], ['14', '69', '959,088']],
  [['The confirmed outcome', 'and the follow-up visit', 'was monitored'], ['150,714', '16.46', '261.2 cases']],
  [['Chronic survey and out-', 'come'], ['85.3', '28.7', '11']],
  [['Acute dose in vaccina-', 'tion rate'], ['48%', '371.3 cases', '6']],
];
const right: [string, string[]][] = [
  ['Risk', ['Mitigation']],
  ['Dose', ['We compared (a) the', 'pediatric symptom, (b)', 'the weekly outcome and']],
  ['Chronic', ['We compared (a) the', 'rural follow-up visit, (b)']],
  ['Regional dose under admission', ['The adjusted screening', 'and the']],
  ['Regional', ['We compared (a) the', 'rural caregiver, (b) the']],
  ['Rural district under survey', ['We report that the', 'adjusted caregiver was', 'enrolled (29.0), while the']],
];
const SIZE = 7;
const rowsOf = (html: string) => html.split('</tr>').filter((r) => r.includes('<td')).map((r) => [...r.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]));

describe('a table indented in its page column, its caption at the margin', () => {
  it('is not read into the table beside it', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      let y = 61;
      for (const [label, values] of left) {
        label.forEach((t, i) => (i < label.length - 1 ? justified(c, font, t, 48, 124.5, y + i * 9.8, SIZE) : c.text(t, 48, y + i * 9.8, SIZE)));
        values.forEach((t, k) => flushRight(c, font, t, [161.7, 222.5, 279.3][k]!, y, SIZE));
        y += label.length * 9.8;
      }
      c.text('Table 1. Chronic survey and ward', 42, y + 20, SIZE);
      c.text('Table 2. Eligible district', 305, 65, SIZE);
      let z = 81;
      for (const [risk, lines] of right) {
        c.text(risk, 329.5, z, SIZE);
        lines.forEach((t, i) => c.text(t, 441, z + i * 10, SIZE));
        z += lines.length * 10;
      }
      PROSE.forEach((t, i) => justified(c, font, t, 42, 285, 260 + i * 12, 9));
      PROSE.forEach((t, i) => justified(c, font, t, 305, 545, 260 + i * 12, 9));
    });
    const tables = blocks.filter((b) => b.type === 'table').map((b) => b.table_body ?? '');
    expect(tables.some((t) => t.includes('Pediatric') && t.includes('Risk'))).toBe(false);
    const leftTable = tables.filter((t) => t.includes('Pediatric'));
    expect(leftTable).toHaveLength(1);
    const rows = rowsOf(leftTable[0]!);
    expect(rows[0]).toEqual(['Pediatric', 'Acute', 'Regional ward', 'Acute patient']);
    expect(rows).toHaveLength(left.length);
    expect(rows.every((r) => r.length === 4)).toBe(true);
  });
});
