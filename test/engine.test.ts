// Unit tests of the engine's stages on small generated pages.
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { assemble } from '../src/engine/assemble/assemble.js';
import { classifyPage } from '../src/engine/classify/classify.js';
import { detectFurniture, isPageNumberText } from '../src/engine/furniture/detect.js';
import type { Block } from '../src/engine/model/blocks.js';
import type { Box, Page, TextLine } from '../src/engine/model/document.js';
import { joinLines } from '../src/engine/model/text.js';
import { orderLines } from '../src/engine/order/xy-cut.js';
import { orderAroundFrames } from '../src/engine/order/frames.js';
import { splitParagraphs } from '../src/engine/paragraphs/split.js';
import { attachLoneBullets } from '../src/engine/paragraphs/lines.js';
import { withInlineMath } from '../src/engine/equations/inline.js';
import { analyze } from '../src/engine/pipeline/pipeline.js';
import { needsOcr, ocrLines } from '../src/engine/input/read-pages.js';
import { attachAccents, dropOverprint, extractPage, groupLines, type Char } from '../src/engine/input/pdf/extract.js';
import { loadPdfium, PdfDocument } from '../src/engine/input/pdf/pdfium.js';
import { renderContentList } from '../src/engine/render/content-list.js';
import { renderMarkdown } from '../src/engine/render/markdown.js';
import { imageDimensions, inspect, InputError, sniffKind, TooManyPagesError } from '../src/engine/input/sniff.js';
import { imageOnlyPdf, makePdf, rasterize, reportPage, twoColumnPage } from './fixtures.js';
import { pngHeaderOnly } from './helpers.js';

function line(text: string, x0: number, y0: number, opts: Partial<TextLine> = {}): TextLine {
  const size = opts.fontSize ?? 10;
  return { text, box: [x0, y0, x0 + text.length * size * 0.5, y0 + size], baseline: y0 + size * 0.8, fontSize: size, bold: false, italic: false, monospace: false, ...opts };
}

/** A text-layer page of US-letter size holding `lines`. */
function pageOf(lines: TextLine[], index = 0): Page {
  return { index, width: 612, height: 792, images: [], source: 'text-layer', lines };
}

const analyzeLayout = (pages: Page[]) => analyze(pages).blocks;
const paragraphs = (lines: TextLine[]) => splitParagraphs(lines, 'test').map((p) => p.lines);
const textOf = (b: Block | undefined) => (b && 'text' in b ? b.text : undefined);

/** The block one paragraph of `lines` becomes on a page whose body size is `bodySize`. */
function classify(lines: TextLine[], _page: number, bodySize: number): Block {
  const page = pageOf(lines);
  const [paragraph] = classifyPage({ page, paragraphs: [{ lines, trace: [] }], flow: lines, bodySize }, { inReferences: false });
  return assemble([{ page, furniture: new Map(), units: [{ kind: 'paragraph', paragraph: paragraph! }] }])[0]!;
}

/** The blocks the paragraphs of one page become, classified together (each sees its neighbours). */
function classifyAll(paras: TextLine[][], bodySize: number): Block[] {
  const page = pageOf(paras.flat());
  const labelled = classifyPage({ page, paragraphs: paras.map((lines) => ({ lines, trace: [] })), flow: page.lines, bodySize }, { inReferences: false });
  return assemble([{ page, furniture: new Map(), units: labelled.map((paragraph) => ({ kind: 'paragraph' as const, paragraph })) }]);
}

/** A list block's item texts, or undefined for another block. */
const itemsOf = (b: Block | undefined) => (b?.type === 'list' ? b.items.map((i) => i.text) : undefined);

/** Furniture kinds by the index of their line on the page. */
function furnitureOf(page: Page, labels: Map<TextLine, { kind: string }>): [number, string][] {
  return page.lines.flatMap((l, i): [number, string][] => (labels.has(l) ? [[i, labels.get(l)!.kind]] : []));
}

async function extracted(pdf: Uint8Array, index = 0) {
  const doc = PdfDocument.open(await loadPdfium(), pdf);
  try {
    return extractPage(doc, index);
  } finally {
    doc.close();
  }
}

describe('sniff', () => {
  it('decides the kind by content', async () => {
    expect(sniffKind(await makePdf([[]]))).toBe('pdf');
    expect(sniffKind(pngHeaderOnly(10, 10))).toBe('png');
    expect(sniffKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffKind(new TextEncoder().encode('hello'))).toBeNull();
  });

  it('reads image dimensions from the header', () => {
    expect(imageDimensions(pngHeaderOnly(60000, 123), 'png')).toEqual({ width: 60000, height: 123 });
  });

  it('counts pages and enforces the page limit', async () => {
    const pdfium = await loadPdfium();
    const three = await makePdf([[], [], []]);
    expect(inspect(three, pdfium, 50)).toEqual({ kind: 'pdf', pageCount: 3 });
    expect(() => inspect(three, pdfium, 2)).toThrow(TooManyPagesError);
    expect(() => inspect(pngHeaderOnly(20000, 20000), pdfium, 50)).toThrow(InputError);
  });
});

