// Boxes set on a background of their own (a web page's sidebar on a shaded, rounded rectangle)
// are read as a unit: the body beside them reads on without their lines in between.
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../src/engine/index.js';
import { extractPage } from '../src/engine/input/pdf/extract.js';
import { loadPdfium, PdfDocument } from '../src/engine/input/pdf/pdfium.js';
import type { TextLine } from '../src/engine/model/document.js';
import { backgroundFrames, orderAroundFrames } from '../src/engine/order/frames.js';
import type { Segment } from '../src/engine/order/xy-cut.js';

const noOcr = () => Promise.reject(new Error('no OCR expected'));
const ROUNDED = (w: number, h: number, r: number) => `M ${r} 0 L ${w - r} 0 Q ${w} 0 ${w} ${r} L ${w} ${h - r} Q ${w} ${h} ${w - r} ${h} L ${r} ${h} Q 0 ${h} 0 ${h - r} L 0 ${r} Q 0 0 ${r} 0 Z`;

async function sidebarPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const page = doc.addPage([612, 792]);
  const text = (s: string, x: number, y: number, f = font) => page.drawText(s, { x, y: 792 - y, size: 11, font: f });
  // The body column, lines 15 points apart; the sidebar beside it on a shaded rounded box, its
  // lines set 14 points apart from a slightly different top, so rows interleave.
  // Full-width lines above and below the part beside the box: no gutter runs down the page.
  const wide = (n: number) => `Body sentence ${n} of the running text goes on across the whole width of the page here, and on,`;
  for (let i = 0; i < 8; i++) text(wide(i + 1), 62, 60 + i * 15);
  const body = Array.from({ length: 14 }, (_, i) => `Body sentence ${i + 9} of the running text goes on here,`);
  body.forEach((s, i) => text(s, 62, 180 + i * 15));
  for (let i = 0; i < 8; i++) text(wide(i + 23), 62, 400 + i * 15);
  page.drawSvgPath(ROUNDED(200, 100, 8), { x: 350, y: 792 - 230, color: rgb(0.93, 0.95, 0.98) });
  text('Eligible district', 357, 244, bold);
  ['The regional clinic was seen', 'in Toulouse between the two', 'dates of the survey in 2024.', 'It closed in the spring.'].forEach((s, i) => text(s, 357, 258 + i * 14));
  // A filled ellipse around nothing, and a small filled circle: not backgrounds of text.
  page.drawEllipse({ x: 450, y: 792 - 600, xScale: 60, yScale: 30, color: rgb(0.9, 0.9, 0.9) });
  return doc.save();
}

