// Debug pictures: a page image with each block's box drawn in its type's colour and labelled
// with its place in the reading order and its type. Drawn straight into the pixels, with a
// small built-in bitmap font, so that no system font is needed.
import type { ContentBlock } from './schema.js';

export interface PageImage {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel, row by row. */
  data: Uint8Array;
}

const COLOURS: Record<string, [number, number, number]> = {
  title: [200, 0, 0],
  text: [0, 90, 200],
  list: [0, 150, 60],
  code: [120, 60, 0],
  equation: [170, 0, 170],
  table: [220, 120, 0],
  image: [0, 150, 150],
  chart: [0, 110, 110],
  header: [120, 120, 120],
  footer: [120, 120, 120],
  page_number: [120, 120, 120],
  aside_text: [150, 150, 0],
  page_footnote: [90, 0, 160],
  ref_text: [60, 120, 140],
};

/** 5 × 7 glyphs, one 5-bit row per number, most significant bit on the left. */
const FONT: Record<string, number[]> = {
  '0': [14, 17, 19, 21, 25, 17, 14], '1': [4, 12, 4, 4, 4, 4, 14], '2': [14, 17, 1, 2, 4, 8, 31], '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2], '5': [31, 16, 30, 1, 1, 17, 14], '6': [6, 8, 16, 30, 17, 17, 14], '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14], '9': [14, 17, 17, 15, 1, 2, 12], a: [14, 17, 17, 31, 17, 17, 17], b: [30, 17, 17, 30, 17, 17, 30],
  c: [14, 17, 16, 16, 16, 17, 14], d: [28, 18, 17, 17, 17, 18, 28], e: [31, 16, 16, 30, 16, 16, 31], f: [31, 16, 16, 30, 16, 16, 16],
  g: [14, 17, 16, 23, 17, 17, 15], h: [17, 17, 17, 31, 17, 17, 17], i: [14, 4, 4, 4, 4, 4, 14], j: [7, 2, 2, 2, 2, 18, 12],
  k: [17, 18, 20, 24, 20, 18, 17], l: [16, 16, 16, 16, 16, 16, 31], m: [17, 27, 21, 21, 17, 17, 17], n: [17, 17, 25, 21, 19, 17, 17],
  o: [14, 17, 17, 17, 17, 17, 14], p: [30, 17, 17, 30, 16, 16, 16], q: [14, 17, 17, 17, 21, 18, 13], r: [30, 17, 17, 30, 20, 18, 17],
  s: [15, 16, 16, 14, 1, 1, 30], t: [31, 4, 4, 4, 4, 4, 4], u: [17, 17, 17, 17, 17, 17, 14], v: [17, 17, 17, 17, 17, 10, 4],
  w: [17, 17, 17, 21, 21, 21, 10], x: [17, 17, 10, 4, 10, 17, 17], y: [17, 17, 17, 10, 4, 4, 4], z: [31, 1, 2, 4, 8, 16, 31],
  _: [0, 0, 0, 0, 0, 0, 31], '#': [10, 10, 31, 10, 31, 10, 10], '.': [0, 0, 0, 0, 0, 12, 12], ' ': [0, 0, 0, 0, 0, 0, 0],
};
/** Font pixels are drawn this many image pixels wide. */
const SCALE = 2;
const LINE = 2;

/**
 * Draws the blocks of one page over its image (in place). Boxes are content_list boxes (0–1000
 * of the page as displayed); `first` is the reading-order number of the page's first block.
 */
export function drawBlocks(image: PageImage, blocks: readonly ContentBlock[], first: number, titles: ReadonlySet<ContentBlock> = new Set()): void {
  blocks.forEach((block, i) => {
    if (!block.bbox) return;
    const type = titles.has(block) ? 'title' : block.type;
    const colour = COLOURS[type] ?? [0, 0, 0];
    const [x0, y0, x1, y1] = [block.bbox[0]! * image.width, block.bbox[1]! * image.height, block.bbox[2]! * image.width, block.bbox[3]! * image.height].map((v) => Math.round(v / 1000));
    rectangle(image, x0!, y0!, x1!, y1!, colour);
    label(image, `${first + i} ${type}`, x0!, Math.max(0, y0! - 7 * SCALE - 2), colour);
  });
}

function put(image: PageImage, x: number, y: number, [r, g, b]: [number, number, number]): void {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return;
  const i = (y * image.width + x) * 3;
  image.data[i] = r;
  image.data[i + 1] = g;
  image.data[i + 2] = b;
}

function rectangle(image: PageImage, x0: number, y0: number, x1: number, y1: number, colour: [number, number, number]): void {
  for (let t = 0; t < LINE; t++) {
    for (let x = x0; x <= x1; x++) {
      put(image, x, y0 + t, colour);
      put(image, x, y1 - t, colour);
    }
    for (let y = y0; y <= y1; y++) {
      put(image, x0 + t, y, colour);
      put(image, x1 - t, y, colour);
    }
  }
}

/** White text on a band of the block's colour. */
function label(image: PageImage, text: string, x: number, y: number, colour: [number, number, number]): void {
  const width = text.length * 6 * SCALE + 2;
  for (let dy = 0; dy < 7 * SCALE + 2; dy++) for (let dx = 0; dx < width; dx++) put(image, x + dx, y + dy, colour);
  [...text.toLowerCase()].forEach((ch, k) => {
    const rows = FONT[ch] ?? FONT['#']!;
    rows.forEach((bits, row) => {
      for (let col = 0; col < 5; col++) {
        if (!(bits & (16 >> col))) continue;
        for (let sy = 0; sy < SCALE; sy++) for (let sx = 0; sx < SCALE; sx++) put(image, x + 1 + (k * 6 + col) * SCALE + sx, y + 1 + row * SCALE + sy, [255, 255, 255]);
      }
    });
  });
}
