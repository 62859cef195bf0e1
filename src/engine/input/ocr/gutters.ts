// Two text columns detected as one line. OCR's line detector joins a left-column line and the
// right-column line beside it when the gutter between them is narrow (IEEE's 0.17 in: the
// detector's probability map stays high across it). Read as one crop, the two lines come out
// garbled (their baselines differ, and a crop that long is squeezed to the recognizer's width),
// and the reading-order stage finds no gutter and reads the page row by row. The page's pixels
// show the gutter: a blank far wider than a word space, at the same place on many lines. Those
// boxes are cut there before recognition.
//
// A table's column gaps line up down the page too, so a gutter must look like one: each line it
// is found on parts into pieces of prose at least a quarter of the text's width (a table row parts
// into cells, most of them narrow), and the lines beside those, between the first and the last,
// are blank there too (few cross it: a full-width title or formula may).
import type { RgbImage } from '../pdf/pdfium.js';
import { blankRuns, inkColumns } from './spacing.js';
import type { Box } from './crop.js';

/**
 * A gutter is at least this many ems wide (IEEE's 0.17 in is 1.2 em of its 10-pt text, more with
 * the side bearings; word spaces are 0.2–0.6 em, a loose justified line's up to about 0.8).
 */
const GUTTER_MIN_EMS = 1;
/** A gutter is found on at least this many lines (one wide space is an accident of one line). */
const GUTTER_MIN_LINES = 3;
/** Each piece of a line parted at gutters spans at least this share of the text's width (a column of prose, not a cell). */
const GUTTER_PIECE_SHARE = 0.25;
/** Of the lines beside a gutter (between its first and last line), at most this share may have ink across it. */
const GUTTER_CROSSING_SHARE = 0.2;
/** A detected box is about this many ems high (ascenders, descenders, the detector's margin). */
const BOX_EMS = 1.3;
/** A piece keeps this many ems of blank beyond its ink on the gutter's side (the crop's margin). */
const PIECE_MARGIN_EMS = 0.3;

/** A line as the gutter search sees it: its vertical extent, its ink's ends and its wide gaps. */
export interface GutterRow {
  top: number;
  bottom: number;
  /** Ink's first and last x; undefined when the pixels did not tell. */
  first?: number;
  last?: number;
  /** Blanks at least GUTTER_MIN_EMS wide between first and last, [x0, x1), left to right. */
  gaps: Array<[number, number]>;
}

/**
 * The x of each gutter among `rows` (the middle of the stacked gaps), and for each row the gaps
 * to cut it at.
 */
export function findGutters(rows: readonly GutterRow[]): { gutters: number[]; cuts: Array<Array<[number, number]>> } {
  const none = { gutters: [], cuts: rows.map(() => []) };
  const inked = rows.filter((r) => r.first !== undefined);
  if (!inked.length) return none;
  const left = Math.min(...inked.map((r) => r.first!));
  const right = Math.max(...inked.map((r) => r.last!));
  const minPiece = GUTTER_PIECE_SHARE * (right - left);
  // Rows parted by their wide gaps into pieces of prose: where a gutter may be found.
  const prose = rows.map((r) => r.gaps.length > 0 && pieceWidths(r).every((w) => w >= minPiece));
  const gutters: number[] = [];
  const holds = (g: [number, number], x: number) => g[0] <= x && x <= g[1];
  for (const x of gapStacks(rows.flatMap((r, i) => (prose[i] ? r.gaps : [])))) {
    const found = rows.filter((r, i) => prose[i] && r.gaps.some((g) => holds(g, x)));
    if (found.length < GUTTER_MIN_LINES) continue;
    const top = Math.min(...found.map((r) => r.top));
    const bottom = Math.max(...found.map((r) => r.bottom));
    const beside = rows.filter((r) => {
      const mid = (r.top + r.bottom) / 2;
      return mid > top && mid < bottom;
    });
    const crossing = beside.filter((r) => r.first !== undefined && r.first < x && x < r.last! && !r.gaps.some((g) => holds(g, x)));
    if (crossing.length > GUTTER_CROSSING_SHARE * beside.length) continue;
    gutters.push(x);
  }
  // A row is cut at a gutter when it parts into prose there, or when the gap there is its only
  // wide one (a paragraph's short last line beside the other column).
  const cuts = rows.map((r, i) => (prose[i] || r.gaps.length === 1 ? r.gaps.filter((g) => gutters.some((x) => holds(g, x))) : []));
  return { gutters, cuts };
}

