// Type read as the PDF sets it: a glyph's size is its nominal size times the matrix's scale
// (whatever ascent and descent its font declares), a font's weight is what its name says (not
// the stem width its descriptor claims), and a lone mark in a ruled cell stays in its cell.
import { beginText, concatTransformationMatrix, endText, moveText, PDFDocument, PDFHexString, PDFName, popGraphicsState, pushGraphicsState, setFontAndSize, showText, StandardFonts, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPage } from '../src/engine/input/pdf/extract.js';
import { loadPdfium, PdfDocument } from '../src/engine/input/pdf/pdfium.js';
import type { LabelledParagraph } from '../src/engine/model/analysis.js';
import type { TextLine } from '../src/engine/model/document.js';
import { orderLines } from '../src/engine/order/xy-cut.js';
import { joinListItems } from '../src/engine/paragraphs/lists.js';
import { bornDigitalBlocks, drawTable } from './table-fixtures.js';

async function linesOf(pdf: Uint8Array): Promise<TextLine[]> {
  const doc = PdfDocument.open(await loadPdfium(), pdf);
  try {
    return extractPage(doc, 0).lines;
  } finally {
    doc.close();
  }
}

/** `text` shown with font resource `font` at `size` from (x, y), as raw operators. */
function show(page: PDFPage, font: string, size: number, x: number, y: number, text: string): void {
  const hex = [...text].map((ch) => ch.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  page.pushOperators(beginText(), setFontAndSize(font, size), moveText(x, y), showText(PDFHexString.of(hex)), endText());
}

describe('type size as set', () => {
  it('reads "1 Tf" text scaled by its matrix at the matrix\'s size in every font, however tall its declared ascent and descent', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const fonts = [StandardFonts.Helvetica, StandardFonts.TimesRoman, StandardFonts.Courier];
    const names = await Promise.all(fonts.map(async (f) => page.node.newFontDictionary(f, (await doc.embedFont(f)).ref).asString().slice(1)));
    // One line in three fonts, each run set at "1 Tf" under a matrix of scale 10.
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(10, 0, 0, 10, 0, 0));
    show(page, names[0]!, 1, 7.2, 70, 'Sans words, ');
    show(page, names[1]!, 1, 13.2, 70, 'serif words, ');
    show(page, names[2]!, 1, 19.6, 70, 'fixed words');
    page.pushOperators(popGraphicsState());
    const lines = await linesOf(await doc.save());
    expect(lines).toHaveLength(1);
    const sizes = new Set(lines[0]!.glyphs!.map((g) => g.size.toFixed(2)));
    expect([...sizes]).toEqual(['10.00']);
    expect(lines[0]!.fontSize).toBeCloseTo(10, 2);
  });
});

/** A page showing "Body text" in a Type 1 font named `baseFont` whose descriptor claims stem width `stemV` (the font itself not embedded). */
async function namedFontPdf(baseFont: string, stemV: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const descriptor = doc.context.register(
    doc.context.obj({ Type: 'FontDescriptor', FontName: baseFont, Flags: 34, FontBBox: [-170, -220, 1000, 900], ItalicAngle: 0, Ascent: 700, Descent: -220, CapHeight: 660, StemV: stemV }),
  );
  const font = doc.context.register(
    doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: baseFont, Encoding: 'WinAnsiEncoding', FirstChar: 32, LastChar: 126, Widths: Array(95).fill(500), FontDescriptor: descriptor }),
  );
  const name = page.node.newFontDictionary('F', font).asString().slice(1);
  show(page, name, 10, 72, 700, 'Body text of the report');
  return doc.save();
}

