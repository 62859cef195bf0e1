// Reading order by a recursive XY-cut: a region with a clean vertical gutter is split into
// columns (left to right); lines that cross the gutter (full-width titles, figures' captions)
// cut the region into bands read top to bottom. Each leaf is a single column of lines.
import type { Box, TextLine } from '../model/document.js';
import { middle } from '../model/numbers.js';
import { isMostlyRightToLeftText } from '../model/script.js';
import { ANY_CAPTION } from '../model/text.js';
import { readingSort } from '../model/typography.js';

/** A clean full-width gap wider than this many line heights separates bands read in turn. */
const BAND_GAP = 2.2;
/** A float narrower than this share of the region stands in a column (a page-wide figure is a band of its own). */
const FLOAT_IN_COLUMN = 0.6;
/**
 * A column's text goes on within this many ems under its last line (a section heading's space
 * above it, some 2.5 ems in LaTeX), though the other column has ended: a float's gap is wider.
 */
const COLUMN_GOES_ON = 3.5;
/** A gutter is at least this many ems wide, and this share of the page's width. */
const GUTTER_EM = 0.8;
const GUTTER_PAGE = 0.012;
/** Lines allowed across a candidate gutter: this share of the region's lines (at least two). */
const GUTTER_CROSSING = 0.15;
/** A gutter lies away from the region's edges: each side holds at least this share of its width. */
const GUTTER_SIDE = 0.15;
/** Lines across a gutter with other lines beside them, more than this many: the gutter runs through part of the region only. */
const STACKED_CROSSINGS = 2;
/** Recursion depth of the cut: deeper regions are read row by row. */
const MAX_DEPTH = 12;

/** A column segment in reading order, and the path of cuts that led to it (for the trace). */
export interface Segment {
  lines: TextLine[];
  path: string;
}

/**
 * Returns the column segments of the lines, in reading order. On a right-to-left page (Arabic,
 * Hebrew) columns and the pieces of a row read from the right.
 */
export function orderLines(lines: readonly TextLine[], pageWidth: number, floats: readonly Box[] = [], rightToLeft = isRightToLeftText(lines)): Segment[] {
  const out: Segment[] = [];
  cut([...lines], { pageWidth, rightToLeft, floats }, out, 0, 'page');
  return out;
}

interface Direction {
  pageWidth: number;
  rightToLeft: boolean;
  /** The page's figures, charts and tables: a band is not cut through one that stands in one column only. */
  floats: readonly Box[];
}

/** Most letters of the lines are Hebrew, Arabic, Syriac or Thaana. */
export function isRightToLeftText(lines: readonly TextLine[]): boolean {
  return isMostlyRightToLeftText(lines.map((l) => l.text));
}