describe('extraction', () => {
  it('groups characters into lines with positions, sizes and font styles', async () => {
    const page = await extracted(await makePdf([reportPage(1, 'Introduction')]));
    expect(page.width).toBeCloseTo(612);
    const title = page.lines.find((l) => l.text === 'Introduction')!;
    expect(title.bold).toBe(true);
    expect(title.fontSize).toBeCloseTo(20, 0);
    expect(Math.abs(title.box[0] - 72)).toBeLessThan(3); // glyph side bearing
    expect(title.box[3]).toBeLessThan(101); // baseline at 100 pt from the top
    expect(title.box[1]).toBeGreaterThan(80);
    const code = page.lines.find((l) => l.text.startsWith('def parse'))!;
    expect(code.monospace).toBe(true);
    expect(code.text).toBe('def parse(path):');
    expect(page.stats.usableChars).toBeGreaterThan(200);
    expect(needsOcr(page)).toBe(false);
  });

  it('marks glyphs set in a colour of their own hue as tinted, not black or grey ones', async () => {
    const page = await extracted(
      await makePdf([
        [
          { text: 'Blue heading', x: 72, y: 100, colour: [0.12, 0.22, 0.39] },
          { text: 'Grey byline', x: 72, y: 130, colour: [0.45, 0.45, 0.45] },
          { text: 'Black body text', x: 72, y: 160 },
        ],
      ]),
    );
    const tinted = (text: string) => page.lines.find((l) => l.text === text)!.glyphs!.filter((g) => g.code > 32).every((g) => g.style.tinted);
    expect(tinted('Blue heading')).toBe(true);
    expect(tinted('Grey byline')).toBe(false);
    expect(tinted('Black body text')).toBe(false);
  });

  it('gives boxes in the displayed orientation of a rotated page', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const p = doc.addPage([612, 792]);
    // A landscape page stored portrait: text drawn turned 90° reads upright once /Rotate 90 applies.
    p.drawText('Rotated page text', { x: 540, y: 72, size: 12, font, rotate: degrees(90) });
    p.setRotation(degrees(90));
    const page = await extracted(await doc.save());
    expect(page.width).toBeCloseTo(792);
    expect(page.height).toBeCloseTo(612);
    const l = page.lines.find((x) => x.text === 'Rotated page text')!;
    expect(l).toBeDefined();
    expect(l.box[2] - l.box[0]).toBeGreaterThan(l.box[3] - l.box[1]); // horizontal once displayed
    // User-space (540, 72) maps to display (72, 540): near the left edge, 72 pt from the bottom.
    expect(Math.abs(l.box[0] - 72)).toBeLessThan(3);
    expect(Math.abs(l.box[3] - 540)).toBeLessThan(4);
  });

  it('keeps a vertical margin stamp as one rotated line, typed aside_text and kept out of the Markdown', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const p = doc.addPage([612, 792]);
    p.drawText('arXiv:2401.01234v2 [cs.CL] 3 Jan 2024', { x: 30, y: 250, size: 14, font, rotate: degrees(90) });
    p.drawText('Body text of the paper starts here.', { x: 72, y: 700, size: 11, font });
    const bytes = await doc.save();
    const page = await extracted(bytes);
    const stamp = page.lines.find((l) => l.rotated)!;
    expect(stamp.text).toBe('arXiv:2401.01234v2 [cs.CL] 3 Jan 2024');
    expect(stamp.box[3] - stamp.box[1]).toBeGreaterThan(stamp.box[2] - stamp.box[0]);
    const blocks = analyzeLayout([{ ...page, lines: page.lines }]);
    expect(textOf(blocks.find((b) => b.type === 'aside_text'))).toBe(stamp.text);
    expect(renderMarkdown(blocks)).not.toContain('arXiv');
    expect(renderMarkdown(blocks)).toContain('Body text of the paper starts here.');
  });

  const style = { bold: false, italic: false, monospace: false, math: false };
  const glyph = (code: number, x: number, y0 = 100): Char => ({ code, base: y0 + 10, x0: x, y0, x1: x + 6, y1: y0 + 10, size: 10, style, rotated: false, typedSpace: false });

  it('puts accents set as separate glyphs back onto their letters', () => {
    // "Mináč" as TeX sets it: the háček comes after the word, each accent above its letter.
    const letters = [...'Minac'].map((ch, i) => glyph(ch.codePointAt(0)!, 100 + i * 7));
    const acute: Char = { ...glyph(0xb4, 121, 96), y1: 98, base: 110 };
    const caron: Char = { ...glyph(0x2c7, 128, 96), y1: 98, base: 110 };
    const chars = [...letters.slice(0, 3), glyph(32, 0), acute, glyph(32, 0), ...letters.slice(3), caron];
    expect(groupLines(attachAccents(chars))[0]!.text).toBe('Mináč');
    // A backtick beside a letter on the line is not an accent.
    expect(groupLines(attachAccents([glyph(0x60, 100), glyph(0x78, 107)]))[0]!.text).toBe('`x');
  });

  it('reads letter-spaced capitals as words, and leaves normal text and spaced single letters alone', () => {
    // Glyphs 6 wide (advance = ink), each followed by `gaps[k]` of space, as a PDF places them one by one; PDFium's spaces at every gap.
    const setLine = (text: string, gap: (k: number) => number) => {
      const chars: Char[] = [];
      let x = 100;
      [...text].forEach((ch, k) => {
        if (ch === ' ') return;
        if (chars.length) chars.push({ ...glyph(32, 0), x0: 0, x1: 0 });
        chars.push({ ...glyph(ch.codePointAt(0)!, x), advance: [x, x + 6] });
        x += 6 + gap(k);
      });
      return groupLines(chars)[0]!.text;
    };
    // Tracking 1.6 (0.16 em); the word gap 5.3 wide.
    const tracked = 'HARBOR CAPITAL';
    expect(setLine(tracked, (k) => (tracked[k + 1] === ' ' ? 5.3 : 1.6))).toBe('HARBOR CAPITAL');
    // One tracked word, no word gap.
    expect(setLine('MEMORANDUM', () => 1.5)).toBe('MEMORANDUM');
    // Grades set apart by real spaces (0.28 em): single letters, not a tracked word.
    expect(setLine('ABCDEFG', () => 2.8)).toBe('A B C D E F G');
  });

  it('keeps the word spaces of a label run out by leader dots (the dots\' spacing is no tracking)', () => {
    // LaTeX's \dotfill: dots 0.16 em apart, more of them than the letters; words a space apart
    // (0.25 em, PDFium's space there), letters touching.
    const text = `Warm checkpoint of migration${'.'.repeat(40)}The parser was refactored`;
    const chars: Char[] = [];
    let x = 100;
    [...text].forEach((ch, k) => {
      if (ch === ' ') return;
      chars.push({ ...glyph(ch.codePointAt(0)!, x), advance: [x, x + 6] });
      const next = text[k + 1];
      const gap = next === ' ' ? 2.5 : ch === '.' ? 1.6 : 0;
      if (next === ' ') chars.push({ ...glyph(32, 0), x0: 0, x1: 0 });
      x += 6 + gap;
    });
    expect(groupLines(chars)[0]!.text).toMatch(/^Warm checkpoint of migration[. ]+The parser was refactored$/);
  });

  it('keeps right-to-left text on one line although it advances leftwards', () => {
    // "שלום עולם" in logical order, drawn from right to left.
    const word1 = [0x05e9, 0x05dc, 0x05d5, 0x05dd].map((c, i) => glyph(c, 300 - i * 7));
    const space: Char = { ...glyph(32, 0), x0: 0, x1: 0 };
    const word2 = [0x05e2, 0x05d5, 0x05dc, 0x05dd].map((c, i) => glyph(c, 265 - i * 7));
    const lines = groupLines([...word1, space, ...word2]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.text).toBe('שלום עולם');
    // The same line stored in visual order (left to right) reads the same.
    const visual = [...word2].reverse().concat([...word1].reverse());
    expect(groupLines(visual)[0]!.text).toBe('שלום עולם');
    // A number inside right-to-left text keeps its digits left to right.
    // Stored logically: the word right to left, then the number's digits left to right.
    const withNumber = [...word1, space, glyph(0x32, 245), glyph(0x30, 252), glyph(0x32, 259), glyph(0x36, 266)];
    expect(groupLines(withNumber)[0]!.text).toBe('שלום 2026');
  });

  it('reads the lam-alef ligature lam first, whichever order its two characters come in', () => {
    // "کالا" (goods): kaf, alef, then the lam-alef ligature: one glyph whose two characters share its box.
    const kaf = glyph(0x6a9, 300);
    const alef = glyph(0x627, 293);
    const ligature = (codes: number[]) => codes.map((c) => glyph(c, 286));
    expect(groupLines([kaf, alef, ...ligature([0x627, 0x644])])[0]!.text).toBe('کالا');
    expect(groupLines([kaf, alef, ...ligature([0x644, 0x627])])[0]!.text).toBe('کالا');
    // Alef and lam as two glyphs of their own ("ال", the article at a word's start) keep their order.
    expect(groupLines([glyph(0x627, 300), glyph(0x644, 293), glyph(0x628, 286)])[0]!.text).toBe('الب');
  });

  it('keeps a right-to-left table\'s columns as laid out on the page (grids as camelot and tabula give them)', () => {
    const cellLine = (text: string, x: number, y: number) => line(text, x, y);
    const cells = [
      { row: 0, col: 0, rowSpan: 1, colSpan: 1, lines: [cellLine('20300', 80, 100)] },
      { row: 0, col: 1, rowSpan: 1, colSpan: 1, lines: [cellLine('شماره استاندارد ملی', 300, 100)] },
    ];
    const page = pageOf(cells.flatMap((c) => c.lines));
    const region = { kind: 'table' as const, box: [72, 95, 420, 115] as Box, lines: cells.flatMap((c) => c.lines), table: { box: [72, 95, 420, 115] as Box, rows: 1, cols: 2, cells }, trace: [] };
    const [block] = assemble([{ page, furniture: new Map(), units: [{ kind: 'region', placed: { region, captions: [], notes: [] } }] }]);
    const table = block && 'table' in block ? block.table : undefined;
    expect(table?.cells.find((c) => c.col === 0)?.text).toBe('20300');
    expect(table?.cells.find((c) => c.col === 1)?.text).toBe('شماره استاندارد ملی');
  });

  it('keeps a dash left of right-to-left text apart, and joins a right-to-left row from the right', () => {
    const word = (codes: number[], right: number) => codes.map((c, i) => glyph(c, right - (i + 1) * 7));
    // "برنامه سال" (two words) with a dash and a year set apart on its left, on its baseline.
    const rtl = groupLines([...word([0x628, 0x631, 0x646, 0x627, 0x645, 0x647], 300), { ...glyph(32, 0), x0: 0, x1: 0 }, ...word([0x633, 0x627, 0x644], 250)])[0]!;
    const dash = groupLines([glyph(0x2d, 210)])[0]!;
    // A raised note mark set as a piece of its own between the words.
    const mark = groupLines([{ ...glyph(0x31, 253), y0: 97, y1: 103, base: 103, size: 6, x1: 256 }])[0]!;
    // In right-to-left text a bullet stands on the right of its item: the dash is not one.
    expect(attachLoneBullets([rtl, dash]).map((l) => l.text)).toEqual([rtl.text, '-']);
    // The row's pieces, joined by the inline-math reading (which reads left to right), keep the
    // right-to-left text as the extractor read it.
    const joined = withInlineMath([rtl, mark]);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.text.startsWith(rtl.text)).toBe(true);
  });

  it('finds the word spaces of right-to-left text placed word by word, from the glyphs’ advances', () => {
    // Letters 7 wide, their ink 6.8; the words' advances 1.5 apart (0.15 em), their ink 1.7 (less
    // than the 0.2 em of ink gap that alone parts words), no space glyph.
    const word = (codes: number[], right: number) =>
      codes.map((c, i): Char => {
        const x = right - (i + 1) * 7;
        return { ...glyph(c, x), x0: x + 0.1, x1: x + 6.9, advance: [x, x + 7] };
      });
    const first = word([0x05e9, 0x05dc, 0x05d5, 0x05dd], 300);
    const second = word([0x05e2, 0x05d5, 0x05dc, 0x05dd], 300 - 4 * 7 - 1.5);
    expect(groupLines([...first, ...second])[0]!.text).toBe('שלום עולם');
    // Set without the extra advance, the letters read as one word.
    expect(groupLines([...first, ...word([0x05e2, 0x05d5, 0x05dc, 0x05dd], 300 - 4 * 7)])[0]!.text).toBe('שלוםעולם');
  });

  it('marks a page of vector outlines without a text layer for OCR', async () => {
    const doc = await PDFDocument.create();
    const p = doc.addPage([612, 792]);
    for (let i = 0; i < 60; i++) p.drawRectangle({ x: 72 + (i % 20) * 20, y: 600 - Math.floor(i / 20) * 30, width: 8, height: 16 });
    const page = await extracted(await doc.save());
    expect(page.stats.pathObjects).toBeGreaterThanOrEqual(50);
    expect(needsOcr(page)).toBe(true);
    // A normal text page with a few rules is not.
    expect(needsOcr(await extracted(await makePdf([reportPage(1, 'Text')])))).toBe(false);
  });

  it('marks a page whose text layer maps its fonts to the wrong letters for OCR', async () => {
    // Each letter one before its own ("An Open Corpus" as "Zm Nodm Bnqotr"), as a font with a
    // broken encoding gives it.
    const shift = (text: string) => text.replace(/[a-z]/gi, (ch) => (ch === 'a' ? 'z' : ch === 'A' ? 'Z' : String.fromCharCode(ch.charCodeAt(0) - 1)));
    const sentences = Array.from({ length: 14 }, (_, i) => ({ text: `The collection of open documents number ${i} holds several thousand pages of text.`, x: 72, y: 100 + i * 14 }));
    const garbled = await extracted(await makePdf([sentences.map((s) => ({ ...s, text: shift(s.text) }))]));
    expect(garbled.stats.proseWords).toBeGreaterThanOrEqual(50);
    expect(needsOcr(garbled)).toBe(true);
    // The same page in its own letters, and a page of capital abbreviations, keep their text layer.
    expect(needsOcr(await extracted(await makePdf([sentences])))).toBe(false);
    const codes = Array.from({ length: 30 }, (_, i) => ({ text: `TCP UDP HTTP SMTP DNS NTP SSH ${i}`, x: 72, y: 80 + i * 14 }));
    expect(needsOcr(await extracted(await makePdf([codes])))).toBe(false);
  });

  it('marks an image-only page for OCR', async () => {
    const scan = await rasterize(await makePdf([reportPage(1, 'Scan')]), 72);
    const page = await extracted(await imageOnlyPdf(scan));
    expect(page.lines).toHaveLength(0);
    expect(page.stats.imageCoverage).toBeGreaterThan(0.9);
    expect(needsOcr(page)).toBe(true);
  });
});