describe('backgrounds of boxes', () => {
  it('reads filled rectangles, rounded or not, as fills, and no ellipse', async () => {
    const doc = PdfDocument.open(await loadPdfium(), await sidebarPage());
    try {
      const page = extractPage(doc, 0);
      expect(page.fills).toHaveLength(1);
      expect(page.fills![0]!.map(Math.round)).toEqual([350, 230, 550, 330]);
    } finally {
      doc.close();
    }
  });

  it('reads the text on a background beside the body as a unit, the body whole around it', async () => {
    const result = await parseDocument(await sidebarPage(), { maxPages: 5, ocr: noOcr });
    const md = result.markdown;
    const sidebar = md.indexOf('The regional clinic was seen in Toulouse between the two dates of the survey in 2024.');
    expect(sidebar).toBeGreaterThan(0);
    // No body sentence inside the sidebar's text, and the body's sentences in order.
    expect(md.slice(sidebar, md.indexOf('spring.', sidebar))).not.toContain('Body sentence');
    const positions = Array.from({ length: 30 }, (_, i) => md.indexOf(`Body sentence ${i + 1} `));
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
  });

  it('takes the outermost background holding two lines or more, and none holding all of them', () => {
    const line = (text: string, x: number, y: number): TextLine => ({ text, box: [x, y, x + 100, y + 10], baseline: y + 8, fontSize: 10, bold: false, italic: false, monospace: false });
    const lines = [line('body a', 60, 100), line('body b', 60, 115), line('box a', 360, 100), line('box b', 360, 115), line('box c', 360, 130)];
    const outer: [number, number, number, number] = [350, 95, 550, 150];
    const titleBar: [number, number, number, number] = [350, 95, 550, 128];
    const highlight: [number, number, number, number] = [58, 98, 170, 112];
    expect(backgroundFrames([titleBar, outer, highlight], lines, [])).toEqual([outer]);
    expect(backgroundFrames([[0, 0, 612, 792]], lines, [])).toEqual([]);
    expect(backgroundFrames([outer], lines, [[340, 90, 560, 160]])).toEqual([]);
  });

  it('moves a background\'s lines only when the plain order breaks them up', () => {
    const line = (text: string, x: number, y: number): TextLine => ({ text, box: [x, y, x + 100, y + 10], baseline: y + 8, fontSize: 10, bold: false, italic: false, monospace: false });
    const body = [line('body 1', 60, 100), line('body 2', 60, 115), line('body 3', 60, 130)];
    const boxed = [line('box 1', 360, 113), line('box 2', 360, 128)];
    const shade: [number, number, number, number] = [350, 111, 550, 140];
    const rowByRow = (lines: readonly TextLine[]): Segment[] => [{ lines: [...lines].sort((a, b) => a.box[1] - b.box[1]), path: 'page' }];
    const columns = (lines: readonly TextLine[]): Segment[] => [{ lines: body.filter((l) => lines.includes(l)), path: 'left' }, { lines: boxed.filter((l) => lines.includes(l)), path: 'right' }];
    const read = (order: typeof rowByRow) => orderAroundFrames([...body, ...boxed], [], 612, order, [shade]).flatMap((s) => s.lines.map((l) => l.text));
    // Read row by row the box's lines fell between the body's: they are read apart, after the body line above the box.
    expect(read(rowByRow)).toEqual(['body 1', 'box 1', 'box 2', 'body 2', 'body 3']);
    // Read column by column they were together already: that order stands.
    expect(read(columns)).toEqual(['body 1', 'body 2', 'body 3', 'box 1', 'box 2']);
    // Read between two lines of one column's text (the stretch beside the box, then the line
    // below it), the box goes before that text instead of cutting it.
    const flow = (lines: readonly TextLine[]): Segment[] => [
      { lines: body.slice(0, 2).filter((l) => lines.includes(l)), path: 'beside' },
      { lines: boxed.filter((l) => lines.includes(l)), path: 'box' },
      { lines: body.slice(2).filter((l) => lines.includes(l)), path: 'below' },
    ];
    expect(read(flow)).toEqual(['body 1', 'box 1', 'box 2', 'body 2', 'body 3']);
  });

  it('takes cards set edge to edge as two backgrounds: touching boxes share no text', () => {
    const line = (text: string, x: number, y: number): TextLine => ({ text, box: [x, y, x + 100, y + 10], baseline: y + 8, fontSize: 10, bold: false, italic: false, monospace: false });
    const lines = [line('title', 60, 40), line('left a', 70, 100), line('left b', 70, 115), line('right a', 330, 100), line('right b', 330, 115)];
    // Each card's fill reaches 2 points into the other (a shadow's rim).
    const left: [number, number, number, number] = [60, 90, 322, 140];
    const right: [number, number, number, number] = [320, 90, 580, 140];
    expect(backgroundFrames([left, right], lines, [])).toEqual([left, right]);
  });

  it('reads boxes after the line above them: side by side left to right, a box under a box right after it', () => {
    const line = (text: string, x: number, y: number): TextLine => ({ text, box: [x, y, x + 100, y + 10], baseline: y + 8, fontSize: 10, bold: false, italic: false, monospace: false });
    const intro = line('intro', 60, 40);
    const cards = [
      [line('top left 1', 70, 100), line('top left 2', 70, 115)],
      [line('top right 1', 330, 100), line('top right 2', 330, 115)],
      [line('low left 1', 70, 200), line('low left 2', 70, 215)],
    ];
    const frames: Array<[number, number, number, number]> = [
      [60, 90, 300, 140],
      [320, 90, 560, 140],
      [60, 190, 300, 240],
    ];
    const all = [intro, ...cards.flat()];
    const rowByRow = (lines: readonly TextLine[]): Segment[] => [{ lines: [...lines].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]), path: 'page' }];
    // Whatever order the frames come in: the two top boxes after the intro, left first; the box
    // under the left one right after it (a side column of boxes reads down).
    for (const given of [frames, [...frames].reverse()]) {
      const read = orderAroundFrames(all, given, 612, rowByRow).flatMap((s) => s.lines.map((l) => l.text));
      expect(read).toEqual(['intro', 'top left 1', 'top left 2', 'low left 1', 'low left 2', 'top right 1', 'top right 2']);
    }
  });
});