function cut(lines: TextLine[], dir: Direction, out: Segment[], depth: number, path: string): void {
  const { pageWidth } = dir;
  if (!lines.length) return;
  if (lines.length === 1 || depth > MAX_DEPTH) {
    out.push({ lines: readingSort(lines, dir.rightToLeft), path });
    return;
  }
  // A clean full-width gap, clearly wider than line spacing, separates bands read in turn
  // (a title block above a form, a figure between two column sections).
  const bands = mergeColumnBands(splitAtWideGaps(lines, dir.floats), pageWidth);
  if (bands.length > 1) {
    bands.forEach((band, i) => cut(band, dir, out, depth + 1, `${path} › band ${i + 1}/${bands.length}`));
    return;
  }
  const gutter = findGutter(lines, pageWidth);
  if (!gutter) {
    // No gutter through the whole region, but columns above and below a line of it (a
    // three-column section over a two-column one, set close): read each section apart.
    const sections = splitAtColumnChange(lines, pageWidth);
    if (sections) {
      const y = Math.round(sections[1][0]!.box[1]);
      sections.forEach((part, i) => cut(part, dir, out, depth + 1, `${path} › section ${i + 1}/2 (columns change at y ${y})`));
      return;
    }
    // Columns over part of the region only, between full-width text (a figure wrapped into the
    // text with its caption beside the lines, a sidebar): that stretch is read apart.
    const stretch = splitAroundColumnStretch(lines, pageWidth);
    if (stretch) {
      const { above, left, right, below, top, gutter: [gx0, gx1] } = stretch;
      const at = `${path} › columns at y ${Math.round(top)}`;
      cut(above, dir, out, depth + 1, `${path} › above the columns`);
      // The stretch's two sides, parted at its gutter (narrower than a page's column gutter, it
      // would not be found again in the stretch alone).
      const where = `gutter at x ${Math.round(gx0)}–${Math.round(gx1)}`;
      (dir.rightToLeft ? [right, left] : [left, right]).forEach((side, i) => cut(side, dir, out, depth + 1, `${at} › column ${i + 1}/2 (${where})`));
      cut(below, dir, out, depth + 1, `${path} › below the columns`);
      return;
    }
    out.push({ lines: readingSort(lines, dir.rightToLeft), path });
    return;
  }
  const [gx0, gx1] = gutter;
  const crossing = lines.filter((l) => spans(l, gx0, gx1));
  // Lines across the gutter with other lines beside them: the gutter runs through only part of
  // the region (sections of different columns stacked, as on a newspaper page). Cut the region
  // across first, at its widest gap between lines, and look for each part's own columns.
  const stacked = besideOthers(crossing, lines) > STACKED_CROSSINGS ? splitAtWidestGap(lines) : null;
  if (stacked) {
    stacked.forEach((part, i) => cut(part, dir, out, depth + 1, `${path} › stacked part ${i + 1}/2`));
    return;
  }
  const where = `gutter at x ${Math.round(gx0)}–${Math.round(gx1)}`;
  if (!crossing.length) {
    const mid = (gx0 + gx1) / 2;
    const left = lines.filter((l) => midX(l) < mid);
    const right = lines.filter((l) => midX(l) >= mid);
    const columns = dir.rightToLeft ? [right, left] : [left, right];
    columns.forEach((column, i) => cut(column, dir, out, depth + 1, `${path} › column ${i + 1}/2 (${where})`));
    return;
  }
  // Lines crossing the gutter separate bands: everything above them, the crossing lines (a run
  // of consecutive ones is one segment, e.g. a full-width abstract), everything below.
  const sorted = readingSort(lines, dir.rightToLeft);
  const crossingSet = new Set(crossing);
  let band: TextLine[] = [];
  let run: TextLine[] = [];
  let part = 0;
  const across = `${path} › full-width lines (${where})`;
  for (const line of sorted) {
    if (!crossingSet.has(line)) {
      band.push(line);
      continue;
    }
    // Only lines entirely above the crossing line belong to the band before it.
    const above = band.filter((l) => l.box[1] < line.box[1]);
    if (above.length) {
      if (run.length) out.push({ lines: run, path: across });
      run = [];
      cut(above, dir, out, depth + 1, `${path} › above full-width line ${++part} (${where})`);
      band = band.filter((l) => l.box[1] >= line.box[1]);
    }
    run.push(line);
  }
  if (run.length) out.push({ lines: run, path: across });
  cut(band, dir, out, depth + 1, `${path} › below the full-width lines (${where})`);
}

/** How many of `crossing` have a line of `lines` beside them (on the same height, not crossing). */
function besideOthers(crossing: TextLine[], lines: TextLine[]): number {
  const crossingSet = new Set(crossing);
  return crossing.filter((c) => lines.some((l) => !crossingSet.has(l) && l.box[1] < c.box[3] && c.box[1] < l.box[3])).length;
}