describe('OCR lines', () => {
  it('reads bold from ink density and scales boxes to page units', () => {
    const width = 400;
    const height = 120;
    const data = new Uint8Array(width * height * 3).fill(255);
    // Paint a share of each 100×20 box dark: 12% for regular lines, 30% for the bold one.
    const paint = (y0: number, share: number) => {
      for (let y = y0; y < y0 + 20; y++) for (let x = 0; x < 100 * share; x++) data.fill(0, (y * width + x) * 3, (y * width + x) * 3 + 3);
    };
    paint(0, 0.3);
    paint(40, 0.12);
    paint(80, 0.12);
    const ocr = [0, 40, 80].map((y, i) => ({ text: `line ${i}`, box: [0, y, 100, y + 20] as [number, number, number, number], score: 0.9 }));
    const lines = ocrLines(ocr, { width, height, data }, 0.5);
    expect(lines.map((l) => l.bold)).toEqual([true, false, false]);
    expect(lines[1]!.box).toEqual([0, 20, 50, 30]);
  });
});

describe('reading order', () => {
  it('reads two columns one after the other, never interleaved, after a full-width title', async () => {
    const page = await extracted(await makePdf([twoColumnPage()]));
    const text = orderLines(page.lines, page.width)
      .flatMap((s) => s.lines)
      .map((l) => l.text);
    expect(text[0]).toBe('Two Column Layout');
    const lastLeft = text.findIndex((t) => t.startsWith('Left column line 12'));
    const firstRight = text.findIndex((t) => t.startsWith('Right column line 1 '));
    expect(lastLeft).toBeGreaterThan(0);
    expect(firstRight).toBe(lastLeft + 1);
  });

  it('reads a title block above a wide gap before a column of labels below it', () => {
    const lines = [
      line('WORK ORDER FORM', 250, 60),
      line('Company name and address', 250, 80),
      ...['DATE', 'NAME', 'ADDRESS', 'PHONE'].map((t, i) => line(t, 60, 160 + i * 20)),
      ...['Account number', 'Account type', 'Commercial', 'Monthly'].map((t, i) => line(t, 300, 160 + i * 20)),
    ];
    const order = orderLines(lines, 612).flatMap((s) => s.lines).map((l) => l.text);
    expect(order.slice(0, 2)).toEqual(['WORK ORDER FORM', 'Company name and address']);
  });

  it('reads two columns column by column even when a wide gap lines up across both', () => {
    const column = (x: number, label: string) => [
      ...[0, 1, 2].map((i) => line(`${label} first section line ${i}`, x, 100 + i * 12)),
      ...[0, 1, 2].map((i) => line(`${label} second section line ${i}`, x, 200 + i * 12)),
    ];
    const order = orderLines([...column(60, 'Left'), ...column(330, 'Right')], 612).flatMap((s) => s.lines).map((l) => l.text);
    expect(order.indexOf('Left second section line 2')).toBeLessThan(order.indexOf('Right first section line 0'));
  });

  it('reads a newspaper page column by column when sections below have their columns elsewhere', () => {
    // A three-column article above a section whose gutters fall inside the article's columns.
    const column = (label: string, x0: number, x1: number, top: number, count: number) =>
      Array.from({ length: count }, (_, i) => line(`${label} ${i}`, x0, top + i * 12, { box: [x0, top + i * 12, x1, top + i * 12 + 10] }));
    const article = [column('A1', 40, 200, 100, 8), column('A2', 215, 375, 100, 8), column('A3', 390, 550, 100, 8)];
    const below = [column('B1', 40, 240, 214, 8), column('B2', 260, 400, 214, 12), column('B3', 415, 550, 214, 12)];
    const order = orderLines([...article, ...below].flat(), 612).flatMap((s) => s.lines).map((l) => l.text);
    const expected = [...article, ...below].flat().map((l) => l.text);
    expect(order).toEqual(expected);
  });

  it('reads a three-column section set close over a two-column one section by section', () => {
    // A web page's CSS columns: no wide gap between the sections, and the lower section's left
    // column (many lines) runs across the upper gutter, so no gutter runs through the whole page.
    const column = (label: string, x0: number, x1: number, top: number, count: number) =>
      Array.from({ length: count }, (_, i) => line(`${label} ${i}`, x0, top + i * 13.5, { box: [x0, top + i * 13.5, x1, top + i * 13.5 + 9] }));
    const upper = [column('U1', 51, 192, 110, 25), column('U2', 222, 348, 110, 24), column('U3', 417, 540, 110, 3)];
    const lower = [column('L1', 51, 289, 463, 22), column('L2', 306, 544, 463, 20)];
    const title = line('A page title across the columns', 51, 62, { box: [51, 62, 405, 78], fontSize: 16 });
    const order = orderLines([title, ...[...upper, ...lower].flat()], 612).flatMap((s) => s.lines).map((l) => l.text);
    expect(order).toEqual([title.text, ...[...upper, ...lower].flat().map((l) => l.text)]);
    // A single column of the same lines stays one segment, top to bottom.
    expect(orderLines(column('S', 51, 289, 100, 30), 612)).toHaveLength(1);
  });

  it('reads a wrapped figure\'s caption beside the text apart from the lines it sits beside', () => {
    const at = (text: string, x0: number, y0: number, x1: number, size = 10.4) => line(text, x0, y0, { box: [x0, y0, x1, y0 + 10], baseline: y0 + 8, fontSize: size });
    const full = (i: number, y: number) => at(`Full line ${i} of the text runs across the whole width`, 135, y, 480);
    const narrow = Array.from({ length: 10 }, (_, i) => at(`Narrow line ${i} beside the figure`, 135, 200 + i * 12, 325));
    // The caption in smaller type, off the text's baselines, two lines right of the gutter.
    const caption = [at('Fig. 2. Pediatric dose under referral', 336, 257, 480, 9.3), at('planning.', 335, 268, 373, 9.3)];
    const lines = [full(1, 164), full(2, 176), full(3, 188), ...narrow, ...caption, full(4, 320), full(5, 332), full(6, 344), full(7, 356)];
    const order = orderLines(lines, 612).flatMap((s) => s.lines).map((l) => l.text);
    expect(order.slice(3, 13)).toEqual(narrow.map((l) => l.text));
    expect(order.slice(13, 15)).toEqual(['Fig. 2. Pediatric dose under referral', 'planning.']);
    // Without the full-width lines: a gutter no line crosses, though the caption's two lines are
    // too few to stand out of the crossings a gutter allows.
    const alone = orderLines([...narrow, ...caption], 612);
    expect(alone.map((s) => s.lines.length)).toEqual([10, 2]);
    // Labels and values on shared baselines (a form) are read row by row, not as columns.
    const form = [full(1, 164), full(2, 176), full(3, 188), ...['Name', 'Date', 'Place'].flatMap((k, i) => [at(k, 135, 200 + i * 12, 170), at(`Value ${i}`, 340, 200 + i * 12, 390)]), full(4, 320), full(5, 332), full(6, 344)];
    const read = orderLines(form, 612).flatMap((s) => s.lines).map((l) => l.text);
    expect(read.indexOf('Value 0')).toBeLessThan(read.indexOf('Date'));
  });

  it('reads each of two wrapped figures\' captions apart on a page where they sit on opposite sides', () => {
    const at = (text: string, x0: number, y0: number, x1: number, size = 10.4) => line(text, x0, y0, { box: [x0, y0, x1, y0 + 10], baseline: y0 + 8, fontSize: size });
    const full = (i: number, y: number) => at(`Full line ${i} of the text runs across the whole width`, 135, y, 480);
    // A figure on the right with its caption beside the text's narrow lines…
    const upper = Array.from({ length: 10 }, (_, i) => at(`Upper line ${i} beside the figure`, 135, 200 + i * 12, 325));
    const caption = [at('Fig. 1. Triplicate substrate in chro-', 336, 257, 480, 9.3), at('matography under review.', 335, 268, 440, 9.3)];
    // …and, lower on the page, one on the left: its text's lines cross the upper gutter.
    const lower = Array.from({ length: 8 }, (_, i) => at(`Lower line ${i} beside the other figure`, 290, 400 + i * 12, 480));
    const other = [at('Fig. 2. Significant chromatography', 135, 450, 280, 9.3), at('for enzyme conditions.', 135, 461, 250, 9.3)];
    const lines = [full(1, 164), full(2, 176), full(3, 188), ...upper, ...caption, full(4, 320), full(5, 332), full(6, 344), full(7, 356), full(8, 368), full(9, 380), ...lower, ...other, full(10, 500), full(11, 512)];
    const order = orderLines(lines, 612).flatMap((s) => s.lines).map((l) => l.text);
    // The upper caption is read after the narrow lines beside it, not between them.
    expect(order.slice(3, 15)).toEqual([...upper, ...caption].map((l) => l.text));
  });

  it('reads a wrapped figure\'s caption set in the body\'s size, on the text\'s baselines and 11 points from it, apart from the text', () => {
    // 15-point type: the 11-point gutter is under the 0.8 em a page's column gutter needs.
    const at = (text: string, x0: number, y0: number, x1: number) => line(text, x0, y0, { box: [x0, y0, x1, y0 + 11], baseline: y0 + 9, fontSize: 14.9 });
    const full = (i: number, y: number) => at(`Full line ${i} of the text runs across the whole width`, 85, y, 526);
    const narrow = Array.from({ length: 10 }, (_, i) => at(`Narrow line ${i} beside the figure`, 86, 430 + i * 14.5, 331));
    // The caption's two lines on the baselines of the last two narrow lines.
    const caption = [at('Figure 7.1: Tail worker pool for bench-', 342, 430 + 8 * 14.5, 526), at('mark planning.', 342, 430 + 9 * 14.5, 412)];
    const lines = [full(1, 386), full(2, 400), full(3, 414), ...narrow, ...caption, full(4, 590), full(5, 604)];
    const order = orderLines(lines, 612).flatMap((s) => s.lines).map((l) => l.text);
    expect(order.slice(3, 15)).toEqual([...narrow, ...caption].map((l) => l.text));
  });

  it('reads a wrapped figure\'s one-line caption apart from the text beside it', () => {
    const at = (text: string, x0: number, y0: number, x1: number) => line(text, x0, y0, { box: [x0, y0, x1, y0 + 11], baseline: y0 + 9, fontSize: 14 });
    const narrow = Array.from({ length: 10 }, (_, i) => at(`Narrow line ${i} beside the figure`, 77, 80 + i * 14.5, 323));
    const caption = at('Figure 1.2: Acute survey.', 366, 80 + 5 * 14.5 + 1, 486);
    const full = [0, 1, 2].map((i) => at(`Full line ${i} of the text runs across the whole width`, 77, 240 + i * 14.5, 519));
    const order = orderLines([...narrow, caption, ...full], 612).flatMap((s) => s.lines).map((l) => l.text);
    expect(order).toEqual([...narrow, caption, ...full].map((l) => l.text));
  });

  it('reads the text of a framed box beside the body as a unit of its own, the body running on without it', () => {
    const body = Array.from({ length: 6 }, (_, i) => line(`Body line ${i} of the section`, 72, 160 + i * 15, { box: [72, 160 + i * 15, 320, 170 + i * 15] }));
    const boxed = [line('Infobox title', 390, 148), line('Founded 1888', 342, 170), line('Location Aarhus', 342, 191)];
    const frame: Box = [333, 132, 541, 270];
    const order = (lines: TextLine[]) => orderAroundFrames(lines, [frame], 612, orderLines).flatMap((s) => s.lines).map((l) => l.text);
    const read = order([line('Title of the page', 72, 100), ...body, ...boxed]);
    // The box after the body segment above its top (the title's band), the body whole after it.
    expect(read).toEqual(['Title of the page', ...boxed.map((l) => l.text), ...body.map((l) => l.text)]);
    // A frame around all of the text is no box of its own.
    expect(orderAroundFrames(boxed, [frame], 612, orderLines).map((s) => s.path)).toEqual(orderLines(boxed, 612).map((s) => s.path));
  });

  it('keeps a single column top to bottom', () => {
    const lines = [line('second', 72, 120), line('first', 72, 100), line('third', 72, 140)];
    expect(orderLines(lines, 612).flatMap((s) => s.lines).map((l) => l.text)).toEqual(['first', 'second', 'third']);
  });
});

