// Light text on a dark or coloured ground (a banner, a slide's title bar, a table's header row, a
// brochure's coloured panel). Every step after detection reads ink as the pixels darker than the
// paper: the crop's band of ink (crop.ts), the paper grey its margins are filled with, the word
// gaps (spacing.ts), the line's size and weight (read-pages.ts). On light-on-dark text each of
// them takes the ground for ink: crops were cut through the letters' ascenders and descenders
// and filled with the text's colour ("Fiaht and conauer yourcnoenoes" for "Fight and conquer
// your challenges", a brochure's white-on-teal panel; the same crop negated reads right). So the
// text of such lines is read from a copy of the page where their ground is turned white and their
// letters black (greys stretched so, not just negated: a negated teal is still dark enough to
// read as ink), as everywhere else.
import type { RgbImage } from '../pdf/pdfium.js';
import type { Box } from './crop.js';

/**
 * A box is light-on-dark when its ground (the median of its border, which DB's unclip leaves
 * outside the letters) lies in the darker part of the box's range of greys: below this share of
 * the way from its dark end (5th percentile) to its light end (95th). Dark text on paper has its
 * ground at the light end (share ~1), light text on a panel at the dark end (~0).
 */
const GROUND_SHARE = 0.35;
/** Boxes whose greys span less than this (0-255) have no text to tell a ground from. */
const MIN_RANGE = 60;
/**
 * Around a light-on-dark box, rows whose median grey is within this (0-255) of the ground are the
 * same panel and are set black on white too (a crop's band reaches above and below the box), up
 * to REACH box heights away; past the panel's edge the page stays as it is.
 */
const SAME_GROUND = 40;
const REACH = 1;

/** Grey level (0-255) of one pixel. */
function grey(data: Uint8Array, i: number): number {
  return (data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000;
}

function clipBox(image: RgbImage, box: Box): [number, number, number, number] {
  return [Math.max(0, Math.floor(box[0])), Math.max(0, Math.floor(box[1])), Math.min(image.width, Math.ceil(box[2])), Math.min(image.height, Math.ceil(box[3]))];
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** The ground's grey and the letters' (the light end) when the box holds light text on a darker ground, else undefined. */
export function lightOnDarkGround(image: RgbImage, box: Box): { ground: number; letters: number } | undefined {
  const [x0, y0, x1, y1] = clipBox(image, box);
  if (x1 - x0 < 3 || y1 - y0 < 3) return undefined;
  const { data, width } = image;
  const border: number[] = [];
  for (let x = x0; x < x1; x++) border.push(grey(data, (y0 * width + x) * 3), grey(data, ((y1 - 1) * width + x) * 3));
  for (let y = y0 + 1; y < y1 - 1; y++) border.push(grey(data, (y * width + x0) * 3), grey(data, (y * width + x1 - 1) * 3));
  border.sort((a, b) => a - b);
  const ground = border[border.length >> 1]!;
  // The box's greys, every other pixel each way.
  const step = 2;
  const values = new Float64Array(Math.ceil((x1 - x0) / step) * Math.ceil((y1 - y0) / step));
  let n = 0;
  for (let y = y0; y < y1; y += step) for (let x = x0; x < x1; x += step) values[n++] = grey(data, (y * width + x) * 3);
  const sorted = values.subarray(0, n).sort();
  const dark = percentile(sorted, 0.05);
  const light = percentile(sorted, 0.95);
  if (light - dark < MIN_RANGE) return undefined;
  return ground < dark + GROUND_SHARE * (light - dark) ? { ground, letters: light } : undefined;
}

/** Median grey of row y over [x0, x1). */
function rowMedian(image: RgbImage, y: number, x0: number, x1: number): number {
  const row = new Float64Array(x1 - x0);
  for (let x = x0; x < x1; x++) row[x - x0] = grey(image.data, (y * image.width + x) * 3);
  return row.sort()[row.length >> 1]!;
}

/**
 * The page as its text reads, dark on light: a copy where the light-on-dark boxes (and the rows of
 * the same ground above and below them) are black on white, or the page itself when no box is
 * light on dark. `lines` counts those boxes.
 */
export function darkOnLight(image: RgbImage, boxes: readonly Box[]): { image: RgbImage; lines: number } {
  const regions: Array<{ box: [number, number, number, number]; ground: number; letters: number }> = [];
  for (const box of boxes) {
    const found = lightOnDarkGround(image, box);
    if (found === undefined) continue;
    const { ground } = found;
    const [x0, y0, x1, y1] = clipBox(image, box);
    const reach = Math.round(REACH * (y1 - y0));
    let top = y0;
    while (top > 0 && top > y0 - reach && Math.abs(rowMedian(image, top - 1, x0, x1) - ground) <= SAME_GROUND) top--;
    let bottom = y1;
    while (bottom < image.height && bottom < y1 + reach && Math.abs(rowMedian(image, bottom, x0, x1) - ground) <= SAME_GROUND) bottom++;
    regions.push({ box: [x0, top, x1, bottom], ...found });
  }
  if (regions.length === 0) return { image, lines: 0 };
  const { width, height } = image;
  // Each region's pixels mapped from the page's own greys (where regions overlap, the last one's
  // mapping stands): its ground to white, its letters to black.
  const data = new Uint8Array(image.data);
  for (const { box: [x0, y0, x1, y1], ground, letters } of regions) {
    for (let y = y0; y < y1; y++) {
      for (let i = (y * width + x0) * 3, end = (y * width + x1) * 3; i < end; i += 3) {
        const v = Math.max(0, Math.min(255, (255 * (letters - grey(image.data, i))) / (letters - ground)));
        data[i] = v;
        data[i + 1] = v;
        data[i + 2] = v;
      }
    }
  }
  return { image: { width, height, data }, lines: regions.length };
}