/** The lines top to bottom, and the empty gaps between their rows: before `sorted[at]`, `gap` high (no line across it). */
function rowGaps(lines: readonly TextLine[]): { sorted: TextLine[]; gaps: Array<{ at: number; gap: number }> } {
  const sorted = [...lines].sort((a, b) => a.box[1] - b.box[1]);
  const gaps: Array<{ at: number; gap: number }> = [];
  let bottom = sorted[0]!.box[3];
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]!.box[1] - bottom;
    if (gap > 0) gaps.push({ at: i, gap });
    bottom = Math.max(bottom, sorted[i]!.box[3]);
  }
  return { sorted, gaps };
}

/** The lines above and below the widest horizontal gap between them (the first of equals), or null if there is none. */
function splitAtWidestGap(lines: TextLine[]): [TextLine[], TextLine[]] | null {
  const { sorted, gaps } = rowGaps(lines);
  const widest = gaps.reduce<{ at: number; gap: number } | null>((best, g) => (!best || g.gap > best.gap ? g : best), null);
  return widest ? [sorted.slice(0, widest.at), sorted.slice(widest.at)] : null;
}

/** The widest gaps between rows tried as the place where the columns change. */
const SECTION_CANDIDATES = 24;
/** A region this small is not split into sections. */
const SECTION_MIN_LINES = 8;

/**
 * Where a region without a gutter of its own is two stacked multi-column sections: the widest
 * gap between rows (no line across it) with a gutter both above and below it. Null when there
 * is none: a single-column region stays whole.
 */
function splitAtColumnChange(lines: TextLine[], pageWidth: number): [TextLine[], TextLine[]] | null {
  if (lines.length < SECTION_MIN_LINES) return null;
  const { sorted, gaps } = rowGaps(lines);
  gaps.sort((a, b) => b.gap - a.gap);
  for (const { at } of gaps.slice(0, SECTION_CANDIDATES)) {
    const above = sorted.slice(0, at);
    const below = sorted.slice(at);
    if (hasGutter(above, pageWidth) && hasGutter(below, pageWidth)) return [above, below];
  }
  return null;
}

/** The lines above a stretch of columns, its two sides parted at its gutter, the lines below it; the stretch's top. */
interface Stretch {
  above: TextLine[];
  left: TextLine[];
  right: TextLine[];
  below: TextLine[];
  top: number;
  gutter: [number, number];
}

/**
 * A wrapped figure's gutter is at least this many ems wide: LaTeX's wrapfig sets its float about
 * 10 points from the text whatever the type size (0.6 em at 16-point type), and a caption on the
 * narrow side (below) tells it from a paragraph's ragged words.
 */
const WRAP_GUTTER_EM = 0.5;
/** Lines this share of the region's width or wider are full-width text, left out when looking for a stretch's gutter. */
const WIDE_LINE = 0.6;
/** At most this share of a stretch's lines share a baseline with a line across its gutter (a form's labels and values all do). */
const SHARED_BASELINES = 0.5;

/**
 * A stretch of rows with a gutter that no line of it crosses, between full-width lines above and
 * below, its narrower side a float's caption (a figure wrapped into the text): [above, stretch,
 * below], or null. The two sides must not be rows of one table or form (their lines on shared
 * baselines); each side holds two lines at least.
 */
function splitAroundColumnStretch(lines: TextLine[], pageWidth: number): Stretch | null {
  if (lines.length < SECTION_MIN_LINES) return null;
  const minX = Math.min(...lines.map((l) => l.box[0]));
  const maxX = Math.max(...lines.map((l) => l.box[2]));
  const narrow = lines.filter((l) => l.box[2] - l.box[0] < WIDE_LINE * (maxX - minX));
  if (narrow.length < 4) return null;
  const gutter = findGutter(narrow, pageWidth, WRAP_GUTTER_EM);
  const stretch = gutter && stretchAt(lines, gutter);
  if (stretch) return stretch;
  // Failing that, each run of narrow rows (between full-width ones) on its own: a page with two
  // wrapped figures, one on each side, has no gutter its narrow lines share (the other figure's
  // lines cross it).
  const sorted = [...lines].sort((a, b) => a.box[1] - b.box[1]);
  const narrowSet = new Set(narrow);
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && narrowSet.has(sorted[j]!)) j++;
    const run = sorted.slice(i, j);
    const local = run.length >= 4 && run.length < narrow.length ? findGutter(run, pageWidth, WRAP_GUTTER_EM) : null;
    const found = (local && stretchAt(lines, local, new Set(run))) || besideCaption(lines, run);
    if (found) return found;
    i = Math.max(j, i + 1);
  }
  return null;
}

