// The crop the recognizer reads for one detected line. Detection boxes of tightly set text (a
// 9-point paper at 200 dpi) are taller than the line pitch: DB's unclip grows each box by about
// three quarters of its core's height on every side, so a box takes in the descenders of the line
// above and the ascenders of the line below. Those slivers garble the recognizer's reading in the
// middle of the line ("is th de fcto standad fr"). The crop keeps the box's height (the scale the
// recognizer was trained on), but only the line's own band of ink is read from the image: the
// rows between it and the neighbouring lines read as blank paper.
import type { RgbImage } from '../pdf/pdfium.js';

/**
 * The crop reaches at least this share of the band's height above and below the band; otherwise
 * it is the detection box's height, the scale PP-OCR's recognizer was trained on (crops scaled
 * further down lose letters: "blood" read "blod"). Tuned on the OCR benchmark's tuning pages:
 * word accuracy 0.967 with 0, 0.971 with 0.1.
 */
const BAND_MARGIN = 0.1;
/**
 * The band is searched for this many core heights above and below the core (and at least over
 * the detection box): ascenders and descenders lie within about one core height of it.
 */
const SEARCH_HEIGHTS = 1.2;
/** A pixel is ink when darker than this share of the way from the box's lightest to darkest. */
const INK_LEVEL = 0.5;

export type Box = [number, number, number, number];

/**
 * The rows [top, bottom) around `box` that belong to the line whose core (the detector's text
 * centre band) is `core`. Where the core of a neighbouring line (among `cores`) is near, the
 * line ends at the row between the two cores with the least ink (the gap between the lines, past
 * this line's descenders or ascenders). [inkTop, inkBottom) is that band without its blank rows
 * at either end (faint antialiased ink, such as a comma's tail, may lie in those rows).
 */
export function inkBand(image: RgbImage, box: Box, core: Box, cores: readonly Box[]): { top: number; bottom: number; inkTop: number; inkBottom: number } {
  const { width, data } = image;
  const x0 = Math.max(0, Math.floor(box[0]));
  const x1 = Math.min(width, Math.ceil(box[2]));
  const reach = SEARCH_HEIGHTS * (core[3] - core[1]);
  const y0 = Math.max(0, Math.floor(Math.min(box[1], core[1] - reach)));
  const y1 = Math.min(image.height, Math.ceil(Math.max(box[3], core[3] + reach)));
  if (x1 <= x0 || y1 <= y0) return { top: y0, bottom: y1, inkTop: y0, inkBottom: y1 };
  let lightest = 0;
  let darkest = 765;
  for (let y = y0; y < y1; y++) {
    for (let i = (y * width + x0) * 3, end = (y * width + x1) * 3; i < end; i += 3) {
      const v = data[i]! + data[i + 1]! + data[i + 2]!;
      if (v > lightest) lightest = v;
      if (v < darkest) darkest = v;
    }
  }
  const level = lightest - (lightest - darkest) * INK_LEVEL;
  const ink = new Int32Array(y1 - y0);
  for (let y = y0; y < y1; y++) {
    let n = 0;
    for (let i = (y * width + x0) * 3, end = (y * width + x1) * 3; i < end; i += 3) if (data[i]! + data[i + 1]! + data[i + 2]! < level) n++;
    ink[y - y0] = n;
  }
  const coreTop = Math.min(y1 - 1, Math.max(y0, Math.round(core[1])));
  const coreBottom = Math.max(coreTop + 1, Math.min(y1, Math.round(core[3])));
  // The nearest cores of neighbouring lines above and below (whose ascenders or descenders
  // may reach into the rows searched even when their cores lie outside them).
  let above = -Infinity;
  let below = Infinity;
  for (const c of cores) {
    if (c === core || c[2] <= x0 || c[0] >= x1) continue;
    if (c[3] <= coreTop && c[3] > above && c[3] > y0 - (y1 - y0)) above = c[3];
    if (c[1] >= coreBottom && c[1] < below && c[1] < y1 + (y1 - y0)) below = c[1];
  }
  // Between a neighbour's core and ours, the row with the least ink: the gap between the lines
  // (the one nearest the neighbour among equals, keeping this line's descenders and accents).
  let top = y0;
  if (above > -Infinity) {
    let gap = Math.max(y0, Math.round(above));
    for (let y = gap; y < coreTop; y++) if (ink[y - y0]! < ink[gap - y0]!) gap = y;
    top = gap + 1;
  }
  let bottom = y1;
  if (below < Infinity) {
    let gap = Math.min(y1, Math.round(below)) - 1;
    for (let y = gap; y >= coreBottom; y--) if (ink[y - y0]! < ink[gap - y0]!) gap = y;
    bottom = gap;
  }
  let inkTop = top;
  let inkBottom = bottom;
  while (inkTop < coreTop && ink[inkTop - y0] === 0) inkTop++;
  while (inkBottom > coreBottom && ink[inkBottom - 1 - y0] === 0) inkBottom--;
  return { top, bottom, inkTop, inkBottom };
}

/** What the recognizer reads of a line: `crop` of the image, where rows outside `band` read as `paper`. */
export interface LineCrop {
  crop: Box;
  band: { from: number; to: number; fill: number };
}

/**
 * The crop of a detected line: its box's rows (and at least BAND_MARGIN around its band of ink),
 * where rows outside the band read as blank paper rather than the neighbouring lines' ink; across, its box, but never past
 * the middle of the gap to another line's core on the same row (a line the detector cut in two
 * would otherwise have the letters at the cut read twice, once in each piece).
 */
export function lineCrop(image: RgbImage, box: Box, core: Box, cores: readonly Box[]): LineCrop {
  const { top, bottom, inkTop, inkBottom } = inkBand(image, box, core, cores);
  const margin = (inkBottom - inkTop) * BAND_MARGIN;
  const cropTop = Math.min(box[1], inkTop - margin);
  const cropBottom = Math.max(box[3], inkBottom + margin);
  let left = box[0];
  let right = box[2];
  for (const c of cores) {
    const overlap = Math.min(c[3], core[3]) - Math.max(c[1], core[1]);
    if (c === core || overlap < 0.5 * Math.min(c[3] - c[1], core[3] - core[1])) continue;
    if (c[2] <= core[0]) left = Math.max(left, (c[2] + core[0]) / 2);
    if (c[0] >= core[2]) right = Math.min(right, (core[2] + c[0]) / 2);
  }
  return { crop: [Math.round(left), cropTop, Math.round(right), cropBottom], band: { from: top, to: bottom, fill: paperGrey(image, box, top, bottom) } };
}

/** The paper's grey level in a line's band: its 90th percentile (the light end; a speck of noise does not move it). */
function paperGrey(image: RgbImage, box: Box, top: number, bottom: number): number {
  const histogram = new Uint32Array(256);
  const x0 = Math.max(0, Math.floor(box[0]));
  const x1 = Math.min(image.width, Math.ceil(box[2]));
  let n = 0;
  for (let y = top; y < bottom; y++) {
    for (let i = (y * image.width + x0) * 3, end = (y * image.width + x1) * 3; i < end; i += 3) {
      histogram[Math.round((image.data[i]! + image.data[i + 1]! + image.data[i + 2]!) / 3)]!++;
      n++;
    }
  }
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]!) >= 0.9 * n) return v;
  return 255;
}
