import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { splitColumns } from '../src/engine/input/ocr/detect.js';
import { OcrEngine, type OcrLine } from '../src/engine/input/ocr/ocr.js';
import { displayedBox, rotateImage, unrotateBox } from '../src/engine/input/ocr/orientation.js';
import { ocrLines } from '../src/engine/input/read-pages.js';
import { parseDocument } from '../src/engine/parse.js';
import { loadPdfium, PdfDocument, renderPage, type RgbImage } from '../src/engine/input/pdf/pdfium.js';
import { ocrThreadShare, WorkerPool } from '../src/workers/pool.js';
import type { ParseStats } from '../src/workers/worker.js';
import { imageOnlyPdf, makePdf, rasterize, twoColumnPage } from './fixtures.js';

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
    ({ lines } = await engine.recognize(fixture.image));
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

  it('fits each box to the ink at both ends of its line', () => {
    // Detection grows boxes by about half a line height at each end; the ink is much closer.
    for (const d of fixture.drawn) {
      const hit = lines.find((l) => cer(d.text, l.text) < 0.1);
      expect(hit, `line "${d.text}" not found`).toBeDefined();
      const tol = (d.box[3] - d.box[1]) * 0.2;
      expect(Math.abs(hit!.box[0] - d.box[0])).toBeLessThan(tol);
      expect(Math.abs(hit!.box[2] - d.box[2])).toBeLessThan(tol);
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
    expect(await engine.recognize({ width, height, data })).toMatchObject({ lines: [], rotation: 0 });
  });

  it('handles tiny images', async () => {
    const data = new Uint8Array(5 * 7 * 3).fill(255);
    expect((await engine.recognize({ width: 5, height: 7, data })).lines).toEqual([]);
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

describe('page orientation', () => {
  let engine: OcrEngine;
  let png: Uint8Array;
  let uprightText: string;

  /** The fixture page as a scan turned clockwise by `degrees`, as raw RGB. */
  async function turned(degrees: number, keepSize = false): Promise<RgbImage> {
    let s = sharp(png).rotate(degrees, { background: '#ffffff' });
    if (keepSize) {
      // A skewed scan keeps the paper's size: cut the turned page back to it, about its centre.
      const { width = 0, height = 0 } = await sharp(png).metadata();
      const turnedPng = await s.png().toBuffer();
      const big = await sharp(turnedPng).metadata();
      s = sharp(turnedPng).extract({ left: Math.round((big.width! - width) / 2), top: Math.round((big.height! - height) / 2), width, height });
    }
    const { data, info } = await s.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  }

  const textOf = (lines: OcrLine[]) => lines.map((l) => l.text).join('\n');

  beforeAll(async () => {
    engine = await OcrEngine.create({ threads: 2 });
    png = await rasterize(await makePdf([twoColumnPage()]), 150);
    const upright = await engine.recognize(await turned(0));
    expect(upright.rotation).toBe(0);
    uprightText = textOf(upright.lines);
    expect(uprightText).toContain('Two Column Layout');
  });

  afterAll(async () => {
    await engine?.release();
  });

  for (const degrees of [90, 180, 270]) {
    it(`reads a page scanned turned by ${degrees}°`, async () => {
      const read = await engine.recognize(await turned(degrees));
      expect(read.rotation).toBe((360 - degrees) % 360);
      expect(cer(uprightText, textOf(read.lines))).toBeLessThan(0.02);
    });
  }

  for (const degrees of [3, -4]) {
    it(`levels a page skewed by ${degrees}°`, async () => {
      const read = await engine.recognize(await turned(degrees, true));
      expect(Math.abs(read.rotation + degrees)).toBeLessThan(0.3);
      expect(cer(uprightText, textOf(read.lines))).toBeLessThan(0.02);
    });
  }

  it('reads a small low-resolution page image (72 dpi)', async () => {
    const small = await rasterize(await makePdf([twoColumnPage()]), 72);
    const { data, info } = await sharp(small).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const read = await engine.recognize({ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
    expect(read.lines.length).toBe(25);
    expect(cer(uprightText, textOf(read.lines))).toBeLessThan(0.02);
  });

  it('gives content_list boxes on the page as displayed', async () => {
    const image = await turned(90);
    const rotatedPng = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      raw: { width: image.width, height: image.height, channels: 3 },
    })
      .png()
      .toBuffer();
    const result = await parseDocument(new Uint8Array(rotatedPng), { maxPages: 1, ocr: async () => engine });
    expect(result.markdown).toContain('# Two Column Layout');
    const title = result.content_list.find((b) => b.text === 'Two Column Layout');
    // Turned clockwise, the top of the page (the title) is at the right edge of the image.
    expect(title?.bbox?.[0]).toBeGreaterThan(850);
    expect(title?.bbox?.[2]).toBeLessThanOrEqual(1000);
    // A scanned PDF page turned by 180° is read, with its boxes on the page as displayed.
    const upsideDown = await sharp(png).rotate(180).png().toBuffer();
    const scan = await parseDocument(await imageOnlyPdf(new Uint8Array(upsideDown)), { maxPages: 1, ocr: async () => engine });
    const scanTitle = scan.content_list.find((b) => b.text === 'Two Column Layout');
    expect(scanTitle?.bbox?.[1]).toBeGreaterThan(850);
  });

  it('rotates images and maps boxes back exactly for quarter turns', () => {
    const data = new Uint8Array(4 * 2 * 3).fill(255);
    data.set([0, 0, 0], (1 * 4 + 3) * 3); // a black pixel at x=3, y=1 of a 4x2 image
    const image = { width: 4, height: 2, data };
    const once = rotateImage(image, 90);
    expect([once.width, once.height]).toEqual([2, 4]);
    // Turned clockwise, (3, 1) lands at (0, 3).
    expect(Array.from(once.data.subarray((3 * 2 + 0) * 3, (3 * 2 + 0) * 3 + 3))).toEqual([0, 0, 0]);
    expect(rotateImage(rotateImage(once, 90), 180).data).toEqual(data);
    expect(unrotateBox([0, 3, 1, 4], 90, [2, 4], [4, 2])).toEqual([3, 1, 4, 2]);
    expect(displayedBox([0, 0, 500, 250], 180, 100, 200)).toEqual([500, 750, 1000, 1000]);
  });
});

describe('OCR thread budget', () => {
  it('gives a job running alone all the threads and busy workers equal shares', () => {
    expect(ocrThreadShare(2, 1)).toBe(2);
    expect(ocrThreadShare(2, 2)).toBe(1);
    expect(ocrThreadShare(4, 2)).toBe(2);
    expect(ocrThreadShare(8, 3)).toBe(2);
    expect(ocrThreadShare(2, 3)).toBe(1);
    expect(ocrThreadShare(1, 0)).toBe(1);
  });

  it('shares the budget out among busy workers as jobs start and end', async () => {
    const pool = new WorkerPool({ size: 2, queueLimit: 2, jobTimeoutMs: 120_000, ocrThreadBudget: 2 });
    try {
      const scan = await imageOnlyPdf(await rasterize(await makePdf([twoColumnPage()]), 100));
      type Parsed = { result: { markdown: string }; stats: ParseStats };
      const first = pool.run<Parsed>({ task: 'parse', bytes: scan, maxPages: 5 });
      expect(pool.ocrThreadShares).toEqual([2]);
      const second = pool.run<Parsed>({ task: 'parse', bytes: scan, maxPages: 5 });
      expect(pool.ocrThreadShares).toEqual([1, 1]);
      // Both scans are read whatever share their worker had when each page started.
      for (const { result, stats } of await Promise.all([first, second])) {
        expect(result.markdown).toContain('Left column line 1');
        expect(stats).toMatchObject({ pages: 1, ocrPages: 1 });
      }
      expect(pool.ocrThreadShares).toEqual([]);
    } finally {
      await pool.close();
    }
  });
});

describe('ocrLines', () => {
  it('reads bold from ink density against the body text, not against many light short pieces', () => {
    const width = 1000;
    const height = 800;
    const data = new Uint8Array(width * height * 3).fill(255);
    const lines: OcrLine[] = [];
    /** A box whose pixels are inked at the given share, in a scattered pattern. */
    const paint = (text: string, box: OcrLine['box'], share: number) => {
      for (let y = box[1]; y < box[3]; y++) {
        for (let x = box[0]; x < box[2]; x++) if ((x * 37 + y * 91) % 100 < share * 100) data.fill(0, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
      lines.push({ text, box, score: 0.9 });
    };
    paint('Heading', [50, 20, 400, 50], 0.4);
    for (let i = 0; i < 4; i++) paint(`Body line ${i}`, [50, 70 + i * 40, 950, 100 + i * 40], 0.2);
    // A table of numbers: many short, light cells (more lines than the body has).
    for (let i = 0; i < 12; i++) paint(String(i), [50 + (i % 6) * 150, 300 + Math.floor(i / 6) * 40, 110 + (i % 6) * 150, 330 + Math.floor(i / 6) * 40], 0.08);
    const bold = ocrLines(lines, { width, height, data }, 1).filter((l) => l.bold).map((l) => l.text);
    expect(bold).toEqual(['Heading']);
  });
});

describe('pages that are one image with a sparse text layer', () => {
  it('reads the words in the image and keeps the text layer, without doubling it', async () => {
    // The picture holds a heading and a sentence; the text layer adds a typed label on top.
    const picture = await rasterize(
      await makePdf([
        [
          { text: 'Annual Garden Show', x: 72, y: 120, size: 22, font: 'bold' },
          { text: 'Flowers and vegetables from local growers', x: 72, y: 170, size: 14 },
        ],
      ]),
      150,
    );
    const doc = await PDFDocument.load(await imageOnlyPdf(picture));
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.getPage(0).drawText('Stamped label 2025', { x: 72, y: PAGE_H - 400, size: 12, font });
    const engine = OcrEngine.create({ threads: 2 });
    try {
      const result = await parseDocument(await doc.save(), { maxPages: 5, ocr: () => engine });
      expect(result.markdown).toContain('Stamped label 2025');
      expect(result.markdown).toMatch(/Annual Garden Show/);
      expect(result.markdown).toMatch(/Flowers and vegetables from local growers/);
      expect(result.markdown.match(/Stamped label/g)).toHaveLength(1);
    } finally {
      await (await engine).release();
    }
  });
});