/**
 * A one-line caption beside the text (a wrapped figure's "Figure 1.2: Acute survey."): no
 * gutter has two lines on each side, so the caption itself gives it, from its edge to the text's
 * edge beside it.
 */
function besideCaption(lines: TextLine[], run: TextLine[]): Stretch | null {
  for (const c of run) {
    if (!ANY_CAPTION.test(c.text)) continue;
    const rows = run.filter((l) => l !== c);
    const left = rows.filter((l) => l.box[2] <= c.box[0]);
    const right = rows.filter((l) => l.box[0] >= c.box[2]);
    const gutter: [number, number] | null =
      left.length >= 2 ? [Math.max(...left.map((l) => l.box[2])), c.box[0]] : right.length >= 2 ? [c.box[2], Math.min(...right.map((l) => l.box[0]))] : null;
    if (!gutter || gutter[1] - gutter[0] < WRAP_GUTTER_EM * c.fontSize) continue;
    const found = stretchAt(lines, gutter, new Set([c]));
    if (found) return found;
  }
  return null;
}

/**
 * The stretch of `lines` beside a wrapped float, parted by the gutter, or null (see
 * splitAroundColumnStretch). With `among`, the stretch holds some of those lines.
 */
function stretchAt(lines: TextLine[], [gx0, gx1]: [number, number], among?: ReadonlySet<TextLine>): Stretch | null {
  const sorted = [...lines].sort((a, b) => a.box[1] - b.box[1]);
  // The longest run of consecutive rows (by their tops) that no line crosses the gutter in.
  let best: [number, number] | null = null;
  for (let i = 0; i < sorted.length; ) {
    if (spans(sorted[i]!, gx0, gx1)) {
      i++;
      continue;
    }
    let j = i;
    while (j < sorted.length && !spans(sorted[j]!, gx0, gx1)) j++;
    if ((!best || j - i > best[1] - best[0]) && (!among || sorted.slice(i, j).some((l) => among.has(l)))) best = [i, j];
    i = j;
  }
  if (!best) return null;
  const [from, to] = best;
  const stretch = sorted.slice(from, to);
  const above = sorted.slice(0, from);
  const below = sorted.slice(to);
  if (!above.length && !below.length) return null;
  // Clean cuts: nothing above reaches into the stretch, nothing below starts inside it.
  const top = Math.min(...stretch.map((l) => l.box[1]));
  const bottom = Math.max(...stretch.map((l) => l.box[3]));
  if (above.some((l) => l.box[3] > top + 0.5 * l.fontSize) || below.some((l) => l.box[1] < bottom - 0.5 * l.fontSize)) return null;
  const mid = (gx0 + gx1) / 2;
  const left = stretch.filter((l) => midX(l) < mid);
  const right = stretch.filter((l) => midX(l) >= mid);
  // Each side holds two lines, or one that opens a caption (a short caption beside the text).
  const holds = (side: TextLine[]) => side.length >= 2 || (side.length === 1 && ANY_CAPTION.test(side[0]!.text));
  if (!holds(left) || !holds(right)) return null;
  const [fewer, more] = left.length <= right.length ? [left, right] : [right, left];
  // The narrow side is a float's: its caption is there (a sidebar of text is a framed or shaded box, see frames.ts).
  const opening = fewer.filter((l) => ANY_CAPTION.test(l.text)).sort((a, b) => a.box[1] - b.box[1])[0];
  if (!opening) return null;
  // The caption's own lines may sit on the text's baselines (a caption in the body's size); the
  // lines over it (a form's values) may not.
  const over = fewer.filter((l) => l.box[1] < opening.box[1]);
  const shared = over.filter((l) => more.some((o) => Math.abs(o.baseline - l.baseline) < 0.2 * l.fontSize)).length;
  if (shared > SHARED_BASELINES * over.length) return null;
  return { above, left, right, below, top, gutter: [gx0, gx1] };
}