describe('font weight as named', () => {
  it('reads a face its name calls regular as regular, though its descriptor\'s stem width makes PDFium report a bold weight', async () => {
    // A stem width of 157 makes PDFium's weight 768, as in the US government PDFs set in AGaramondPro-Regular.
    const [regular] = await linesOf(await namedFontPdf('AGaramondPro-Regular', 157));
    expect(regular!.text).toBe('Body text of the report');
    expect(regular!.bold).toBe(false);
    const [times] = await linesOf(await namedFontPdf('Times-Roman', 500));
    expect(times!.bold).toBe(false);
  });

  it('reads a face its name calls bold as bold whatever its stem width, and asks the stem width only of a font with no face name', async () => {
    const [bold] = await linesOf(await namedFontPdf('AGaramondPro-Semibold', 80));
    expect(bold!.bold).toBe(true);
    const [medi] = await linesOf(await namedFontPdf('NimbusRomNo9L-Medi', 80));
    expect(medi!.bold).toBe(true);
    const [libertine] = await linesOf(await namedFontPdf('LinLibertineTB', 80));
    expect(libertine!.bold).toBe(true);
    const [libertineRegular] = await linesOf(await namedFontPdf('LinLibertineT', 157));
    expect(libertineRegular!.bold).toBe(false);
    // A generic resource-style name says nothing of the face: the descriptor's stem width decides.
    const [heavy] = await linesOf(await namedFontPdf('F12', 157));
    expect(heavy!.bold).toBe(true);
    const [light] = await linesOf(await namedFontPdf('F13', 70));
    expect(light!.bold).toBe(false);
  });
});

describe('lone marks in ruled cells', () => {
  it('keeps an asterisk alone in each ruled cell of a row instead of joining it to the next cell\'s text as a bullet', async () => {
    const blocks = await bornDigitalBlocks((c) =>
      drawTable(c, {
        x: 72,
        top: 100,
        colWidths: [110, 40, 40, 40, 60],
        rows: [
          ['State', '1975', '1988', '1996', '2011'],
          ['Kerala', '5738', '6633', '8864', '8297'],
          ['Gujarat', '*', '*', '*', '9645'],
          ['Orissa', '3756', '5540', '12024', '8473'],
        ],
        rules: 'lines',
        size: 11,
      }),
    );
    const table = blocks.find((b) => b.type === 'table');
    expect(table?.type).toBe('table');
    const html = table!.type === 'table' ? table!.table_body : '';
    expect(html).toContain('<tr><td>Gujarat</td><td>*</td><td>*</td><td>*</td><td>9645</td></tr>');
  });
});

describe('list items spread down a column', () => {
  it('keeps items 2.6 ems apart one list, as a LaTeX column set flush at the bottom stretches them, and parts items 3 ems apart', () => {
    const size = 10.91;
    const item = (text: string, top: number): LabelledParagraph => ({
      lines: [{ text, box: [329, top, 520, top + 10.4], baseline: top + 8, fontSize: size, bold: false, italic: false, monospace: false }],
      label: 'list',
      trace: [],
    });
    const spread = [item('• Annual operating cost in exposure', 400), item('• Regional liquidity under operating cost', 400 + 10.4 + 2.6 * size)];
    expect(joinListItems(spread)).toHaveLength(1);
    const apart = [item('• Annual operating cost in exposure', 400), item('• Regional liquidity under operating cost', 400 + 10.4 + 3 * size)];
    expect(joinListItems(apart)).toHaveLength(2);
  });
});

