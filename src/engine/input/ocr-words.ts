// Where each word of an OCR line lies, from the page's pixels. The recognizer gives a line's text
// and box only; a table's cells set close together may come back as one line ("Subtotal
// 1,675.46"), and telling them apart needs the width of each gap between the words. The line's
// blank pixel columns give the gaps: the widest ones, as many as the text has spaces, part its
// words, provided each word's ink is about as wide as its characters make it. A blank an em wide
// or more left over is a space the recognizer dropped between two cells ("76251,626" for
// "76   251,626"): the text gets it back there.
import type { RgbImage } from './pdf/pdfium.js';
import { median } from '../model/numbers.js';
import { blankRuns, inkColumns } from './ocr/spacing.js';

/**
 * A word's ink may be this many times wider or narrower per character than the line's median
 * ("i" against "m", a "%" or an "@"); outside it the gaps were matched to the wrong spaces.
 */
const MAX_WIDTH_RATIO = 3.5;
/** A blank this many ems wide is a gap between words or cells, never one between letters. */
const HARD_GAP = 1;
/** The rows of a box's x-height: below this share of its height from the top, above this share from the bottom. */
const CORE_TOP = 0.35;
const CORE_BOTTOM = 0.3;
/** An OCR box is about this many ems high (ascenders, descenders, padding). */
const BOX_EMS = 1.3;
/** Narrow characters, about half a figure's width: they place a dropped space within its word. */
const NARROW = /[.,:;'|!il1()[\]]/u;
/** Characters the recognizer may read in a blank between cells (a rule's trace, nothing). */
const GAP_MARKS = /[|[\]]/u;

export interface OcrWords {
  /** The text, with the spaces the pixels show it dropped put back. */
  text: string;
  /** The [x0, x1) extent in image pixels of each space-separated word of `text`. */
  spans: Array<[number, number]>;
}

/**
 * The words of an OCR line (`text`, read in `box`) and where each lies; undefined when the
 * pixels do not tell (too faint, fewer gaps than spaces, widths that do not fit the words).
 */
export function ocrWords(image: RgbImage, box: readonly [number, number, number, number], text: string): OcrWords | undefined {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  if (!words.length) return undefined;
  const whole = wordsInRows(image, box, box[1], box[3], words);
  if (whole) return whole;
  // A box set close under the line above takes in its descenders, which bridge the word gaps:
  // the rows of the line's own x-height, the middle of its box, still show them.
  const h = box[3] - box[1];
  return wordsInRows(image, box, box[1] + CORE_TOP * h, box[3] - CORE_BOTTOM * h, words);
}

/** ocrWords with the ink of the rows y0..y1 of the box. */
function wordsInRows(image: RgbImage, box: readonly [number, number, number, number], y0: number, y1: number, words: string[]): OcrWords | undefined {
  const left = Math.max(0, Math.floor(box[0]));
  const ink = inkColumns(image, box[0], y0, box[2], y1);
  if (!ink) return undefined;
  const first = ink.indexOf(1);
  if (first < 0) return undefined;
  const last = ink.lastIndexOf(1);
  const runs = blankRuns(ink);
  const n = words.length - 1;
  if (runs.length < n) return undefined;
  const em = (box[3] - box[1]) / BOX_EMS;
  const hard = (r: [number, number]) => r[1] - r[0] >= HARD_GAP * em;
  // The widest blanks are the word spaces (ties: the leftmost), in order along the line.
  const chosen = runs
    .map((r, k) => ({ r, k }))
    .sort((x, y) => y.r[1] - y.r[0] - (x.r[1] - x.r[0]) || x.k - y.k)
    .slice(0, n)
    .map((g) => g.k)
    .sort((x, y) => x - y);
  // Blanks an em wide no space took: spaces the recognizer dropped, put back in their word.
  const out: { text: string; span: [number, number] }[] = [];
  let from = first;
  const gaps = [...chosen.map((k) => runs[k]!), [last + 1, last + 1] as [number, number]];
  gaps.forEach((g, j) => {
    const span: [number, number] = [from, g[0]];
    let word = words[j]!;
    const inside = runs.filter((r) => hard(r) && r[0] > span[0] && r[1] < span[1] && !chosen.includes(runs.indexOf(r)));
    let at = span[0];
    for (const r of inside) {
      // The characters left of the blank, in proportion to the ink's width (figures are set on one width).
      const share = (r[0] - at) / (r[0] - at + span[1] - r[1]);
      const chars = [...word];
      const widths = chars.map((ch) => (NARROW.test(ch) ? 0.5 : 1));
      const all = widths.reduce((a, b) => a + b, 0);
      let cut = 0;
      for (let i = 1, sum = widths[0]!; i < chars.length; sum += widths[i]!, i++) {
        if (Math.abs(sum / all - share) < Math.abs(widths.slice(0, cut).reduce((a, b) => a + b, 0) / all - share)) cut = i;
      }
      let drop = 0;
      if (GAP_MARKS.test(chars[cut] ?? '')) drop = 1;
      else if (GAP_MARKS.test(chars[cut - 1] ?? '')) (cut -= 1), (drop = 1);
      if (cut <= 0 || cut + drop >= chars.length) continue;
      out.push({ text: chars.slice(0, cut).join(''), span: [at, r[0]] });
      word = chars.slice(cut + drop).join('');
      at = r[1];
    }
    out.push({ text: word, span: [at, span[1]] });
    from = g[1];
  });
  const perChar = out.map((w) => (w.span[1] - w.span[0]) / [...w.text].length);
  const usual = median(perChar);
  if (!(usual > 0) || perChar.some((w) => w > MAX_WIDTH_RATIO * usual || w * MAX_WIDTH_RATIO < usual)) return undefined;
  return { text: out.map((w) => w.text).join(' '), spans: out.map((w): [number, number] => [left + w.span[0], left + w.span[1]]) };
}
