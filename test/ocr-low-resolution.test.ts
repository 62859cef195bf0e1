// What the recognizer is given for small print and long lines: crops enlarged without smearing
// one-pixel gaps (bicubic), and full-width lines read at their own scale rather than squeezed.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { OcrEngine, recognizerInput } from '../src/engine/input/ocr/ocr.js';
import { loadPdfium, PdfDocument, renderPage, type RgbImage } from '../src/engine/input/pdf/pdfium.js';

describe('recognizer input', () => {
  it('keeps the one-pixel gaps between the stems of small print light when enlarging', () => {
    // "ill" at 150 dpi: four antialiased one-pixel stems (grey 30) with one-pixel gaps (grey 190).
    const w = 40;
    const h = 20;
    const data = new Uint8Array(w * h * 3).fill(255);
    const column = (x: number, v: number) => {
      for (let y = 6; y < 14; y++) data.fill(v, (y * w + x) * 3, (y * w + x + 1) * 3);
    };
    for (const x of [14, 16, 18, 20]) column(x, 30);
    for (const x of [15, 17, 19]) column(x, 190);
    // The crop [10, 34) x [0, 20) enlarged 2.4x to the recognizer's 48 rows.
    const rw = 58;
    const out = new Float32Array(3 * 48 * rw);
    recognizerInput({ width: w, height: h, data }, [10, 0, 34, 20], { from: 0, to: h, fill: 255 }, rw, out);
    const row = Array.from(out.subarray(24 * rw, 25 * rw), (v) => (v * 0.5 + 0.5) * 255);
    // Each gap (input x 15, 17, 19) as its lightest output sample between the stems around it.
    const at = (x: number) => Math.round(((x - 10 + 0.5) * rw) / 24 - 0.5);
    const gaps = [15, 17, 19].map((x) => Math.max(...row.slice(at(x - 1), at(x + 1) + 1)));
    // Bilinear enlarging left them at 176, 165 and 160: the stems ran together.
    for (const g of gaps) expect(g).toBeGreaterThan(170);
  });
});

describe('long lines', () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await OcrEngine.create({ threads: 2 });
  });
  afterAll(async () => {
    await engine?.release();
  });

  it('reads a line 60 times as long as it is high at its own scale', async () => {
    const text = 'The committee reviewed the quarterly figures and asked the authors for additional evidence on the western warehouses before the meeting in March';
    const size = 10;
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const width = font.widthOfTextAtSize(text, size);
    const page = pdf.addPage([width + 40, 60]);
    page.drawText(text, { x: 20, y: 25, size, font, color: rgb(0, 0, 0) });
    const pdfium = await loadPdfium();
    const doc = PdfDocument.open(pdfium, await pdf.save());
    const image = renderPage(doc, 0, 200);
    doc.close();
    const { lines } = await engine.recognize(image);
    expect(lines.map((l) => l.text).join(' ')).toBe(text);
    const [x0, y0, x1, y1] = lines[0]!.box;
    expect((x1 - x0) / (y1 - y0)).toBeGreaterThan(45);
    // Read at the scale of its box: about 48 input columns per box height (40 heights squeezed it to 1,920).
    expect(engine.lastTimings.recColumns).toBeGreaterThan(2400);
  }, 60_000);
});

describe('Chinese pages', () => {
  let engine: OcrEngine;
  let whole: OcrEngine;
  beforeAll(async () => {
    [engine, whole] = await Promise.all([OcrEngine.create({ languages: { mode: 'off' } }), OcrEngine.create({ latinHead: false, languages: { mode: 'off' } })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([engine?.release(), whole?.release()]);
  });

  /** Lines of small print (crops enlarged to the recognizer's height). */
  async function page(lines: Array<{ text: string; font: string }>): Promise<RgbImage> {
    const texts = lines.map((l, i) => `<text x="30" y="${40 + i * 30}" font-family="${l.font}" font-size="16">${l.text}</text>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="${40 + lines.length * 30}"><rect width="100%" height="100%" fill="white"/><g fill="#111">${texts}</g></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  }

  it('are read with crops enlarged bilinear (bicubic rings around dense strokes), Latin pages bicubic', async () => {
    const latin = await page([{ text: 'The committee met on Thursday to review the budget.', font: 'DejaVu Sans' }]);
    const chinese = await page([
      { text: 'The committee met on Thursday to review the budget.', font: 'DejaVu Sans' },
      { text: '市议会星期四上午召开会议，审议年度预算。', font: 'Droid Sans Fallback' },
    ]);
    for (const e of [engine, whole]) {
      await e.recognize(latin);
      expect(e.lastTimings.recEnlarge).toBe('bicubic');
      const { lines } = await e.recognize(chinese);
      expect(lines.some((l) => /\p{Script=Han}{4}/u.test(l.text))).toBe(true);
      expect(e.lastTimings.recEnlarge).toBe('bilinear');
    }
  }, 60_000);
});
