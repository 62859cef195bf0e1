// The size of an OCR line from its x-height band, not from its box (which spans the letters it holds).
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../src/engine/input/pdf/pdfium.js';
import type { TextLine } from '../src/engine/model/document.js';
import { splitParagraphs } from '../src/engine/paragraphs/split.js';
import { ocrLineSizes } from '../src/engine/input/ocr-size.js';
import { drawnPdf, drawTexts, rendered } from './table-fixtures.js';

/** The box OCR would give a line: its ink's rows and columns, padded by a fifth of its height. */
function inkBox(image: RgbImage, top: number, bottom: number): [number, number, number, number] {
  let x0 = image.width;
  let x1 = 0;
  let y0 = bottom;
  let y1 = top;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 3;
      if (image.data[i]! + image.data[i + 1]! + image.data[i + 2]! >= 384) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y + 1);
    }
  }
  const pad = (y1 - y0) / 5;
  return [x0 - pad, y0 - pad, x1 + pad, y1 + pad];
}

describe('OCR line sizes', () => {
  it('gives lines of one size one size whatever letters they hold, and a larger line a larger size', async () => {
    const texts = ['ere none were seen', 'Typing quickly by day', 'A summary of our work', 'more in a new era', 'Larger heading type', 'on 01.06.2025 and 2025-07-07'];
    const sizes = [10, 10, 10, 10, 16, 10];
    const pdf = await drawnPdf([(c) => drawTexts(c, texts.map((text, i) => ({ text, x: 72, y: 100 + 30 * i, size: sizes[i]! })))]);
    const dpi = 200;
    const image = await rendered(pdf, dpi);
    const px = dpi / 72;
    const boxes = texts.map((_, i) => inkBox(image, Math.round((100 + 30 * i - 18) * px), Math.round((100 + 30 * i + 8) * px)));
    const boxSizes = boxes.map((b) => (b[3] - b[1]) / 1.3 / px);
    // The boxes differ by a fifth or more between lines of one size (capitals, descenders).
    expect(Math.max(...boxSizes.slice(0, 4)) / Math.min(...boxSizes.slice(0, 4))).toBeGreaterThan(1.2);
    const out = ocrLineSizes(image, boxes, texts, boxSizes);
    const body = out.slice(0, 4);
    expect(Math.max(...body) / Math.min(...body)).toBeLessThan(1.08);
    expect(out[4]! / body[0]!).toBeGreaterThan(1.4);
    // Figures among few small letters: the densest rows are the figures' height, not the x-height; the box says.
    expect(out[5]).toBe(boxSizes[5]);
    // The page's scale stays the boxes': the median size is about theirs.
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(med(out)).toBeCloseTo(med(boxSizes), 0);
  });

  it('keeps the box size where the band does not tell (too few lines, blank, a mix of capitals and small letters)', async () => {
    const image = await rendered(await drawnPdf([() => {}]), 100);
    const boxes: Array<[number, number, number, number]> = [[10, 10, 200, 30], [10, 40, 200, 60]];
    expect(ocrLineSizes(image, boxes, ['blank', 'page'], [9, 11])).toEqual([9, 11]);
  });
});

describe('paragraphs of OCR lines', () => {
  /** An OCR line: its box height (and so fontSize) follows its letters; inkSize is its type's. */
  const ocr = (text: string, top: number, fontSize: number, inkSize?: number): TextLine => ({
    text, box: [72, top, 300, top + fontSize * 1.3], baseline: top + fontSize * 1.3, fontSize, ...(inkSize ? { inkSize } : {}), bold: false, italic: false, monospace: false,
  });
  it('compares lines by their type size, not their boxes: lines of one size stay one paragraph', () => {
    // Boxes 8.4 and 10.4 "points": a fifth apart, read as a change of size before.
    const lines = [ocr('ere none were seen on the way in', 100, 8.4, 9.6), ocr('Typing quickly by day and by night', 113, 10.4, 9.7), ocr('more in a new era of our time.', 126, 8.4, 9.5)];
    expect(splitParagraphs(lines, 'page')).toHaveLength(1);
    const boxOnly = lines.map(({ inkSize: _, ...l }) => l);
    expect(splitParagraphs(boxOnly, 'page').length).toBeGreaterThan(1);
  });
});