function hasGutter(lines: TextLine[], pageWidth: number): boolean {
  return lines.length >= 4 && findGutter(lines, pageWidth) !== null;
}

/**
 * Neighbouring bands whose columns line up (a clean gutter at the same place in both) are one
 * multi-column section whose paragraph gaps happen to align: read column by column, not band
 * by band.
 */
function mergeColumnBands(bands: TextLine[][], pageWidth: number): TextLine[][] {
  const out: TextLine[][] = [];
  let previousGutter: [number, number] | null = null;
  for (const band of bands) {
    const gutter = findGutter(band, pageWidth);
    const clean = gutter && !band.some((l) => spans(l, gutter[0], gutter[1])) ? gutter : null;
    const prev = out[out.length - 1];
    if (prev && clean && previousGutter && clean[0] < previousGutter[1] && previousGutter[0] < clean[1]) {
      prev.push(...band);
    } else if (prev && !clean && previousGutter && columnGoesOn(prev, band, previousGutter)) {
      // One column going on under a section's space where the other has ended (its last
      // lines above): still the columns' section, read column by column. The gutter found
      // above is kept for the next band.
      prev.push(...band);
      continue;
    } else out.push([...band]);
    previousGutter = clean;
  }
  return out;
}

/**
 * Under a band of two columns parted at `gutter`, a band whose lines all keep to one side of it,
 * within a section's space (COLUMN_GOES_ON ems) of that side's last line: that column going on.
 */
function columnGoesOn(above: readonly TextLine[], band: readonly TextLine[], [gx0, gx1]: [number, number]): boolean {
  const left = band.every((l) => l.box[2] <= gx0);
  const right = band.every((l) => l.box[0] >= gx1);
  if (left === right) return false;
  const side = above.filter((l) => (left ? l.box[2] <= gx0 : l.box[0] >= gx1));
  if (!side.length) return false;
  const size = middle(band.map((l) => l.fontSize)) ?? 10;
  const top = Math.min(...band.map((l) => l.box[1]));
  const bottom = Math.max(...side.map((l) => l.box[3]));
  return top - bottom < COLUMN_GOES_ON * size;
}

/**
 * Splits lines into horizontal bands at empty gaps wider than 2.2 typical line heights; not
 * through a float that stands beside text in the gap's height, narrower than the region (a
 * figure in one column: the other column's text goes on beside it).
 */
function splitAtWideGaps(lines: TextLine[], floats: readonly Box[] = []): TextLine[][] {
  const minGap = BAND_GAP * (middle(lines.map((l) => l.fontSize)) ?? 10);
  const sorted = [...lines].sort((a, b) => a.box[1] - b.box[1]);
  const x0 = Math.min(...lines.map((l) => l.box[0]));
  const x1 = Math.max(...lines.map((l) => l.box[2]));
  // Floats in a column with text beside them, in the region's width.
  const inColumn = floats.filter(
    (f) => f[0] < x1 && f[2] > x0 && f[2] - f[0] < FLOAT_IN_COLUMN * (x1 - x0) && sorted.some((l) => l.box[1] < f[3] && l.box[3] > f[1] && (l.box[2] <= f[0] || l.box[0] >= f[2])),
  );
  const bands: TextLine[][] = [];
  let current: TextLine[] = [];
  let bottom = -Infinity;
  for (const line of sorted) {
    const top = line.box[1];
    if (current.length && top - bottom > minGap && !inColumn.some((f) => f[1] < top && f[3] > bottom)) {
      bands.push(current);
      current = [];
    }
    current.push(line);
    bottom = Math.max(bottom, line.box[3]);
  }
  if (current.length) bands.push(current);
  return bands;
}

