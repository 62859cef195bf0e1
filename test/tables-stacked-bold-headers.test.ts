// Two tables set one right under the other, each under a bold header row of words, nothing but a
// row's white between them: the rows of both were one run, and came out as one table, the lower
// table's header a row of the upper one's. A header row set bold under rows that are not opens a
// table of its own.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { tableHtml } from './table-fixtures.js';
import { parseDocument } from '../src/engine/parse.js';

const UPPER = [
  ['Pressure drop', 'Gearbox', 'Bracket', 'Sensor'],
  ['Nominal controller', '64%', '83', '59.5'],
  ['Critical vibration mode', '20%', '51.36', '43%'],
  ['Axial coolant loop', '75.42', '583,005', '53%'],
];
const LOWER = [
  ['Ambient torque', 'Actuator', 'Dynamic', 'Margin'],
  ['Structural bracket', '11.7', '319.5', '66,355'],
  ['Nominal test rig', '331,327', '2%', '23.4'],
  ['Dynamic sensor', '31%', '12.0', '66'],
  ['Axial throughput', '38.6', '79.4', '95%'],
];

describe('two tables stacked under bold headers', () => {
  it('reads two tables, each with its header', async () => {
    const doc = await PDFDocument.create();
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const page = doc.addPage([612, 792]);
    const draw = (rows: string[][], top: number) =>
      rows.forEach((row, r) => {
        const font = r === 0 ? bold : regular;
        const y = top + r * 13;
        page.drawText(row[0]!, { x: 72, y: 792 - y, size: 9, font });
        row.slice(1).forEach((t, i) => page.drawText(t, { x: [260, 330, 400][i]! + 40 - font.widthOfTextAtSize(t, 9), y: 792 - y, size: 9, font }));
      });
    page.drawText('The certified throughput was calibrated after the firmware was reviewed by the board.', { x: 72, y: 792 - 80, size: 10, font: regular });
    draw(UPPER, 110);
    draw(LOWER, 110 + 4 * 13 + 20);
    page.drawText('Definition 1. The redundant throughput failed by 265.4 ms compared with the sensor.', { x: 72, y: 792 - 260, size: 10, font: regular });
    const blocks = (await parseDocument(await doc.save(), { maxPages: 5, ocr: async () => { throw new Error('no OCR expected'); } })).content_list;
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(UPPER), tableHtml(LOWER)]);
  });
});