describe('a column going on under a section\'s space', () => {
  it('reads the left column on past a heading\'s space where the right column has already ended, before the right column', () => {
    const size = 9.96;
    const at = (text: string, x0: number, x1: number, top: number): TextLine => ({ text, box: [x0, top, x1, top + 7.5], baseline: top + 7, fontSize: size, bold: false, italic: false, monospace: false });
    const lines: TextLine[] = [];
    // Two columns, 12-point pitch; the right one ends (its references) at y 220.
    for (let i = 0; i < 12; i++) lines.push(at(`Left column line ${i + 1} of the body text here`, 38, 288, 100 + 12 * i));
    for (let i = 0; i < 11; i++) lines.push(at(`Right column line ${i + 1} of the reference list`, 306, 556, 100 + 12 * i));
    // The left column goes on under a section heading's space (2.7 ems over 10-point type).
    const below = 100 + 12 * 11 + 7.5 + 2.7 * size;
    lines.push(at('3. Governing law', 38, 120, below));
    for (let i = 0; i < 4; i++) lines.push(at(`Section three line ${i + 1} in the left column`, 38, 288, below + 14 + 12 * i));
    const order = orderLines(lines, 595).flatMap((s) => s.lines.map((l) => l.text));
    expect(order.indexOf('3. Governing law')).toBeLessThan(order.indexOf('Right column line 1 of the reference list'));
    expect(order.indexOf('Left column line 12 of the body text here')).toBeLessThan(order.indexOf('3. Governing law'));
  });
});

describe('a list taken on into the next column', () => {
  it('joins the items that follow its part at the next column\'s top, measured in that column', () => {
    const size = 9.96;
    const at = (text: string, x0: number, x1: number, top: number): TextLine => ({ text, box: [x0, top, x1, top + 7.5], baseline: top + 7, fontSize: size, bold: false, italic: false, monospace: false });
    // An item at the foot of the left column whose nested item was read at the right column's top…
    const list: LabelledParagraph = { lines: [at('• The recurring cash flow rose in Brno between 27 July', 70, 294, 700), at('– Net equity', 334, 385, 76)], label: 'list', trace: [] };
    // …then the next nested items under it, a paragraph of their own (18 points down).
    const next: LabelledParagraph = { lines: [at('– Fiscal dividend for budget line review', 334, 495, 94), at('– Annual tax liability under forecast', 334, 480, 106)], label: 'list', trace: [] };
    const joined = joinListItems([list, next]);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.lines).toHaveLength(4);
  });
});

describe('a figure standing in one column', () => {
  it('keeps a band from being cut through a figure beside the other column\'s text, so the figure\'s column is read first', () => {
    const size = 9.96;
    const at = (text: string, x0: number, x1: number, top: number): TextLine => ({ text, box: [x0, top, x1, top + 7.5], baseline: top + 7, fontSize: size, bold: false, italic: false, monospace: false });
    const lines: TextLine[] = [];
    for (let i = 0; i < 3; i++) lines.push(at(`Abstract line ${i + 1} running across the whole width of the page`, 38, 556, 100 + 12 * i));
    // Right column: a paragraph, a section's space, the next section.
    for (let i = 0; i < 5; i++) lines.push(at(`Right paragraph line ${i + 1}`, 306, 556, 170 + 12 * i));
    lines.push(at('3. Methods', 306, 360, 170 + 12 * 4 + 7.5 + 2.5 * size));
    for (let i = 0; i < 5; i++) lines.push(at(`Methods line ${i + 1}`, 306, 556, 290 + 12 * i));
    // Left column: a chart (no text lines of its own) over its caption and the first section.
    const chart: [number, number, number, number] = [50, 165, 285, 300];
    lines.push(at('Figure 1: Weekly district under dose results.', 60, 280, 305));
    lines.push(at('1. Acknowledgements', 38, 140, 330));
    for (let i = 0; i < 5; i++) lines.push(at(`Left section line ${i + 1}`, 38, 288, 345 + 12 * i));
    const order = orderLines(lines, 595, [chart]).flatMap((s) => s.lines.map((l) => l.text));
    expect(order.indexOf('Left section line 5')).toBeLessThan(order.indexOf('Right paragraph line 1'));
    // Without the chart the gap beside it is a clean band cut, and the right column's first paragraph is read first.
    const plain = orderLines(lines, 595).flatMap((s) => s.lines.map((l) => l.text));
    expect(plain.indexOf('Right paragraph line 1')).toBeLessThan(plain.indexOf('Left section line 5'));
  });
});
