// How each word of an OCR line is set, from the page's pixels: the width of its strokes and how
// much its letters lean. OCR gives no glyph styles, yet a run-in heading ("Sample preparation.
// The cells were…") is told from the text it opens only by its weight or its slant: its words'
// strokes are wider than the rest of the line's (bold), or its letters lean where the rest stand
// upright (italic). paragraphs/lines.ts compares the two sides of a possible cut with these sums.
import type { WordInk } from '../model/document.js';
import type { RgbImage } from './pdf/pdfium.js';
import { inkLevel } from './ocr/spacing.js';

/** The slope at which italic letters lean (tan 12°, the usual italic angle). */
const ITALIC_SLOPE = 0.21;
/** Stroke widths are measured in the box's middle rows (the x-height band), away from the ascenders' serifs and the descenders. */
const BAND_TOP = 0.2;
const BAND_BOTTOM = 0.2;

/** Each word's ink sums, for words at `spans` ([x0, x1) in image pixels) of the line in `box`; undefined when the box is too faint to tell. */
export function wordInks(image: RgbImage, box: readonly [number, number, number, number], spans: ReadonlyArray<readonly [number, number]>): WordInk[] | undefined {
  const ink = inkLevel(image, box[0], box[1], box[2], box[3]);
  if (!ink) return undefined;
  const { top, bottom, level } = ink;
  const h = bottom - top;
  const bandTop = top + BAND_TOP * h;
  const bandBottom = bottom - BAND_BOTTOM * h;
  const shift = Math.ceil(ITALIC_SLOPE * h);
  const { data, width } = image;
  return spans.map(([a, b]) => {
    const x0 = Math.max(0, Math.floor(a));
    const x1 = Math.min(width, Math.ceil(b));
    const n = Math.max(0, x1 - x0);
    const upright = new Float64Array(n);
    const slanted = new Float64Array(n + shift + 1);
    let dark = 0;
    let runs = 0;
    for (let y = top; y < bottom; y++) {
      const inBand = y >= bandTop && y < bandBottom;
      // Rows above the baseline move left by their height times the slope: leaning strokes stand upright.
      const back = Math.round(ITALIC_SLOPE * (bottom - y));
      let before = false;
      for (let x = x0, i = (y * width + x0) * 3; x < x1; x++, i += 3) {
        const isInk = data[i]! + data[i + 1]! + data[i + 2]! < level;
        if (isInk) {
          upright[x - x0]!++;
          slanted[x - x0 - back + shift]!++;
          if (inBand) {
            dark++;
            if (!before) runs++;
          }
        }
        before = isInk;
      }
    }
    const squares = (v: Float64Array) => v.reduce((s, c) => s + c * c, 0);
    return { dark, runs, upright: squares(upright), slanted: squares(slanted) };
  });
}
