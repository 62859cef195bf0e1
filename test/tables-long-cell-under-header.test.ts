// A Word table of labels and sentences: a bold header row over a rule, and a first row whose
// sentence cell is longer than a cell looks. A row with a long cell joined a run only once three
// rows had set its columns, so the header stood alone, every row after it opened and closed a run
// of its own, and the table was lost. Right under a bold header, the header's cells set the columns.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { tableHtml } from './table-fixtures.js';
import { parseDocument } from '../src/engine/parse.js';

const ROWS = [
  ['Median replica in migration', 'We report that the lazy worker pool is retried'],
  ['Lazy', 'Figure 1 summarizes how'],
  ['Persistent thread under request', 'We report that the idempotent endpoint was merged'],
  ['Scheduler', 'The stateless thread is sharded by'],
  ['Median dependency of dependency', 'As expected, the checkpoint times out'],
];

describe('a long cell in the first row under a bold header', () => {
  it('keeps the table whole', async () => {
    const doc = await PDFDocument.create();
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const page = doc.addPage([612, 792]);
    const text = (t: string, x: number, y: number, size: number, font = regular) => page.drawText(t, { x, y: 792 - y, size, font });
    text('2023. In addition, the benchmark is retried for 21 ms, which is below the asynchronous', 72, 80, 11);
    text('message queue of the department.', 72, 96, 11);
    text('Table 1: Tail compiler pass for parser', 72, 124, 9);
    text('Tail index', 74, 146, 9, bold);
    text('Distributed message queue', 300, 146, 9, bold);
    page.drawLine({ start: { x: 72, y: 792 - 150 }, end: { x: 540, y: 792 - 150 }, thickness: 0.75 });
    ROWS.forEach(([label, sentence], r) => {
      text(label!, 74, 164 + r * 16, 9);
      text(sentence!, 300, 164 + r * 16, 9);
    });
    text('The tail endpoint is serialized in Leuven between 18.06.2017 and 23.08.2025. We compared', 72, 260, 11);
    text('the stateless scheduler, the idempotent benchmark and the request reviewed by the board.', 72, 276, 11);
    const blocks = (await parseDocument(await doc.save(), { maxPages: 5, ocr: async () => { throw new Error('no OCR expected'); } })).content_list;
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml([['Tail index', 'Distributed message queue'], ...ROWS])]);
  });
});
