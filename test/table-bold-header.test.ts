// A table of two columns of words in a narrow page column, with neither rules nor caption: its
// header is set in bold over both columns, its cells in regular weight, the second column's cells
// wrapped ragged right over several lines. The bold header marks it as a table, as a rule under a
// header would. Two page columns' bold headings side by side over prose stay headings and text.
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../src/engine/parse.js';
import { makePdf } from './fixtures.js';
import { tableHtml } from './table-fixtures.js';

const noOcr = async () => {
  throw new Error('no OCR expected for born-digital pages');
};
type Item = Parameters<typeof makePdf>[0][number][number];

const rows: [string, string[]][] = [
  ['Adjusted dose of caregiver', ['Figure 1 shows how the']],
  ['Adjusted prevalence', ['Figure 2 compares', 'how the', 'community-based ward', 'was associated with']],
  ['Acute', ['The eligible follow-up', 'visit was monitored in', 'Krakow between']],
  ['Eligible intervention', ['We report that the', 'rural']],
  ['Admission', ['For this reason, the', 'eligible intervention', 'was associated with']],
  ['Chronic', ['The adjusted district', 'improved in Bilbao', 'between 2021 and']],
];
const PROSE = [
  'caregiver was associated with after the follow-up',
  'visit was reviewed by the board. We report that',
  'the community-based intervention was referred,',
  'while the pediatric patient improved. We report',
  'that the chronic intervention was enrolled over',
  'the year, while the weekly caregiver was referred.',
];

describe('a two-column table headed in bold, without rules or caption', () => {
  it('is one table, each wrapped cell whole', async () => {
    const items: Item[] = [
      { text: 'Survey', x: 62, y: 60, size: 9, font: 'bold' },
      { text: 'Confirmed referral', x: 186, y: 60, size: 9, font: 'bold' },
    ];
    let y = 71;
    for (const [label, lines] of rows) {
      items.push({ text: label, x: 62, y, size: 9 });
      lines.forEach((t, i) => items.push({ text: t, x: 186, y: y + i * 10, size: 9 }));
      y += 10 * lines.length + 3;
    }
    PROSE.forEach((t, i) => items.push({ text: t, x: 62, y: y + 20 + i * 12, size: 10 }));
    PROSE.forEach((t, i) => items.push({ text: t, x: 320, y: 60 + i * 12, size: 10 }));
    const blocks = (await parseDocument(await makePdf([items]), { maxPages: 2, ocr: noOcr })).content_list;
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Survey', 'Confirmed referral'], ...rows.map(([label, lines]) => [label, lines.join(' ')])]));
  });

  it('keeps two page columns of prose under bold headings side by side as text', async () => {
    const items: Item[] = [
      { text: 'Methods', x: 62, y: 60, size: 10, font: 'bold' },
      { text: 'Results', x: 320, y: 60, size: 10, font: 'bold' },
    ];
    for (const x of [62, 320]) PROSE.forEach((t, i) => items.push({ text: i === 0 ? 'The ' + t : t, x, y: 76 + i * 12, size: 10 }));
    const blocks = (await parseDocument(await makePdf([items]), { maxPages: 2, ocr: noOcr })).content_list;
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });
});
