// Where each word of an OCR line lies, from the page's pixels. The recognizer gives a line's text
// and box only; a table's cells set close together may come back as one line ("Subtotal
// 1,675.46"), and telling them apart needs the width of each gap between the words. The line's
// blank pixel columns give the gaps: the widest ones, as many as the text has spaces, part its
// words, provided each word's ink is about as wide as its characters make it.
import type { RgbImage } from './pdf/pdfium.js';
import { median } from '../model/numbers.js';
import { inkColumns } from './ocr/spacing.js';

/**
 * A word's ink may be this many times wider or narrower per character than the line's median
 * ("i" against "m", a "%" or an "@"); outside it the gaps were matched to the wrong spaces.
 */
const MAX_WIDTH_RATIO = 3.5;

/**
 * The [x0, x1) extent in image pixels of each space-separated word of `text`, read in `box`;
 * undefined when the pixels do not tell (too faint, fewer gaps than spaces, widths that do not
 * fit the words).
 */
export function wordSpans(image: RgbImage, box: readonly [number, number, number, number], text: string): Array<[number, number]> | undefined {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  if (!words.length) return undefined;
  const left = Math.max(0, Math.floor(box[0]));
  const ink = inkColumns(image, box[0], box[1], box[2], box[3]);
  if (!ink) return undefined;
  let first = -1;
  let last = -1;
  for (let x = 0; x < ink.length; x++) {
    if (!ink[x]) continue;
    if (first < 0) first = x;
    last = x;
  }
  if (first < 0) return undefined;
  const runs: Array<[number, number]> = [];
  let start = -1;
  for (let x = first; x <= last; x++) {
    if (!ink[x]) {
      if (start < 0) start = x;
    } else if (start >= 0) {
      runs.push([start, x]);
      start = -1;
    }
  }
  if (runs.length < words.length - 1) return undefined;
  // The widest gaps are the word spaces (ties: the leftmost), in order along the line.
  const gaps = runs
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r[1] - b.r[0] - (a.r[1] - a.r[0]) || a.i - b.i)
    .slice(0, words.length - 1)
    .map((g) => g.r)
    .sort((a, b) => a[0] - b[0]);
  const spans: Array<[number, number]> = [];
  let from = first;
  for (const [g0, g1] of gaps) {
    spans.push([left + from, left + g0]);
    from = g1;
  }
  spans.push([left + from, left + last + 1]);
  const perChar = spans.map(([a, b], i) => (b - a) / [...words[i]!].length);
  const usual = median(perChar);
  if (!(usual > 0) || perChar.some((w) => w > MAX_WIDTH_RATIO * usual || w * MAX_WIDTH_RATIO < usual)) return undefined;
  return spans;
}
