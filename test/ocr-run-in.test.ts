// Run-in headings on scanned pages ("Sample preparation. The cells were…"): OCR gives no glyph
// styles, so the heading is told from the text it opens by its words' ink, bolder strokes or
// letters that lean where the rest stand upright. It becomes a paragraph of its own; an upright,
// regular opening sentence stays in its paragraph.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { OcrEngine } from '../src/engine/input/ocr/ocr.js';
import { loadPdfium, PdfDocument, renderPage } from '../src/engine/input/pdf/pdfium.js';
import { parseWithDetails } from '../src/engine/index.js';
import { ocrLines } from '../src/engine/input/read-pages.js';
import { cutOcrLine, ocrLeadInCut } from '../src/engine/paragraphs/lines.js';
import type { TextLine, WordInk } from '../src/engine/model/document.js';

const SIZE = 11;
const REST = ['The cells were washed twice in cold buffer and stored overnight.', 'Each sample was then weighed and sealed before the assay began.'];

/** A page of three paragraphs, each opening with a lead-in sentence: bold, italic, then regular. */
async function page(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const italic = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const p = pdf.addPage([460, 320]);
  const leads = [
    { text: 'Sample preparation.', font: bold },
    { text: 'Data analysis.', font: italic },
    { text: 'Dr. Smith reported.', font: regular },
  ];
  leads.forEach((lead, i) => {
    const y = 280 - i * 90;
    p.drawText(lead.text, { x: 30, y, size: SIZE, font: lead.font });
    const after = 30 + lead.font.widthOfTextAtSize(`${lead.text} `, SIZE);
    p.drawText(REST[0]!.slice(0, 48), { x: after, y, size: SIZE, font: regular });
    p.drawText(REST[1]!, { x: 30, y: y - 14, size: SIZE, font: regular });
    p.drawText('It was kept apart from the others for the whole of the study.', { x: 30, y: y - 28, size: SIZE, font: regular });
  });
  const pdfium = await loadPdfium();
  const doc = PdfDocument.open(pdfium, await pdf.save());
  const image = renderPage(doc, 0, 200);
  doc.close();
  return new Uint8Array(await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 3 } }).png().toBuffer());
}

describe('run-in headings and bold lines read by OCR', () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await OcrEngine.create({ threads: 2 });
  });
  afterAll(async () => {
    await engine?.release();
  });

  it('cuts a bold or italic lead-in from its paragraph and leaves a regular one whole', async () => {
    const { result } = await parseWithDetails(await page(), { maxPages: 1, ocr: async () => engine });
    const texts = result.content_list.map((b) => b.text ?? '');
    expect(texts).toContain('Sample preparation.');
    expect(texts).toContain('Data analysis.');
    expect(texts.some((t) => t.startsWith('The cells were washed'))).toBe(true);
    // Set upright and regular, the opening sentence is the paragraph's own.
    expect(texts.some((t) => t.startsWith('Dr. Smith reported. The cells'))).toBe(true);
    expect(texts).not.toContain('Dr. Smith reported.');
  }, 120_000);

  it('reads a heading set bold in the body size as bold, and the body lines as regular', async () => {
    const pdf = await PDFDocument.create();
    const regular = await pdf.embedFont(StandardFonts.TimesRoman);
    const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
    const p = pdf.addPage([460, 240]);
    p.drawText('Statistical analysis of the samples', { x: 30, y: 200, size: SIZE, font: bold });
    [...REST, 'It was kept apart from the others for the whole of the study.', 'No sample was lost or damaged on its way to the laboratory.'].forEach((t, i) => p.drawText(t, { x: 30, y: 180 - i * 14, size: SIZE, font: regular }));
    const pdfium = await loadPdfium();
    const doc = PdfDocument.open(pdfium, await pdf.save());
    const image = renderPage(doc, 0, 200);
    doc.close();
    const read = await engine.recognize(image);
    const lines = ocrLines(read.lines, read.image, 72 / 200);
    const heading = lines.find((l) => l.text.startsWith('Statistical'));
    expect(heading?.bold).toBe(true);
    const body = lines.filter((l) => l !== heading);
    expect(body.length).toBeGreaterThanOrEqual(4);
    expect(body.every((l) => !l.bold)).toBe(true);
  }, 120_000);
});

describe('ocrLeadInCut', () => {
  /** A word's ink: its strokes `stroke` pixels wide, leaning (`lean` above 1) or upright. */
  const ink = (stroke: number, lean = 0.7): WordInk => ({ dark: 100 * stroke, runs: 100, upright: 1000, slanted: 1000 * lean });
  const line = (text: string, inks: WordInk[]): TextLine => {
    const words = text.split(' ');
    return { text, box: [0, 0, words.length * 50, 12], baseline: 12, fontSize: 10, bold: false, italic: false, monospace: false, words: words.map((_, i): [number, number] => [i * 50, i * 50 + 40]), wordInk: inks };
  };

  it('cuts where a sentence ends and the words on its left are bolder than those on its right', () => {
    const l = line('Sample preparation. The cells were washed.', [ink(3), ink(3), ink(2), ink(2), ink(2), ink(2)]);
    const cut = ocrLeadInCut(l, 'bold');
    expect(cut).toMatchObject({ words: 2, lead: 'Sample preparation.', rest: 'The cells were washed.' });
    const [head, rest] = cutOcrLine(l, cut!, 'bold');
    expect(head).toMatchObject({ text: 'Sample preparation.', bold: true, box: [0, 0, 90, 12] });
    expect(rest).toMatchObject({ text: 'The cells were washed.', bold: false, box: [100, 0, 300, 12] });
    expect(rest.words).toHaveLength(4);
  });

  it('needs the contrast, a sentence end, a new sentence and words that are no caption label', () => {
    expect(ocrLeadInCut(line('Sample preparation. The cells were washed.', [ink(2.2), ink(2.2), ink(2), ink(2), ink(2), ink(2)]), 'bold')).toBeNull();
    expect(ocrLeadInCut(line('Sample preparation the cells were washed.', [ink(3), ink(3), ink(2), ink(2), ink(2), ink(2)]), 'bold')).toBeNull();
    expect(ocrLeadInCut(line('Sample preparation. the cells were washed.', [ink(3), ink(3), ink(2), ink(2), ink(2), ink(2)]), 'bold')).toBeNull();
    expect(ocrLeadInCut(line('Table 2. The cells were washed.', [ink(3), ink(3), ink(2), ink(2), ink(2), ink(2)]), 'bold')).toBeNull();
    // Stale word measures (the text changed since) are not trusted.
    expect(ocrLeadInCut(line('Sample preparation. The cells were washed.', [ink(3), ink(3), ink(2)]), 'bold')).toBeNull();
  });

  it('tells italics by their lean', () => {
    const l = line('Data analysis. All results were pooled.', [ink(2, 1.3), ink(2, 1.3), ink(2), ink(2), ink(2), ink(2)]);
    expect(ocrLeadInCut(l, 'italic')).toMatchObject({ words: 2, lead: 'Data analysis.' });
    expect(ocrLeadInCut(l, 'bold')).toBeNull();
  });
});
