import { describe, expect, it } from 'vitest';
import { imagePictures } from '../src/engine/input/image-pictures.js';
import { detectImages } from '../src/engine/images/detect.js';
import type { Box, Page } from '../src/engine/model/document.js';
import type { RgbImage } from '../src/engine/input/pdf/pdfium.js';

/** A white page of 1700 × 2200 pixels (US Letter at 200 dpi) to draw on. */
function page(): RgbImage & { fill(box: Box, value: (x: number, y: number) => number): void } {
  const width = 1700;
  const height = 2200;
  const data = new Uint8Array(width * height * 3).fill(255);
  return {
    width,
    height,
    data,
    fill(box, value) {
      for (let y = box[1]; y < box[3]; y++) {
        for (let x = box[0]; x < box[2]; x++) {
          const v = value(x, y);
          if (v >= 0) data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
        }
      }
    },
  };
}

/** Glyph-like ink along a text line's box: dark strokes 6 px wide every 14 px (-1: the pixel is left as it is). */
const text = (x: number, y: number) => (x % 14 < 6 && y % 30 < 24 ? 20 : -1);
/** A photograph's texture: brightness changing every few pixels. */
const photo = (x: number, y: number) => ((x * 7 + y * 13) % 23) * 10;

describe('pictures of a page image', () => {
  it('finds a photograph between text lines, and nothing in the text, a ruled table or a tinted box', () => {
    const image = page();
    const lines: Box[] = [];
    for (let i = 0; i < 8; i++) lines.push([150, 150 + i * 40, 1550, 180 + i * 40]);
    for (const l of lines) image.fill(l, text);
    image.fill([400, 520, 1300, 1000], photo); // the photograph
    // A ruled table: its rules are found by imageRules and given as rules; its cells hold text.
    const rules: Box[] = [];
    for (let r = 0; r < 5; r++) {
      image.fill([150, 1100 + r * 60, 1550, 1102 + r * 60], () => 0);
      rules.push([150, 1100 + r * 60, 1550, 1100 + r * 60]);
      if (r < 4) {
        const cell: Box = [170, 1115 + r * 60, 600, 1145 + r * 60];
        image.fill(cell, text);
        lines.push(cell);
      }
    }
    // A table drawn in light grey rules (too light to be found as rules), text in its cells.
    for (let r = 0; r < 4; r++) image.fill([150, 1380 + r * 30, 1550, 1382 + r * 30], () => 200);
    for (const x of [150, 700, 1548]) image.fill([x, 1380, x + 2, 1472], () => 200);
    // A tinted box with text inside: flat colour, an edge only at its border.
    image.fill([150, 1500, 1550, 1900], () => 220);
    for (let i = 0; i < 6; i++) {
      const l: Box = [200, 1530 + i * 50, 1500, 1560 + i * 50];
      image.fill(l, text);
      lines.push(l);
    }
    const pictures = imagePictures(image, lines, rules, 0.36).pictures;
    expect(pictures).toHaveLength(1);
    const [x0, y0, x1, y1] = pictures[0]!.box.map((v) => v / 0.36);
    // Within a cell or two of the photograph.
    expect(Math.abs(x0! - 400)).toBeLessThan(15);
    expect(Math.abs(y0! - 520)).toBeLessThan(15);
    expect(Math.abs(x1! - 1300)).toBeLessThan(15);
    expect(Math.abs(y1! - 1000)).toBeLessThan(15);
  });

  it('finds a smooth colour picture (no edges inside) and leaves a tinted box of one colour alone', () => {
    const image = page();
    image.fill([300, 300, 900, 700], (x, y) => 80 + Math.round((x - 300) / 6 + (y - 300) / 8)); // a gradient
    image.fill([200, 1200, 1500, 1600], () => 225); // a shaded note…
    const lines: Box[] = [];
    for (let i = 0; i < 5; i++) {
      const l: Box = [240, 1230 + i * 70, 1450, 1260 + i * 70]; // …with text on it
      image.fill(l, text);
      lines.push(l);
    }
    const pictures = imagePictures(image, lines, [], 1).pictures;
    expect(pictures.map((p) => p.box.map((v) => Math.round(v / 10) * 10))).toEqual([[300, 300, 900, 700]]);
  });

  it('joins bars standing on one axis into one plot', () => {
    const image = page();
    image.fill([300, 1000, 1300, 1003], () => 0); // the axis, found as a rule
    const rules: Box[] = [[300, 1001, 1300, 1001]];
    for (const [x, top] of [[350, 500], [650, 700], [950, 800]] as const) image.fill([x, top, x + 200, 1000], () => 150); // grey bars, 100 px apart
    const pictures = imagePictures(image, [], rules, 1).pictures;
    expect(pictures).toHaveLength(1);
    expect(pictures[0]!.box[0]).toBeLessThan(360);
    expect(pictures[0]!.box[2]).toBeGreaterThan(1140);
  });

  it('gives small lone marks (bullets OCR does not read) as dots, boxed to their ink', () => {
    const image = page();
    const lines: Box[] = [];
    for (let i = 0; i < 3; i++) {
      const l: Box = [200, 300 + i * 50, 900, 330 + i * 50];
      image.fill(l, text);
      lines.push(l);
      image.fill([160, 310 + i * 50, 171, 321 + i * 50], () => 0); // a bullet 11 px across, 29 px left of its item
    }
    const { pictures, dots } = imagePictures(image, lines, [], 0.5);
    expect(pictures).toEqual([]);
    expect(dots).toEqual([0, 1, 2].map((i) => [80, 155 + i * 25, 85.5, 160.5 + i * 25]));
  });

  it('joins the strokes of a line drawing into one picture and leaves small marks out', () => {
    const image = page();
    // A plot: two axes given as rules, a zigzag curve of short strokes, far from any text.
    image.fill([300, 400, 303, 1000], () => 0);
    image.fill([300, 1000, 1200, 1003], () => 0);
    const rules: Box[] = [[301, 400, 301, 1000], [300, 1001, 1200, 1001]];
    for (let x = 320; x < 1180; x++) {
      const y = 700 + Math.round(200 * Math.sin(x / 60));
      image.fill([x, y, x + 1, y + 4], () => 0);
    }
    image.fill([1400, 200, 1410, 210], () => 0); // a speck
    const pictures = imagePictures(image, [], rules, 1).pictures;
    expect(pictures).toHaveLength(1);
    const box = pictures[0]!.box;
    expect(box[0]).toBeLessThan(330);
    expect(box[2]).toBeGreaterThan(1170);
    expect(box[3] - box[1]).toBeGreaterThan(350);
  });
});

