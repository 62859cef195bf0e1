// Image-only PDFs in the forms scanners and PDF tools write: a high-resolution greyscale JPEG
// page, and a page image wrapped in a form XObject. Each must be OCR'd, not returned empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { OcrEngine } from '../src/engine/input/ocr/ocr.js';
import { parseDocument } from '../src/engine/parse.js';
import { imageOnlyPdf, makePdf, rasterize } from './fixtures.js';

const LINES = ['Scanned invoices arrive every morning', 'The clerk files them by supplier name', 'Totals are checked against the ledger'];
const SIZE: [number, number] = [306, 396];

describe('image-only PDFs', () => {
  let engine: OcrEngine;
  let page: Uint8Array;
  beforeAll(async () => {
    engine = await OcrEngine.create({ threads: 1 });
    page = await makePdf([LINES.map((text, i) => ({ text, x: 30, y: 60 + i * 24, size: 11 }))], SIZE);
  }, 60_000);
  afterAll(async () => {
    await engine.release();
  });

  const read = async (pdf: Uint8Array) => (await parseDocument(pdf, { maxPages: 5, ocr: async () => engine })).markdown;

  it('reads a 600-dpi greyscale JPEG page', async () => {
    const png = await rasterize(page, 600);
    const grey = await sharp(png).greyscale().jpeg({ quality: 80 }).toBuffer();
    const doc = await PDFDocument.create();
    const image = await doc.embedJpg(grey);
    expect(image.width).toBe(Math.round((SIZE[0] * 600) / 72));
    doc.addPage(SIZE).drawImage(image, { x: 0, y: 0, width: SIZE[0], height: SIZE[1] });
    const markdown = await read(await doc.save());
    for (const line of LINES) expect(markdown).toContain(line);
  }, 60_000);

  it('reads a page image wrapped in a form XObject', async () => {
    const scan = await imageOnlyPdf(await rasterize(page, 200), SIZE);
    const doc = await PDFDocument.create();
    const [form] = await doc.embedPdf(scan, [0]);
    doc.addPage(SIZE).drawPage(form!, { x: 0, y: 0 });
    const markdown = await read(await doc.save());
    for (const line of LINES) expect(markdown).toContain(line);
  }, 60_000);
});