/** Widths of the pieces a row's gaps part it into. */
function pieceWidths(r: GutterRow): number[] {
  const edges = [r.first!, ...r.gaps.flat(), r.last!];
  const widths: number[] = [];
  for (let i = 0; i < edges.length; i += 2) widths.push(edges[i + 1]! - edges[i]!);
  return widths;
}

/** Where gaps stack up: for each group of overlapping gaps, the x inside the most of them, best supported first. */
function gapStacks(gaps: ReadonlyArray<[number, number]>): number[] {
  const events = gaps.flatMap(([x0, x1]) => [
    { x: x0, d: 1 },
    { x: x1, d: -1 },
  ]);
  // Starts before ends at the same x, so touching gaps count as overlapping.
  events.sort((a, b) => a.x - b.x || b.d - a.d);
  const stacks: Array<{ x: number; depth: number }> = [];
  let depth = 0;
  let best: { x: number; depth: number } | undefined;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    depth += e.d;
    // The deepest point of a stack lies between a start and the next event.
    if (e.d > 0 && (!best || depth > best.depth)) best = { x: (e.x + (events[i + 1]?.x ?? e.x)) / 2, depth };
    if (depth === 0 && best) {
      stacks.push(best);
      best = undefined;
    }
  }
  return stacks.sort((a, b) => b.depth - a.depth).map((s) => s.x);
}

/** A detected line: its grown box and its core (the detector's centre band), in image pixels. */
export interface DetectedBox {
  box: Box;
  core: Box;
}

/**
 * Detected boxes with those that run across a column gutter cut there, and the gutters found
 * (image pixels, with how many boxes were cut at each).
 */
export function cutBoxesAtGutters(image: RgbImage, boxes: readonly DetectedBox[]): { boxes: DetectedBox[]; gutters: Array<{ x: number; cut: number }> } {
  const rows = boxes.map((b) => gutterRow(image, b));
  const { gutters, cuts } = findGutters(rows);
  if (!gutters.length) return { boxes: [...boxes], gutters: [] };
  const out: DetectedBox[] = [];
  const counts = gutters.map(() => 0);
  boxes.forEach((b, i) => {
    const at = cuts[i]!;
    if (!at.length) {
      out.push(b);
      return;
    }
    const margin = (PIECE_MARGIN_EMS * (b.box[3] - b.box[1])) / BOX_EMS;
    let from = b.box[0];
    for (const g of at) {
      counts[gutters.findIndex((x) => g[0] <= x && x <= g[1])]!++;
      out.push(piece(b, from, Math.min(g[0] + margin, (g[0] + g[1]) / 2)));
      from = Math.max(g[1] - margin, (g[0] + g[1]) / 2);
    }
    out.push(piece(b, from, b.box[2]));
  });
  return { boxes: out, gutters: gutters.map((x, i) => ({ x, cut: counts[i]! })) };
}

function piece(b: DetectedBox, x0: number, x1: number): DetectedBox {
  return { box: [x0, b.box[1], x1, b.box[3]], core: [Math.max(x0, b.core[0]), b.core[1], Math.min(x1, b.core[2]), b.core[3]] };
}

/** A detected box's row for the gutter search: the ink of its core rows (its neighbours' descenders stay out). */
function gutterRow(image: RgbImage, b: DetectedBox): GutterRow {
  const [x0, top, x1, bottom] = b.box;
  const ink = inkColumns(image, x0, b.core[1], x1, b.core[3]);
  const first = ink ? ink.indexOf(1) : -1;
  if (!ink || first < 0) return { top, bottom, gaps: [] };
  const left = Math.max(0, Math.floor(x0));
  const minGap = (GUTTER_MIN_EMS * (bottom - top)) / BOX_EMS;
  const gaps = blankRuns(ink)
    .filter(([a, z]) => z - a >= minGap)
    .map(([a, z]): [number, number] => [left + a, left + z]);
  return { top, bottom, first: left + first, last: left + ink.lastIndexOf(1) + 1, gaps };
}
