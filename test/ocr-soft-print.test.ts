// Soft print (a defocused scan): thin strokes fade below the ink level, and the gaps they leave
// inside words must not be read as the word spaces the recognizer dropped ("invest igat ion").
// And monospaced punctuation on Latin lines comes out in ASCII ("found，otherwise" before).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { OcrEngine } from '../src/engine/input/ocr/ocr.js';
import type { RgbImage } from '../src/engine/input/pdf/pdfium.js';
import { rendered } from './table-fixtures.js';

const LINES = ['In all the letters written to them, the', 'authors set out what the investigation', 'found, otherwise the types were left out.', 'Little matters: the attempt was better.'];

/** The lines set in a standard font, rendered at `dpi` and blurred (Gaussian, `sigma` pixels). */
async function blurredPage(fontName: StandardFonts, size: number, dpi: number, sigma: number): Promise<RgbImage> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(fontName);
  const page = pdf.addPage([320, 30 + LINES.length * size * 1.3]);
  LINES.forEach((t, i) => page.drawText(t, { x: 20, y: page.getHeight() - 25 - i * size * 1.3, size, font, color: rgb(0, 0, 0) }));
  const clean = await rendered(await pdf.save(), dpi);
  const { data, info } = await sharp(Buffer.from(clean.data), { raw: { width: clean.width, height: clean.height, channels: 3 } })
    .blur(sigma)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

describe('blurred scans', () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await OcrEngine.create({ threads: 2 });
  });
  afterAll(async () => {
    await engine?.release();
  });

  it('keep words whole where a faded stroke leaves a gap inside them', async () => {
    // Courier's thin serifs and the t's crossbar fade: "invest igat ion" before.
    const courier = await engine.recognize(await blurredPage(StandardFonts.Courier, 8, 200, 1.1));
    expect(courier.lines.map((l) => l.text)).toContain('authors set out what the investigation');
    // Times at 150 dpi: the second l's hairline serif ("al l").
    const times = await engine.recognize(await blurredPage(StandardFonts.TimesRoman, 11, 150, 0.8));
    expect(times.lines[0]?.text).toBe('In all the letters written to them, the');
  }, 60_000);

  it('still put back the word spaces dropped on a heavily blurred line', async () => {
    // The recognizer reads this first line without a single space ("Inalltheletters…"); its
    // spaces, narrowed by the blur, are open in their middle only.
    const page = await engine.recognize(await blurredPage(StandardFonts.TimesRoman, 10, 200, 1.3));
    expect(page.lines[0]?.text).toBe(LINES[0]);
  }, 60_000);

  it('read monospaced punctuation in its ASCII form on Latin lines, with the word space after it', async () => {
    // Courier's comma and the blank cell after it were read as one full-width comma ("found，otherwise").
    const page = await engine.recognize(await blurredPage(StandardFonts.Courier, 7, 200, 0.8));
    expect(page.lines.map((l) => l.text)).toContain('found, otherwise the types were left out.');
  }, 60_000);
});