describe('image blocks of a scan', () => {
  const scan = (pictures: Box[]): Page => ({ index: 0, width: 612, height: 792, lines: [], images: [], pictures: pictures.map((box) => ({ box, marked: 0.5 })), source: 'ocr' });

  it('makes each picture an image block, traced as found in the pixels', () => {
    const regions = detectImages(scan([[100, 100, 400, 300]]), []);
    expect(regions.map((r) => [r.kind, r.box, r.trace[0]!.rule])).toEqual([['image', [100, 100, 400, 300], 'image.scan-marks']]);
  });

  it('leaves out a picture inside a table found there (its unread print), not one beside it', () => {
    const regions = detectImages(scan([[110, 120, 380, 280], [100, 420, 400, 600]]), [[100, 100, 400, 300]]);
    expect(regions.map((r) => r.box)).toEqual([[100, 420, 400, 600]]);
  });
});

describe('photographs in a ruled table', () => {
  it('keeps photographs apart when a cell border runs between them, though they stand on one rule', () => {
    const image = page();
    const rules: Box[] = [];
    // Two rows of a grid: the photographs' cells and their names' cells, borders found as rules.
    for (const y of [400, 700, 800]) {
      image.fill([100, y, 1300, y + 3], () => 0);
      rules.push([100, y + 1, 1300, y + 1]);
    }
    for (const x of [100, 500, 900, 1297]) {
      image.fill([x, 400, x + 3, 800], () => 0);
      rules.push([x + 1, 400, x + 1, 800]);
    }
    for (const x of [130, 530, 930]) image.fill([x, 420, x + 340, 690], photo);
    const pictures = imagePictures(image, [], rules, 1).pictures;
    expect(pictures).toHaveLength(3);
  });
});