describe('furniture', () => {
  it('recognises page-number patterns', () => {
    for (const t of ['12', '- 3 -', 'Page 4 of 10', 'iv', '7 / 9']) expect(isPageNumberText(t), t).toBe(true);
    for (const t of ['Introduction', '2024 results', 'Figure 3']) expect(isPageNumberText(t), t).toBe(false);
  });

  it('types repeated margin lines as header and footer, page numbers as page_number', () => {
    const pages = [1, 2, 3].map((n) =>
      pageOf([line('ACME Annual Report 2025', 72, 30), line('Body text of the page '.repeat(3), 72, 300), line('Confidential', 72, 750), line(String(n), 300, 770)], n - 1),
    );
    const marks = detectFurniture(pages);
    expect(furnitureOf(pages[1]!, marks[1]!)).toEqual([
      [0, 'header'],
      [2, 'footer'],
      [3, 'page_number'],
    ]);
  });

  it('keeps a slide title repeated on its continuation slide, but not a large banner on every page', () => {
    const slides = [0, 1, 2, 3, 4].map((n) =>
      pageOf([line(n === 1 || n === 2 ? 'Data sources' : `Slide ${'abcde'[n]} title`, 20, 20, { fontSize: 16 }), ...Array.from({ length: 4 }, (_, i) => line(`Body line ${i} of the slide`, 72, 200 + i * 20)), line('ACME', 500, 20, { fontSize: 16 })], n),
    );
    const marks = detectFurniture(slides);
    expect(furnitureOf(slides[1]!, marks[1]!)).toEqual([[5, 'header']]);
    expect(furnitureOf(slides[2]!, marks[2]!)).toEqual([[5, 'header']]);
  });

  it('keeps a float\'s caption set high on the page out of the running matter', () => {
    const pages = [0, 1].map((n) =>
      pageOf([line('Running head of the paper', 40, 19), line('TABLE I', 150, 48, { fontSize: 6 }), line('MATERIAL AGREEMENT FOR PARTY CHANGES', 90, 58, { fontSize: 6 }), ...Array.from({ length: 6 }, (_, i) => line(`Body line ${i} of the page under the table`, 40, 200 + i * 14))], n),
    );
    const marks = detectFurniture(pages);
    expect(furnitureOf(pages[0]!, marks[0]!)).toEqual([[0, 'header']]);
  });

  it('finds the page number and a small footer of a page whose text ends above the margin band', () => {
    const body = Array.from({ length: 8 }, (_, i) => line(`Body line ${i} of a half-empty page with a short table.`, 72, 100 + i * 14));
    const page = pageOf([...body, line('62', 300, 500), line('Conference 2015', 450, 690, { fontSize: 6 })]);
    expect(furnitureOf(page, detectFurniture([page])[0]!)).toEqual([
      [8, 'page_number'],
      [9, 'footer'],
    ]);
    // A running header with its page number on one row, below a wide top margin.
    const paper = pageOf([line('Optimized Table Tokenization', 195, 94), line('9', 476, 94), ...body.map((l) => ({ ...l, box: [l.box[0], l.box[1] + 20, l.box[2], l.box[3] + 20] as Box, baseline: l.baseline + 20 }))]);
    expect(furnitureOf(paper, detectFurniture([paper])[0]!)).toEqual([
      [0, 'header'],
      [1, 'page_number'],
    ]);
    // A number that is the last row of the text, right under it, stays content.
    const table = pageOf([...body, line('62', 300, 214)]);
    expect(detectFurniture([table])[0]!.size).toBe(0);
  });

  it('keeps a small caption right under a photograph at the page\'s foot: the picture is body, the caption not set apart', () => {
    const body = Array.from({ length: 8 }, (_, i) => line(`Body line ${i} of a page with a photograph at its foot.`, 72, 100 + i * 14));
    const caption = line('Weekly symptom and referral.', 341, 721, { fontSize: 8 });
    const withPhoto: Page = { ...pageOf([...body, caption]), images: [[341, 583, 523, 716]] };
    expect(detectFurniture([withPhoto])[0]!.has(caption)).toBe(false);
    // Without the photograph, the same line is a small footer set apart.
    expect(detectFurniture([pageOf([...body, caption])])[0]!.get(caption)?.kind).toBe('footer');
    // A picture beside the line (not over it) does not count.
    const beside: Page = { ...pageOf([...body, caption]), images: [[72, 583, 300, 716]] };
    expect(detectFurniture([beside])[0]!.get(caption)?.kind).toBe('footer');
  });

  it('keeps floats\' captions at the content\'s edges in the body: two tables\' captions opening a page, a figure\'s caption at its foot', () => {
    const small = { fontSize: 8 };
    // Two small tables side by side at the top of the page, each captioned above; the prose below them.
    const captions = [line('Table 1. Warm parser and worker pool', 63, 64, small), line('Table 2. Incremental query planner', 306, 64, small)];
    const rows = [0, 1, 2].flatMap((i) => [line(`Cell ${i} left`, 63, 86 + i * 14, small), line(`${i + 17}`, 200, 86 + i * 14, small), line(`Cell ${i} right`, 306, 86 + i * 14, small), line(`${i + 42}`, 450, 86 + i * 14, small)]);
    const body = Array.from({ length: 8 }, (_, i) => line(`Body line ${i} of the page under the two tables here.`, 72, 180 + i * 14));
    const figureCaption = line('Figure 3: Effective clause for liability.', 87, 740, small);
    const page = pageOf([...captions, ...rows, ...body, figureCaption]);
    expect(furnitureOf(page, detectFurniture([page])[0]!)).toEqual([]);
    // The same rows without a caption's label are running matter, as before.
    const plain = pageOf([line('Warm parser and worker pool', 63, 64, small), ...rows, ...body, line('Effective clause for liability.', 87, 740, small)]);
    expect(furnitureOf(plain, detectFurniture([plain])[0]!).map(([, kind]) => kind)).toEqual(['header', 'footer']);
  });

  it('keeps a slide title over a diagram with large labels: small print is small next to the document\'s body too', () => {
    const slide = (index: number, lines: TextLine[]): Page => ({ index, width: 454, height: 255, images: [], source: 'text-layer', lines });
    const title = () => line('Background', 10, 12, { fontSize: 17 });
    const bullets = Array.from({ length: 5 }, (_, i) => line(`Item ${i} of the slide set in the body size`, 30, 60 + i * 18, { fontSize: 11 }));
    const diagram = slide(1, [title(), line('stateless', 105, 69, { fontSize: 20 }), line('endpoint', 275, 67, { fontSize: 20 }), line('idempotent', 96, 152, { fontSize: 20 }), line('benchmark', 264, 153, { fontSize: 20 }), line('Incremental planner', 148, 196, { fontSize: 11 })]);
    const pages = [slide(0, [title(), ...bullets]), diagram, slide(2, [title(), ...bullets])];
    expect(detectFurniture(pages)[1]!.has(diagram.lines[0]!)).toBe(false);
  });

  it('keeps a section heading in small capitals at the top of a column or under the running head in the body', () => {
    const head = () => line('Lazy index and compiler pass results', 229, 19, { fontSize: 8 });
    let n = 0;
    const column = (x: number, top: number) => Array.from({ length: 12 }, (_, i) => line(`${['Alpha', 'Beta', 'Gamma', 'Delta', 'Omega', 'Sigma', 'Kappa'][n % 7]} ${['rose', 'fell', 'held', 'moved'][n++ % 4]} in a column of running text here`, x, top + i * 12, { box: [x, top + i * 12, x + 250, top + i * 12 + 10] }));
    // The last page: one short column opening with "VII. PERFORMANCE ANALYSIS" under the running head.
    const last = pageOf([head(), line('VII. PERFORMANCE ANALYSIS', 100, 52, { fontSize: 8.2 }), ...column(41, 72)], 2);
    // A page whose left column opens with a heading, the right column's first line beside it.
    const opening = pageOf([line('III. ACKNOWLEDGEMENTS', 100, 52, { fontSize: 8.2 }), ...column(41, 72), ...column(303, 52)], 3);
    const pages = [pageOf([head(), ...column(41, 52)], 0), pageOf([head(), ...column(41, 52)], 1), last, opening];
    const marks = detectFurniture(pages);
    expect(furnitureOf(last, marks[2]!)).toEqual([[0, 'header']]);
    expect(furnitureOf(opening, marks[3]!)).toEqual([]);
    // Alone at the top of a page, with neither, such a line is still a running head.
    const alone = pageOf([line('Preprint, not peer reviewed', 100, 40, { fontSize: 8.2 }), ...column(41, 67)], 0);
    expect(furnitureOf(alone, detectFurniture([alone])[0]!)).toEqual([[0, 'header']]);
  });
});

