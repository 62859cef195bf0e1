import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { OcrEngine, splitColumns, type OcrLine } from '../src/engine/ocr/ocr.js';
import { loadPdfium, PdfDocument, renderPage, type RgbImage } from '../src/engine/pdf/pdfium.js';

const DPI = 150;
const PAGE_W = 612;
const PAGE_H = 792;

interface Drawn {
  text: string;
  /** Expected box in pixels [x0, y0, x1, y1]. */
  box: [number, number, number, number];
  column?: 'left' | 'right';
}

const BODY: Array<[string, number]> = [
  ['Quarterly Report on Regional Sales', 14],
  ['The northern region grew by twelve percent this year.', 12],
  ['Shipping delays affected the western warehouses in March.', 11],
  ['Customer satisfaction scores reached a record high of 92.', 12],
  ['Please review the attached figures before the meeting.', 13],
];

const LEFT = ['Apples and pears', 'Morning coffee', 'Silver bicycle', 'Garden fence'];
const RIGHT = ['Winter jacket', 'Yellow lantern', 'Quiet harbour', 'Paper kites'];

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

function norm(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function cer(expected: string, actual: string): number {
  return levenshtein(norm(expected), norm(actual)) / Math.max(1, norm(expected).length);
}

const px = (pt: number) => (pt * DPI) / 72;

async function buildFixture(): Promise<{ image: RgbImage; drawn: Drawn[] }> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([PAGE_W, PAGE_H]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const drawn: Drawn[] = [];
  const draw = (text: string, x: number, baseline: number, size: number, column?: 'left' | 'right') => {
    page.drawText(text, { x, y: baseline, size, font, color: rgb(0, 0, 0) });
    const w = font.widthOfTextAtSize(text, size);
    const ascent = font.heightAtSize(size, { descender: false });
    const descent = font.heightAtSize(size) - ascent;
    drawn.push({
      text,
      column,
      box: [px(x), px(PAGE_H - baseline - ascent), px(x + w), px(PAGE_H - baseline + descent)],
    });
    return w;
  };
  let y = PAGE_H - 90;
  for (const [text, size] of BODY) {
    draw(text, 72, y, size);
    y -= size * 2;
  }
  // Two columns separated by a 30pt gap.
  y -= 20;
  const size = 12;
  const leftWidth = Math.max(...LEFT.map((t) => font.widthOfTextAtSize(t, size)));
  const rightX = 72 + leftWidth + 30;
  for (let i = 0; i < LEFT.length; i++) {
    draw(LEFT[i]!, 72, y, size, 'left');
    draw(RIGHT[i]!, rightX, y, size, 'right');
    y -= size * 1.5;
  }
  const bytes = await pdf.save();
  const pdfium = await loadPdfium();
  const doc = PdfDocument.open(pdfium, bytes);
  try {
    return { image: renderPage(doc, 0, DPI), drawn };
  } finally {
    doc.close();
  }
}

function overlap(a: number[], b: number[]): number {
  const w = Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!);
  const h = Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!);
  return w > 0 && h > 0 ? w * h : 0;
}

