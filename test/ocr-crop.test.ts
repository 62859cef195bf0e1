// Detection post-processing (lines bridged by a superscript are cut apart) and recognition crops
// (a line's own band of ink, without its neighbours' descenders and ascenders).
import { describe, expect, it } from 'vitest';
import { inkBand, lineCrop, type Box } from '../src/engine/input/ocr/crop.js';
import { detectLines } from '../src/engine/input/ocr/detect.js';
import type { RgbImage } from '../src/engine/input/pdf/pdfium.js';

/** A white image with black rectangles [x0, y0, x1, y1). */
function image(width: number, height: number, rects: Box[]): RgbImage {
  const data = new Uint8Array(width * height * 3).fill(255);
  for (const [x0, y0, x1, y1] of rects) {
    for (let y = y0; y < y1; y++) data.fill(0, (y * width + x0) * 3, (y * width + x1) * 3);
  }
  return { width, height, data };
}

describe('detectLines', () => {
  it('cuts two lines joined by a thin bridge into two lines, both kept', () => {
    const w = 200;
    const h = 40;
    const prob = new Float32Array(w * h);
    const fill = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) prob.fill(0.95, y * w + x0, y * w + x1);
    };
    fill(10, 5, 190, 13); // line 1
    fill(10, 22, 190, 30); // line 2
    fill(50, 13, 53, 22); // a superscript touching both
    const lines = detectLines(prob, w, h);
    expect(lines.map((l) => [l.core.y0, l.core.y1])).toEqual([
      [5, 12],
      [22, 29],
    ]);
  });

  it('leaves a superscript out of the core of its line', () => {
    const w = 200;
    const h = 30;
    const prob = new Float32Array(w * h);
    for (let y = 10; y < 18; y++) prob.fill(0.95, y * w + 10, y * w + 190);
    for (let y = 6; y < 10; y++) prob.fill(0.95, y * w + 60, y * w + 64);
    const [line] = detectLines(prob, w, h);
    expect([line!.core.y0, line!.core.y1]).toEqual([10, 17]);
  });
});

describe('lineCrop', () => {
  // Three lines of "text" 20 px high, 24 px apart, as letters with gaps; the middle one has a descender.
  const letters = (y0: number, y1: number): Box[] => Array.from({ length: 28 }, (_, i): Box => [10 + i * 10, y0, 14 + i * 10, y1]);
  const rects: Box[] = [...letters(0, 20), ...letters(24, 44), [100, 44, 104, 50], ...letters(52, 72)];
  const img = image(300, 80, rects);
  const cores: Box[] = [
    [14, 6, 286, 14],
    [14, 30, 286, 38],
    [14, 58, 286, 66],
  ];

  it('keeps the descender and stops at the gaps to the lines above and below', () => {
    // The middle line's detection box reaches well into both neighbours.
    const band = inkBand(img, [4, 16, 296, 56], cores[1]!, cores);
    expect([band.inkTop, band.inkBottom]).toEqual([24, 50]);
    // The rows read from the page run from gap to gap (blank rows next to the ink included).
    expect(band.top).toBeLessThanOrEqual(24);
    expect(band.top).toBeGreaterThan(20);
    expect(band.bottom).toBeGreaterThanOrEqual(50);
    expect(band.bottom).toBeLessThanOrEqual(52);
  });

  it('blanks the rows outside the band but keeps the box height', () => {
    const { crop, band } = lineCrop(img, [4, 16, 296, 56], cores[1]!, cores);
    expect(crop[1]).toBe(16);
    expect(crop[3]).toBe(56);
    expect(band.from).toBeGreaterThan(20);
    expect(band.to).toBeLessThanOrEqual(52);
    expect(band.fill).toBe(255);
  });

  it('stops a piece of a line at the middle of the gap to the next piece on the same row', () => {
    const pieces: Box[] = [
      [14, 30, 120, 38],
      [160, 30, 286, 38],
    ];
    const { crop } = lineCrop(img, [4, 16, 150, 56], pieces[0]!, pieces);
    expect(crop[2]).toBe(140);
  });
});