describe('overprint and isolated margin lines', () => {
  it('drops a line drawn twice at almost the same place (fake bold)', () => {
    const a = line('Bold by overprint', 72, 100);
    const b = { ...line('Bold by overprint', 72.4, 100.2), baseline: a.baseline + 0.2 };
    const elsewhere = line('Bold by overprint', 72, 300);
    expect(dropOverprint([a, b, elsewhere])).toEqual([a, elsewhere]);
  });

  it('types a lone line far below the body of a one-page document as a footer', () => {
    const body = Array.from({ length: 20 }, (_, i) => line(`Body line number ${i} of the only page`, 72, 100 + i * 14));
    const page = pageOf([...body, line('Download date: 15. Sep. 2023', 72, 760)]);
    expect(detectFurniture([page])[0]!.get(page.lines[20]!)?.kind).toBe('footer');
    // The last body line, at normal distance, is not furniture even near the bottom.
    const close: Page = { ...page, lines: [...body.map((l) => ({ ...l, box: [l.box[0], l.box[1] + 380, l.box[2], l.box[3] + 380] as typeof l.box, baseline: l.baseline + 380 }))] };
    expect(detectFurniture([close])[0]!.size).toBe(0);
  });
});

describe('blocks', () => {
  it('joins hyphenated words across lines', () => {
    expect(joinLines(['a long exam-', 'ple of text'])).toBe('a long example of text');
    expect(joinLines(['well-known', 'fact'])).toBe('well-known fact');
    expect(joinLines(['state-of-the-', 'Art'])).toBe('state-of-the- Art');
  });

  it('splits paragraphs at vertical gaps and classifies titles, lists and code', () => {
    const lines = [
      line('A Heading', 72, 100, { fontSize: 16, bold: true }),
      line('Body line one of the paragraph.', 72, 130),
      line('Body line two of the paragraph.', 72, 142),
      line('1. first step', 72, 170),
      line('2. second step', 72, 182),
      line('run --fast', 72, 210, { monospace: true }),
    ];
    const paras = paragraphs(lines);
    const blocks = classifyAll(paras, 10);
    expect(blocks.map((b) => b.type)).toEqual(['title', 'text', 'list', 'code']);
    expect(itemsOf(blocks[2])).toEqual(['1. first step', '2. second step']);
    expect(blocks[2]!.type === 'list' && blocks[2]!.items.map((i) => i.enumerated)).toEqual([true, true]);
  });

  it('keeps a line of prose naming code inline in its paragraph, and a listing after prose apart', () => {
    // Each glyph 5 wide; the monospaced words' glyphs in a monospaced face.
    const styled = (text: string, x0: number, y0: number, mono: (k: number) => boolean): TextLine => {
      const glyphs = [...text].map((ch, k) => ({ code: ch.codePointAt(0)!, x0: x0 + k * 5, y0, x1: x0 + k * 5 + 5, y1: y0 + 10, base: y0 + 8, size: 10, style: { bold: false, italic: false, monospace: mono(k), math: false } }));
      const monoCount = glyphs.filter((g) => g.style.monospace).length;
      return { ...line(text, x0, y0), box: [x0, y0, x0 + text.length * 5, y0 + 10], glyphs, monospace: monoCount > glyphs.length / 2 };
    };
    const prose = styled('Traces are called with the native calling conventions (e.g.,', 72, 100, () => false);
    // "FASTCALL_ABI" in the monospaced face, "on x86)." in the text's.
    const inline = styled('FASTCALL_ABI on x86).', 72, 112, (k) => k < 12);
    expect(inline.monospace).toBe(true);
    const blocks = classifyAll(paragraphs([prose, inline]), 10);
    expect(blocks.map((b) => b.type)).toEqual(['text']);
    // A listing's line, all in the monospaced face, after the same prose is code of its own.
    const listing = styled('call(trace, x86);', 72, 112, () => true);
    expect(classifyAll(paragraphs([prose, listing]), 10).map((b) => b.type)).toEqual(['text', 'code']);
  });

  it('parts a hanging-indent bibliography into its entries', () => {
    // Each entry's first line runs to the right edge, its last stops short.
    const at = (text: string, x: number, y: number, right = 540) => ({ ...line(text, x, y), box: [x, y, right, y + 10] as Box });
    const entries = [
      at('Aligon, J., P. Marcel, and E. Negre (2010a). A framework for summarizing a log of', 72, 100),
      at('OLAP queries. In IEEE ICMWI, Special Track on OLAP and Data Warehousing.', 82, 112, 420),
      at('Colas, S., P. Marcel, and E. Negre (2010). Organisation of query logs as a web site. In', 72, 124),
      at('EDA 2010, Volume B-6 of RNTI, Toulouse, pp. 81-95.', 82, 136, 330),
      at('Golfarelli, M. (2003). Handling large workloads by profiling and clustering. In', 72, 148),
      at('DaWaK, pp. 212-223.', 82, 160, 190),
    ];
    expect(paragraphs(entries).map((p) => p.length)).toEqual([2, 2, 2]);
    // Set without the hanging indent, the same lines are one paragraph.
    expect(paragraphs(entries.map((l) => ({ ...l, box: [72, l.box[1], l.box[2], l.box[3]] as Box }))).map((p) => p.length)).toEqual([6]);
  });

  it('keeps an enumerator the sentence wrapped to a line start in its paragraph', () => {
    const full = (text: string, y: number) => ({ ...line(text, 72, y), box: [72, y, 300, y + 10] as Box });
    const lines = [full('We ran four configurations: (a) the baseline interpreter, (b) the', 100), full('tracing compiler, (c) a call-threaded interpreter, and', 112), full('(d) V8, the method-compiling virtual machine, on every test.', 124)];
    expect(paragraphs(lines).map((p) => p.length)).toEqual([3]);
    // After a clause's end, or a line that stops short of the edge, an enumerator starts a list.
    const lead = [full('The service starts in three steps, in this order:', 100), full('1. install it from the registry', 112), full('2. start it', 124)];
    expect(paragraphs(lead).map((p) => p.length)).toEqual([1, 2]);
    const short = [full('We ran four configurations: (a) the baseline interpreter, (b) the', 100), { ...line('tracing compiler', 72, 112), box: [72, 112, 150, 122] as Box }, full('(c) V8, the method-compiling virtual machine, on every test.', 124)];
    expect(paragraphs(short).map((p) => p.length)).toEqual([2, 1]);
    // A contents entry's leaders run to the edge: the next entry's number starts an entry.
    const contents = [full('Chapter 2. Roles and duties . . . . . . . . . . . . 7', 100), full('2.1 Roles . . . . . . . . . . . . . . . . . . . . . 8', 112), full('2.2 Duties . . . . . . . . . . . . . . . . . . . . 9', 124)];
    expect(paragraphs(contents).map((p) => p.length)).toEqual([1, 2]);
  });

  it('nests list items by indentation and keeps each item\'s own marker kind', () => {
    const block = classify(
      [line('1. Install the service', 72, 100), line('• from npm', 90, 112), line('• offline', 90, 124), line('2. Start it', 72, 136)],
      0,
      10,
    );
    expect(itemsOf(block)).toEqual(['1. Install the service', 'from npm', 'offline', '2. Start it']);
    expect(block.type === 'list' && block.items.map((i) => i.level)).toEqual([0, 1, 1, 0]);
    expect(renderMarkdown([block])).toBe('1. Install the service\n    - from npm\n    - offline\n2. Start it\n');
  });

  it('starts a paragraph at a first-line indent even without space between paragraphs', () => {
    const wide = (text: string, x: number, y: number) => ({ ...line(text, x, y), box: [x, y, 540, y + 10] as Box });
    const lines = [wide('First paragraph runs across the column', 72, 100), wide('and ends here.', 72, 112), wide('Second paragraph starts indented', 90, 124), wide('and continues at the margin.', 72, 136)];
    expect(paragraphs(lines).map((p) => p.length)).toEqual([2, 2]);
    // A list's hanging indent does not split its items.
    const list = [line('• an item that runs', 72, 100), line('over two lines', 84, 112)];
    expect(paragraphs(list)).toHaveLength(1);
  });

  it('reads a bullet glued to its text (as OCR reads it) as a list item', () => {
    const block = classify([line('·Understanding the layout', 72, 100), line('•Reading order', 72, 112)], 0, 10);
    expect(block.type).toBe('list');
    expect(itemsOf(block)).toEqual(['Understanding the layout', 'Reading order']);
    // A middle dot inside a line is not a bullet.
    expect(classify([line('·5 per cent', 72, 100)], 0, 10).type).toBe('text');
  });

  it('sets a short first line followed by a full line apart, and reads numbered headings of body size', () => {
    const wide = (text: string, x: number, y: number) => ({ ...line(text, x, y), box: [x, y, 540, y + 10] as Box });
    const lines = [line('4.2 Results of the study', 72, 100, { bold: true }), wide('The measurements were taken on two machines over', 72, 112), wide('three weeks of testing.', 72, 124)];
    const paras = paragraphs(lines);
    expect(paras.map((p) => p.length)).toEqual([1, 2]);
    // After the paragraph before it, with the space a heading has above it.
    const before = [wide('The previous section ends with a paragraph that runs', 72, 60), wide('over two lines of the column.', 72, 72)];
    expect(classifyAll([before, ...paras], 10).map((b) => b.type)).toEqual(['text', 'title', 'text']);
    // A numbered sentence is not a heading.
    expect(classify([line('3 apples were eaten.', 72, 100)], 0, 10).type).toBe('text');
  });

  it('removes bullet glyphs from list items', () => {
    const block = classify([line('• apples', 72, 100), line('• pears that run over', 72, 112), line('two lines', 80, 124)], 0, 10);
    expect(itemsOf(block)).toEqual(['apples', 'pears that run over two lines']);
  });

  it('types small marked notes at the bottom of the page as page_footnote', () => {
    const body = Array.from({ length: 10 }, (_, i) => line(`Body sentence number ${i} with a note marker.`, 72, 100 + i * 14));
    const note = line('1 The footnote explains the marker in smaller type.', 72, 700, { fontSize: 8 });
    const page = pageOf([...body, note]);
    const blocks = analyzeLayout([page]);
    expect(blocks.map((b) => b.type)).toEqual(['text', 'page_footnote']);
    expect(renderMarkdown(blocks)).toContain('1 The footnote explains');
    // Also in the bottom margin band, where running footers live.
    const low: Page = { ...page, lines: [...body, { ...note, box: [72, 760, 300, 768], baseline: 767 }] };
    expect(analyzeLayout([low]).map((b) => b.type)).toEqual(['text', 'page_footnote']);
  });

  it('recognises Symbol-font and arrow bullets, also when the bullet is a line of its own', () => {
    const page = pageOf([line('\uF0B7', 72, 100), line('Word document bullet item', 90, 100), line('» Arrow bullet item', 72, 114)]);
    const blocks = analyzeLayout([page]);
    expect(blocks.map((b) => b.type)).toEqual(['list']);
    expect(itemsOf(blocks[0])).toEqual(['Word document bullet item', 'Arrow bullet item']);
  });

  it('puts a drop cap back in front of the first line of its paragraph', () => {
    const cap = line('T', 72, 98, { fontSize: 36 });
    cap.box = [72, 98, 96, 130];
    const page = pageOf([cap, line('his chapter opens with a large initial letter', 100, 100), line('that spans the first two lines of the text.', 100, 112), line('The rest runs at the full width of the column.', 72, 124)]);
    const blocks = analyzeLayout([page]);
    expect(blocks.map((b) => b.type)).toEqual(['text']);
    expect(textOf(blocks[0])).toMatch(/^This chapter opens with a large initial letter that spans/);
  });

  it('does not take a bold label with its value beside it for a heading', () => {
    const body = Array.from({ length: 6 }, (_, i) => line(`Body sentence number ${i} of the report page.`, 72, 300 + i * 14));
    const page = pageOf([line('Overall', 72, 100, { bold: true }), line('53%', 250, 100, { bold: true }), line('Results', 72, 280, { bold: true }), ...body]);
    const titles = analyzeLayout([page]).filter((b) => b.type === 'title').map(textOf);
    expect(titles).toEqual(['Results']);
  });

  it('types entries under a References heading as ref_text', () => {
    const body = Array.from({ length: 4 }, (_, i) => line(`Body sentence number ${i} closing the last section.`, 72, 60 + i * 12));
    const page = pageOf([...body, line('References', 72, 130, { fontSize: 14, bold: true }), line('[1] A. Author. A paper. 2020.', 72, 160)]);
    const blocks = analyzeLayout([page]);
    expect(blocks.map((b) => b.type)).toEqual(['text', 'title', 'ref_text']);
  });
});