describe('OcrEngine', () => {
  let engine: OcrEngine;
  let fixture: { image: RgbImage; drawn: Drawn[] };
  let lines: OcrLine[];

  beforeAll(async () => {
    [engine, fixture] = await Promise.all([OcrEngine.create({ threads: 2 }), buildFixture()]);
    lines = await engine.recognize(fixture.image);
  });

  afterAll(async () => {
    await engine?.release();
  });

  it('recognises the text with a low character error rate', () => {
    // Reading order: top to bottom, left to right within a row (the two columns interleave).
    const expected = [...fixture.drawn].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
    const exp = expected.map((d) => d.text).join('\n');
    const got = lines.map((l) => l.text).join('\n');
    const rate = cer(exp, got);
    expect(rate, `expected:\n${exp}\n\ngot:\n${got}`).toBeLessThan(0.02);
    expect(lines.length).toBe(expected.length);
    for (const l of lines) {
      expect(l.score).toBeGreaterThanOrEqual(0.5);
      expect(l.score).toBeLessThanOrEqual(1);
    }
  });

  it('puts each box where its text was drawn', () => {
    for (const d of fixture.drawn) {
      const [x0, y0, x1, y1] = d.box;
      const area = (x1 - x0) * (y1 - y0);
      // The recognised line that overlaps the drawn text most.
      const best = lines.reduce<OcrLine | undefined>(
        (acc, l) => (overlap(l.box, d.box) > (acc ? overlap(acc.box, d.box) : 0) ? l : acc),
        undefined,
      );
      expect(best, `no box for "${d.text}"`).toBeDefined();
      const b = best!.box;
      expect(cer(d.text, best!.text), `"${d.text}" vs "${best!.text}"`).toBeLessThan(0.1);
      // The box covers most of the drawn text and is not much larger than it.
      expect(overlap(b, d.box) / area).toBeGreaterThan(0.85);
      const tol = (y1 - y0) * 0.8;
      expect(Math.abs(b[0] - x0)).toBeLessThan(tol);
      expect(Math.abs(b[2] - x1)).toBeLessThan(tol);
      expect(Math.abs(b[1] - y0)).toBeLessThan(tol);
      expect(Math.abs(b[3] - y1)).toBeLessThan(tol);
      expect(b[0]).toBeLessThan(b[2]);
      expect(b[1]).toBeLessThan(b[3]);
    }
  });

  it('keeps the two columns apart', () => {
    const words = (list: string[]) => new Set(list.flatMap((t) => t.toLowerCase().split(' ')));
    const left = words(LEFT);
    const right = words(RIGHT);
    for (const l of lines) {
      const ws = l.text.toLowerCase().split(/\s+/);
      const hasLeft = ws.some((w) => left.has(w));
      const hasRight = ws.some((w) => right.has(w));
      expect(hasLeft && hasRight, `line mixes columns: "${l.text}"`).toBe(false);
    }
    const rightX0 = Math.min(...fixture.drawn.filter((d) => d.column === 'right').map((d) => d.box[0]));
    const leftX1 = Math.max(...fixture.drawn.filter((d) => d.column === 'left').map((d) => d.box[2]));
    for (const d of fixture.drawn.filter((x) => x.column)) {
      const hit = lines.find((l) => l.text === d.text || cer(d.text, l.text) < 0.1);
      expect(hit, `column line "${d.text}" not found`).toBeDefined();
      if (d.column === 'left') expect(hit!.box[2]).toBeLessThan(rightX0);
      else expect(hit!.box[0]).toBeGreaterThan(leftX1);
    }
  });

  it('returns lines in top-to-bottom, left-to-right order', () => {
    for (let i = 1; i < lines.length; i++) {
      const a = lines[i - 1]!.box;
      const b = lines[i]!.box;
      const sameRow = Math.abs((a[1] + a[3]) / 2 - (b[1] + b[3]) / 2) < (a[3] - a[1]) / 3;
      if (sameRow) expect(b[0]).toBeGreaterThan(a[0]);
      else expect((b[1] + b[3]) / 2).toBeGreaterThan((a[1] + a[3]) / 2);
    }
  });

  it('returns [] for a blank white image', async () => {
    const width = 800;
    const height = 600;
    const data = new Uint8Array(width * height * 3).fill(255);
    expect(await engine.recognize({ width, height, data })).toEqual([]);
  });

  it('handles tiny images', async () => {
    const data = new Uint8Array(5 * 7 * 3).fill(255);
    expect(await engine.recognize({ width: 5, height: 7, data })).toEqual([]);
  });
});

describe('splitColumns', () => {
  // A synthetic probability map: one component of height 8 spanning two "columns" that a weak
  // bridge (0.35 > threshold 0.3, so one connected component) joins.
  function map(gapFrom: number, gapTo: number): { prob: Float32Array; w: number } {
    const w = 200;
    const prob = new Float32Array(w * 20);
    for (let y = 5; y <= 12; y++) {
      for (let x = 10; x <= 180; x++) prob[y * w + x] = x >= gapFrom && x <= gapTo ? (y === 8 ? 0.35 : 0) : 0.9;
    }
    return { prob, w };
  }

  it('splits a box at a gap wider than two box heights', () => {
    const { prob, w } = map(61, 120);
    expect(splitColumns(prob, w, { x0: 10, y0: 5, x1: 180, y1: 12 })).toEqual([
      { x0: 10, y0: 5, x1: 60, y1: 12 },
      { x0: 121, y0: 5, x1: 180, y1: 12 },
    ]);
  });

  it('keeps word gaps together', () => {
    const { prob, w } = map(61, 70);
    const box = { x0: 10, y0: 5, x1: 180, y1: 12 };
    expect(splitColumns(prob, w, box)).toEqual([box]);
  });
});
