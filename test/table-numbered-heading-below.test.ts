// A numbered section heading right under a borderless table ("2.1   Critical fatigue life"):
// its number and its title stand a wide gap apart, like two cells, but set bold and larger than
// the table's cells it is the next section's heading, not the table's last row. A table whose
// first column numbers its rows in regular type keeps those rows.
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseDocument } from '../src/engine/parse.js';
import { makePdf } from './fixtures.js';

const noOcr = async () => {
  throw new Error('no OCR expected for born-digital pages');
};
type Item = Parameters<typeof makePdf>[0][number][number];

function table(items: Item[], head: string[], body: string[][], top: number): number {
  const xs = [166, 320, 380, 440];
  head.forEach((t, k) => items.push({ text: t, x: xs[k]!, y: top, size: 10, font: 'bold' }));
  body.forEach((row, i) => row.forEach((t, k) => items.push({ text: t, x: xs[k]!, y: top + 16 + i * 14, size: 10 })));
  return top + 16 + body.length * 14;
}

async function parse(items: Item[]) {
  return (await parseDocument(await makePdf([items]), { maxPages: 2, ocr: noOcr })).content_list;
}

describe('a numbered heading under a table', () => {
  it('is a heading of its own, not the table\'s last row', async () => {
    // A booktabs table as LaTeX sets it: a group heading over two header rows, the first column's
    // heading and one row label set between two rows, values flush right.
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const right = (text: string, x1: number, y: number, size = 10.9, bold = false): Item => ({ text, x: x1 - font.widthOfTextAtSize(text, size) * (bold ? 1.08 : 1), y, size, ...(bold ? { font: 'bold' as const } : {}) });
    const items: Item[] = [
      { text: 'Table 2: Structural pressure drop under controller', x: 200, y: 90, size: 10.9 },
      { text: 'Thermal margin', x: 273, y: 108, size: 10.9, font: 'bold' },
      { text: 'Actuator', x: 384, y: 108, size: 10.9, font: 'bold' },
      { text: 'Peak pressure drop', x: 166, y: 117, size: 10.9, font: 'bold' },
      right('2019', 351, 126, 10.9, true),
      right('2018', 404, 126, 10.9, true),
      right('2026', 446, 126, 10.9, true),
      { text: 'Nominal gearbox', x: 166, y: 146, size: 10.9 },
      right('31', 351, 146),
      right('789,280', 404, 146),
      right('53,863', 446, 146),
      right('943,455', 351, 159),
      right('247,512', 404, 159),
      right('52', 446, 159),
      { text: 'Certified load case', x: 166, y: 166, size: 10.9 },
      right('16%', 351, 172),
      right('49.9', 404, 172),
      right('41%', 446, 172),
      { text: 'Certified assembly', x: 166, y: 186, size: 10.9 },
      right('74.45', 351, 186),
      right('396.4 Hz', 404, 186),
      right('66.1', 446, 186),
      { text: '2.1', x: 74, y: 224, size: 12, font: 'bold' },
      { text: 'Critical fatigue life in bracket', x: 104, y: 224, size: 12, font: 'bold' },
    ];
    for (let i = 0; i < 3; i++) items.push({ text: 'We compared the ambient actuator and the certified fatigue life of the bracket and', x: 74, y: 246 + i * 14, size: 10.9 });
    const blocks = await parse(items);
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).not.toContain('Critical');
    expect(blocks.some((b) => b.text?.includes('Critical fatigue life in bracket'))).toBe(true);
  });

  it('keeps rows numbered in regular type in a table', async () => {
    const items: Item[] = [{ text: 'Table 3: Requirements by clause', x: 200, y: 90, size: 10 }];
    table(items, ['Clause', 'Weight', 'Limit', 'Margin'], [['2.1', '31', '789', '53'], ['2.2', '94', '247', '52'], ['2.3', '74', '396', '66'], ['3.1', '16', '49', '41']], 110);
    const tables = (await parse(items)).filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body!.match(/<tr>/g)).toHaveLength(5);
  });
});