describe('rendering', () => {
  const page: Page = { index: 0, width: 600, height: 800, images: [], source: 'text-layer', lines: [] };
  const box = (x0: number, y0: number, x1: number, y1: number): Box => [x0, y0, x1, y1];
  const blocks: Block[] = [
    { type: 'header', pageIndex: 0, box: box(0, 0, 600, 20), text: 'Running header', trace: [] },
    { type: 'title', pageIndex: 0, box: box(60, 40, 300, 60), text: 'Title', trace: [] },
    { type: 'list', pageIndex: 0, box: box(60, 80, 300, 120), items: [{ text: 'a', enumerated: false, level: 0 }, { text: 'b', enumerated: false, level: 0 }], subType: 'text', trace: [] },
    { type: 'list', pageIndex: 0, box: box(60, 130, 300, 160), items: [{ text: '1. one', enumerated: true, level: 0 }], subType: 'text', trace: [] },
    { type: 'code', pageIndex: 0, box: box(60, 170, 300, 200), code: 'x = 1\n  y', subType: 'code', trace: [] },
    { type: 'equation', pageIndex: 0, box: box(60, 210, 300, 240), latex: 'E = mc^2', trace: [] },
    { type: 'page_number', pageIndex: 0, box: box(290, 780, 310, 790), text: '1', trace: [] },
  ];

  it('writes the Markdown conventions and leaves furniture out', () => {
    expect(renderMarkdown(blocks)).toBe('# Title\n\n- a\n- b\n\n1. one\n\n```\nx = 1\n  y\n```\n\n$$\nE = mc^2\n$$\n');
  });

  it('writes a picture\'s credit as its footnote, after its caption', () => {
    const photo: Block = { type: 'image', pageIndex: 0, box: [0, 0, 100, 100], captions: ['Figure 1: The harbour.'], footnotes: ['Photo: A. Name / Reuters'], trace: [] };
    expect(renderMarkdown([photo])).toBe('Figure 1: The harbour.\n\nPhoto: A. Name / Reuters\n');
    expect(renderContentList([photo], [page])[0]).toMatchObject({ type: 'image', image_caption: ['Figure 1: The harbour.'], image_footnote: ['Photo: A. Name / Reuters'] });
    expect(renderContentList([{ ...photo, footnotes: [] }], [page])[0]!.image_footnote).toBeUndefined();
  });

  it('escapes text that would read as Markdown syntax', () => {
    const text: Block = { type: 'text', pageIndex: 0, box: [0, 0, 10, 10], text: '# of rows', trace: [] };
    expect(renderMarkdown([text])).toBe('\\# of rows\n');
    expect(renderContentList([text], [page])[0]!.text).toBe('# of rows');
  });

  it('fills content_list with all twelve fields, nulls where not applicable, bbox scaled to 0-1000', () => {
    const list = renderContentList(blocks, [page]);
    expect(list[1]).toEqual({
      type: 'text', page_idx: 0, bbox: [100, 50, 500, 75], text: 'Title', text_level: null, text_format: null,
      img_path: null, content: null, sub_type: null, list_items: null, table_body: null, code_body: null,
    });
    expect(list[2]).toMatchObject({ type: 'list', text: null, list_items: ['a', 'b'], sub_type: 'text' });
    expect(list[4]).toMatchObject({ type: 'code', text: null, code_body: 'x = 1\n  y', sub_type: 'code' });
    expect(list[5]).toMatchObject({ type: 'equation', text: 'E = mc^2', text_format: 'latex' });
    expect(list[6]).toMatchObject({ type: 'page_number', text: '1' });
  });
});