/**
 * The widest vertical strip, away from the region's edges, that few lines cross and that has
 * plenty of text on both sides. Returns [x0, x1] or null.
 */
function findGutter(lines: TextLine[], pageWidth: number, gutterEm = GUTTER_EM): [number, number] | null {
  const minX = Math.min(...lines.map((l) => l.box[0]));
  const maxX = Math.max(...lines.map((l) => l.box[2]));
  const width = maxX - minX;
  if (width <= 0) return null;
  const size = middle(lines.map((l) => l.fontSize)) ?? 10;
  const minGap = Math.max(size * gutterEm, pageWidth * GUTTER_PAGE);

  const cover = coverage(lines, minX, width);
  // Lines allowed across a candidate strip: full-width titles and abstracts, and short lines
  // that poke into the gutter (which lines really span it is decided separately).
  // A side of two or three lines (a wrapped figure's caption beside the text) is itself under
  // that allowance, and its strip would run on to the region's edge: failing a gutter with
  // crossings allowed, a strip no line crosses is looked for.
  return gutterStrip(lines, cover, minX, width, minGap, Math.max(2, Math.floor(lines.length * GUTTER_CROSSING))) ?? gutterStrip(lines, cover, minX, width, minGap, 0);
}

/**
 * Coverage histogram at 1-unit resolution over the region: each line adds one from its first
 * unit to before its last (marked at both ends, then summed: the ordering tries many regions).
 */
function coverage(lines: TextLine[], minX: number, width: number): Uint16Array {
  const bins = Math.ceil(width) + 1;
  const steps = new Int32Array(bins + 1);
  for (const l of lines) {
    const a = Math.max(0, Math.floor(l.box[0] - minX));
    const b = Math.min(bins - 1, Math.ceil(l.box[2] - minX));
    if (a < b) {
      steps[a]!++;
      steps[b]!--;
    }
  }
  const cover = new Uint16Array(bins);
  for (let x = 0, run = 0; x < bins; x++) cover[x] = run += steps[x]!;
  return cover;
}

/** The best strip of `cover` (lines per unit of x) that at most `maxCrossing` lines cross, with two lines or more on each side. */
function gutterStrip(lines: TextLine[], cover: Uint16Array, minX: number, width: number, minGap: number, maxCrossing: number): [number, number] | null {
  const bins = cover.length;
  let best: [number, number] | null = null;
  let bestScore = 0;
  let start = -1;
  for (let x = 0; x <= bins; x++) {
    const open = x < bins && cover[x]! <= maxCrossing;
    if (open && start < 0) start = x;
    if (!open && start >= 0) {
      const gap = x - start;
      const center = start + gap / 2;
      // Away from the edges: each side must hold at least 15% of the region's width.
      if (gap >= minGap && center > width * GUTTER_SIDE && center < width * (1 - GUTTER_SIDE)) {
        const gx0 = minX + start;
        const gx1 = minX + x;
        const mid = (gx0 + gx1) / 2;
        const spanning = lines.filter((l) => spans(l, gx0, gx1)).length;
        const leftLines = lines.filter((l) => !spans(l, gx0, gx1) && midX(l) < mid).length;
        const rightLines = lines.length - spanning - leftLines;
        // Both sides must look like columns of text, not a label beside a paragraph.
        if (leftLines >= 2 && rightLines >= 2) {
          const score = gap / (1 + spanning);
          if (score > bestScore) {
            bestScore = score;
            best = [gx0, gx1];
          }
        }
      }
      start = -1;
    }
  }
  return best;
}

/** A line crosses a gutter only if it reaches past both of its edges (ragged ends do not). */
function spans(l: TextLine, gx0: number, gx1: number): boolean {
  return l.box[0] < gx0 && l.box[2] > gx1;
}

function midX(l: TextLine): number {
  return (l.box[0] + l.box[2]) / 2;
}
