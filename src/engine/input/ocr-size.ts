// The type size of an OCR line. A detected line's box is about 1.3 ems high, but only on average:
// it spans the ink the line happens to hold, so a line with capitals and descenders ("Typing
// quickly") is a fifth taller than one without ("ere none were"), and the paragraph stage read
// that as a change of size and broke paragraphs line by line. The body of the lowercase letters
// (the x-height band: the rows where the line's ink is densest) does not depend on which letters
// a line holds; it gives the size of each line relative to the others (TextLine.inkSize, which
// the paragraph stage compares; fontSize stays the box's, as the classifier learned it). The
// page's scale stays the box's: sizes are set so that their median over the page is the boxes'.
import type { RgbImage } from './pdf/pdfium.js';
import { median } from '../model/numbers.js';
import { inkLevel } from './ocr/spacing.js';

/**
 * A row belongs to the line's dense band when it holds this share of the densest row's ink (inside
 * the x-height every letter has a stem or two; above and below it only the third or so of letters
 * with ascenders or descenders, one stem each).
 */
const BAND_SHARE = 0.3;
/**
 * Where few of a line's characters reach above the x-height, the dense band is the x-height, about
 * 0.45 em (Times 0.45, Computer Modern 0.43, Helvetica 0.52); otherwise it is the capitals' and
 * figures' height, about 0.7 em. Only the ratio of the two matters (the page's scale is the boxes').
 */
const X_HEIGHT_EMS = 0.46;
const CAP_HEIGHT_EMS = 0.7;
/**
 * The dense band is the x-height while at most this share of the line's letters and figures reach
 * above it (in prose about a third do: their stems leave the rows above the x-height at about a
 * sixth of the ink of the rows inside it, under BAND_SHARE; lines full of figures reach it).
 */
const X_BAND_TALL_SHARE = 0.45;
/** Lowercase letters with an ascender, and figures. */
const TALL = /[bdfhklt\p{N}]/u;
/** Bands thinner than this many pixels are too coarse to measure (a size is then the box's). */
const MIN_BAND_PX = 5;

/**
 * Each line's size in ems of the boxes' scale (`boxSizes`, the sizes the boxes give), from the
 * height of its dense ink band; a line whose band cannot be measured keeps its box's size.
 */
export function ocrLineSizes(image: RgbImage, boxes: ReadonlyArray<readonly [number, number, number, number]>, texts: readonly string[], boxSizes: readonly number[]): number[] {
  const measured = boxes.map((box, i) => bandEms(image, box, texts[i]!));
  const ratios: number[] = [];
  measured.forEach((ems, i) => {
    if (ems !== undefined) ratios.push(boxSizes[i]! / ems);
  });
  if (ratios.length < 3) return [...boxSizes];
  // Pixels per em of the page's type, as the boxes give it on average.
  const scale = median(ratios);
  return measured.map((ems, i) => (ems === undefined ? boxSizes[i]! : ems * scale));
}

/** The line's size in (unscaled) pixels per em from its dense band, or undefined when it does not tell. */
function bandEms(image: RgbImage, box: readonly [number, number, number, number], text: string): number | undefined {
  // Characters reaching above the x-height: capitals, figures, ascenders.
  const chars = [...text].filter((c) => /[\p{L}\p{N}]/u.test(c));
  // Letters without case (Chinese, Japanese) fill the em: no x-height to find.
  if (chars.some((c) => /\p{L}/u.test(c) && c.toUpperCase() === c.toLowerCase())) return undefined;
  const tall = chars.filter((c) => TALL.test(c) || (c === c.toUpperCase() && c !== c.toLowerCase())).length;
  let emsOfBand: number;
  if (chars.length && tall <= X_BAND_TALL_SHARE * chars.length) emsOfBand = X_HEIGHT_EMS;
  // Capitals, or figures alone: a band of capital height.
  else if (chars.length && tall === chars.length) emsOfBand = CAP_HEIGHT_EMS;
  // A mix (many figures or capitals among small letters): the band does not tell.
  else return undefined;
  const rows = inkRows(image, box);
  if (!rows) return undefined;
  let densest = 0;
  for (let y = 0; y < rows.length; y++) if (rows[y]! > rows[densest]!) densest = y;
  const floor = rows[densest]! * BAND_SHARE;
  let top = densest;
  let bottom = densest;
  while (top > 0 && rows[top - 1]! >= floor) top--;
  while (bottom < rows.length - 1 && rows[bottom + 1]! >= floor) bottom++;
  const band = bottom - top + 1;
  if (band < MIN_BAND_PX) return undefined;
  return band / emsOfBand;
}

/** Dark pixels in each row of the box, or undefined when the box is too faint to tell. */
function inkRows(image: RgbImage, box: readonly [number, number, number, number]): Int32Array | undefined {
  const ink = inkLevel(image, box[0], box[1], box[2], box[3]);
  if (!ink) return undefined;
  const { left, top, right, bottom, level } = ink;
  const { data, width } = image;
  const rows = new Int32Array(bottom - top);
  for (let y = top; y < bottom; y++) {
    let n = 0;
    for (let i = (y * width + left) * 3, end = (y * width + right) * 3; i < end; i += 3) {
      if (data[i]! + data[i + 1]! + data[i + 2]! < level) n++;
    }
    rows[y - top] = n;
  }
  return rows;
}
