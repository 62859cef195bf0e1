// Light text on a dark or coloured ground (a brochure's panel, a banner, a header row) is read as
// dark text on light: the crop's band of ink, its margins, word gaps and sizes all took the
// ground for ink and cut the letters' ascenders and descenders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { OcrEngine } from '../src/engine/input/ocr/ocr.js';
import { darkOnLight, lightOnDarkGround } from '../src/engine/input/ocr/polarity.js';
import { loadPdfium, PdfDocument, renderPage, type RgbImage } from '../src/engine/input/pdf/pdfium.js';
import { parseWithDetails } from '../src/engine/index.js';

const PANEL_LINES = ['Fight and conquer your challenges', 'hello@reallygreatsite.com', 'www.reallygreatsite.com', '123 Anywhere St., Any City'];
const PAPER_LINE = 'Quality legal help for every family';

/** A page with a teal panel of white lines (the first one large) above a line of black text on white. */
async function brochure(dpi: number): Promise<RgbImage> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([360, 260]);
  page.drawRectangle({ x: 0, y: 80, width: 360, height: 180, color: rgb(0.1, 0.7, 0.74) });
  page.drawText(PANEL_LINES[0]!, { x: 20, y: 220, size: 16, font: bold, color: rgb(1, 1, 1) });
  PANEL_LINES.slice(1).forEach((line, i) => page.drawText(line, { x: 20, y: 180 - i * 22, size: 10, font, color: rgb(1, 1, 1) }));
  page.drawText(PAPER_LINE, { x: 20, y: 40, size: 10, font, color: rgb(0.2, 0.2, 0.2) });
  const pdfium = await loadPdfium();
  const doc = PdfDocument.open(pdfium, await pdf.save());
  const image = renderPage(doc, 0, dpi);
  doc.close();
  return image;
}

describe('light text on a dark ground', () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await OcrEngine.create({ threads: 2 });
  });
  afterAll(async () => {
    await engine?.release();
  });

  it('tells a light-on-dark box from dark text on paper', async () => {
    const image = await brochure(150);
    const px = (pt: number) => (pt * 150) / 72;
    // The first panel line's box and the paper line's box (PDF y up, image y down).
    const panelBox: [number, number, number, number] = [px(14), px(260 - 238), px(320), px(260 - 212)];
    const paperBox: [number, number, number, number] = [px(14), px(260 - 54), px(220), px(260 - 34)];
    expect(lightOnDarkGround(image, panelBox)).toBeDefined();
    expect(lightOnDarkGround(image, paperBox)).toBeUndefined();
    // Only the panel is redrawn, black on white; the paper line's pixels stay as they were.
    const { image: text, lines } = darkOnLight(image, [panelBox, paperBox]);
    expect(lines).toBe(1);
    const at = (img: RgbImage, x: number, y: number) => img.data[(Math.round(y) * img.width + Math.round(x)) * 3]!;
    expect(at(text, panelBox[0] + 2, panelBox[1] + 2)).toBeGreaterThan(230);
    expect(at(text, paperBox[0] + 2, paperBox[1] + 2)).toBe(at(image, paperBox[0] + 2, paperBox[1] + 2));
    // A page with nothing light on dark is given back as it is, not copied.
    expect(darkOnLight(image, [paperBox]).image).toBe(image);
  });

  it('reads white lines on a teal panel as well as black lines on paper', async () => {
    const { lines, lightOnDark } = await engine.recognize(await brochure(150));
    const read = lines.map((l) => l.text);
    for (const line of [...PANEL_LINES, PAPER_LINE]) expect(read).toContain(line);
    expect(lightOnDark).toBeGreaterThanOrEqual(PANEL_LINES.length);
  }, 60_000);

  it('says in the trace which lines were read light on dark', async () => {
    const image = await brochure(150);
    const png = await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 3 } }).png().toBuffer();
    const { result, blocks } = await parseWithDetails(new Uint8Array(png), { maxPages: 10, ocr: async () => engine });
    expect(result.markdown).toContain('hello@reallygreatsite.com');
    expect(result.markdown).toContain('123 Anywhere St., Any City');
    expect(blocks.some((b) => b.trace.some((t) => t.rule === 'ocr.light-on-dark'))).toBe(true);
  }, 60_000);
});
