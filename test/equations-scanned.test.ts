// Display equations on scanned pages: OCR lines have no glyphs, so a display is told by its
// setting (set in from the column's edge, not prose, a relation or an equation number) and its
// LaTeX is the recognizer's text spelled in LaTeX.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { TextLine } from '../src/engine/model/document.js';
import { detectEquations } from '../src/engine/equations/detect.js';
import { ocrLatex, scannedDisplays } from '../src/engine/equations/scanned.js';
import { katexParses } from '../src/engine/math/index.js';
import { OcrEngine } from '../src/engine/input/ocr/ocr.js';
import { loadPdfium, PdfDocument, renderPage } from '../src/engine/input/pdf/pdfium.js';
import { parseDocument } from '../src/engine/index.js';

/** An OCR line as read-pages makes it: no glyphs, a box 1.3 ems high (10-unit type). */
function ocrLine(text: string, x0: number, x1: number, top: number, height = 13): TextLine {
  return { text, box: [x0, top, x1, top + height], baseline: top + height, fontSize: height, inkSize: 10, bold: false, italic: false, monospace: false };
}

const PROSE = [
  'The energy of the system is found from the measured values of the constants,',
  'which were taken from the tables of the previous section and checked again.',
];

describe('display equations among OCR lines', () => {
  it('takes a set-in line with a relation, its equation number and a script read apart as one display', () => {
    const lines = [
      ocrLine(PROSE[0]!, 72, 520, 100),
      ocrLine(PROSE[1]!, 72, 500, 116),
      ocrLine('f(x) = ax² + b', 230, 330, 140),
      ocrLine('(3)', 500, 520, 140),
      ocrLine('i,j', 250, 262, 155, 8),
      ocrLine('where the constants are known, and the second line of the paragraph', 72, 520, 172),
      ocrLine('follows it as usual in the text of the page.', 72, 400, 188),
    ];
    const equations = scannedDisplays(lines, 10);
    expect(equations).toHaveLength(1);
    const [eq] = equations;
    expect(eq!.lines.map((l) => l.text)).toEqual(['f(x) = ax² + b', '(3)', 'i,j']);
    expect(eq!.latex).toContain('\\tag{3}');
    expect(eq!.latex).toContain('^{2}');
    expect(katexParses(eq!.latex)).toBe(true);
    expect(eq!.trace[0]!.rule).toBe('display.scanned');
    // The same lines reach the stage through the detector, which has no glyphs to read.
    expect(detectEquations(lines, 10)).toHaveLength(1);
  });

  it('leaves a short line with a relation at the column\'s edge in its paragraph, in either column', () => {
    const left = (text: string, top: number) => ocrLine(text, 72, 290, top);
    const right = (text: string, top: number) => ocrLine(text, 320, 540, top);
    const lines = [
      left('The first column holds a paragraph of prose set', 100),
      left('in lines of even length across the column width', 116),
      left('where x = 3.', 132),
      right('The second column holds another paragraph set', 100),
      right('in lines of even length across this column too', 116),
      right('so that y ≤ 2.', 132),
    ];
    expect(scannedDisplays(lines, 10)).toEqual([]);
  });

  it('does not take a set-in line of prose or a set-in line without a relation or a number', () => {
    const lines = [
      ocrLine(PROSE[0]!, 72, 520, 100),
      ocrLine('as the authors of the study have shown', 230, 420, 120),
      ocrLine('Table of results', 230, 330, 140),
      ocrLine(PROSE[1]!, 72, 500, 160),
    ];
    expect(scannedDisplays(lines, 10)).toEqual([]);
  });
  it('leaves code set in from the edge to the listing, a lone row of it too', () => {
    const listing = (rows: string[]) => [
      ocrLine(PROSE[0]!, 72, 520, 100),
      ...rows.map((t, i) => ocrLine(t, 110, 110 + 8 * t.length, 118 + 14 * i)),
      ocrLine(PROSE[1]!, 72, 500, 120 + 14 * rows.length),
    ];
    expect(scannedDisplays(listing(['result = []', 'for entry in values:', 'if entry.score > 0.5:', 'result.append(entry)']), 10)).toEqual([]);
    expect(scannedDisplays(listing(['result = []']), 10)).toEqual([]);
    expect(scannedDisplays(listing(['if entry.score > 0.19:']), 10)).toEqual([]);
    // A formula in the same place is a display.
    expect(scannedDisplays(listing(['y = ax + b']), 10)).toHaveLength(1);
  });
});

describe('LaTeX of a recognized formula', () => {
  it('names symbols, keeps words in \\text and function names as operators', () => {
    expect(ocrLatex('α ≤ sin x for all x')).toBe('\\alpha \\leq \\sin x \\text{ for all } x');
    expect(ocrLatex('u ≤ 0 since v ≥ 1')).toBe('u \\leq 0 \\text{ since } v \\geq 1');
    expect(ocrLatex('x₁₂ + y²³')).toBe('x_{12} + y^{23}');
    for (const text of ['{u>0} % & # $ _', 'B[o(u),]=a(b(u)ae d', '|b - a-Ux, l']) expect(katexParses(ocrLatex(text))).toBe(true);
  });
});

describe('a scanned page with a numbered display', () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await OcrEngine.create({ threads: 2 });
  });
  afterAll(async () => {
    await engine.release();
  });

  it('gives the display as an equation block with its number as a tag, the text of the paragraphs without it', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.TimesRoman);
    const p = pdf.addPage([460, 300]);
    const size = 11;
    const text = (s: string, x: number, y: number) => p.drawText(s, { x, y, size, font });
    text('The energy of the system is found from the measured values of the', 30, 270);
    text('constants, which were taken from the tables of the section before this', 30, 257);
    text('one and checked again against the measurements of the last year:', 30, 244);
    text('E = m c + k', 190, 218);
    // The number flush with the text's right edge, as a class file sets it.
    const right = 30 + Math.max(...['constants, which were taken from the tables of the section before this', 'second line of this paragraph follows it as usual, and so does the third'].map((t) => font.widthOfTextAtSize(t, size)));
    text('(7)', right - font.widthOfTextAtSize('(7)', size), 218);
    text('where the constants are known from the previous measurements and the', 30, 192);
    text('second line of this paragraph follows it as usual, and so does the third', 30, 179);
    text('line, which closes the paragraph.', 30, 166);
    const pdfium = await loadPdfium();
    const doc = PdfDocument.open(pdfium, await pdf.save());
    const image = renderPage(doc, 0, 200);
    doc.close();
    const png = new Uint8Array(await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 3 } }).png().toBuffer());
    const result = await parseDocument(png, { maxPages: 1, ocr: async () => engine });
    const equations = result.content_list.filter((b) => b.type === 'equation');
    expect(equations).toHaveLength(1);
    expect(equations[0]!.text).toMatch(/E\s*=\s*m\s*c\s*\+\s*k\s*\\tag\{7\}/);
    expect(equations[0]!.text_format).toBe('latex');
    const texts = result.content_list.filter((b) => b.type === 'text').map((b) => b.text ?? '');
    expect(texts.join(' ')).toContain('closes the paragraph');
    expect(texts.join(' ')).not.toContain('(7)');
    expect(texts.some((t) => /E\s*=/.test(t))).toBe(false);
    expect(result.markdown).toContain('$$');
  });
});
