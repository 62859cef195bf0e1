// Two text columns read as one line. OCR's line detector joins a left-column line and the
// right-column line beside it when the gutter between them is narrow (IEEE's 0.17 in: the
// detector's probability map stays high across it), and the recognizer reads both as one line,
// so the reading-order stage finds no gutter and reads the page row by row. The words' extents
// from the pixels (TextLine.words) show the gutter as a gap far wider than a word space, at the
// same place on many lines: those lines are cut there, before layout.
//
// A table's column gaps line up down the page too, so a gutter must look like one: each line it
// is found on parts into pieces of prose at least a quarter of the text's width (a table row parts
// into cells, most of them narrow), and the lines beside those, between the first and the last,
// are blank there too (few cross it: a full-width title or formula may).
import type { TextLine } from '../model/document.js';
import { cutBetweenWords, placedWords, type PlacedWord } from '../model/words.js';

/**
 * A gutter is at least this many ems wide as the words' ink shows it (IEEE's 0.17 in is 1.2 em
 * of its 10-pt text, more with the side bearings; word spaces measure 0.2–0.6 em on OCR lines,
 * a loose justified line's up to about 0.8).
 */
const GUTTER_MIN_EMS = 1;
/** A gutter is found on at least this many lines (one wide space is an accident of one line). */
const GUTTER_MIN_LINES = 3;
/** Each piece of a line parted at gutters spans at least this share of the text's width (a column of prose, not a cell). */
const GUTTER_PIECE_SHARE = 0.25;
/** Of the lines beside a gutter (between its first and last line), at most this share may have ink across it. */
const GUTTER_CROSSING_SHARE = 0.2;

export interface GutterCut {
  lines: TextLine[];
  /** The gutters found (page units, the middle of their gaps) and how many lines were cut at them. */
  gutters: Array<{ x: number; cut: number }>;
}

interface Gap {
  /** Index of the word after the gap. */
  at: number;
  x0: number;
  x1: number;
}

/** OCR lines with those that run across a column gutter cut there (the lines as they were when no gutter is found). */
export function cutAtGutters(lines: readonly TextLine[]): GutterCut {
  const read = lines.map((line) => {
    const words = placedWords(line);
    return { line, words, gaps: words ? wideGaps(words, line.fontSize) : [] };
  });
  if (!lines.length) return { lines: [...lines], gutters: [] };
  const left = Math.min(...lines.map((l) => l.box[0]));
  const right = Math.max(...lines.map((l) => l.box[2]));
  const minPiece = GUTTER_PIECE_SHARE * (right - left);
  // Lines parted by their wide gaps into pieces of prose: where a gutter may be found.
  const prose = read.filter(({ words, gaps }) => words && gaps.length && pieceWidths(words, gaps).every((w) => w >= minPiece));
  const gutters: number[] = [];
  for (const x of gapStacks(prose.flatMap((p) => p.gaps))) {
    const found = prose.filter((p) => p.gaps.some((g) => g.x0 <= x && x <= g.x1));
    if (found.length < GUTTER_MIN_LINES) continue;
    const top = Math.min(...found.map((p) => p.line.box[1]));
    const bottom = Math.max(...found.map((p) => p.line.box[3]));
    const beside = read.filter(({ line }) => {
      const mid = (line.box[1] + line.box[3]) / 2;
      return mid > top && mid < bottom;
    });
    const crossing = beside.filter((r) => inkAcross(r, x));
    if (crossing.length > GUTTER_CROSSING_SHARE * beside.length) continue;
    gutters.push(x);
  }
  if (!gutters.length) return { lines: [...lines], gutters: [] };
  const cutCount = gutters.map(() => 0);
  const out: TextLine[] = [];
  for (const r of read) {
    // A line is cut at a gutter when the gap there is its only wide one, or when it parts into
    // prose pieces (a paragraph's short last line beside the other column is the former).
    const isProse = prose.includes(r);
    const at = r.gaps.filter((g) => (isProse || r.gaps.length === 1) && gutters.some((x) => g.x0 <= x && x <= g.x1));
    if (!at.length || !r.words) {
      out.push(r.line);
      continue;
    }
    for (const g of at) cutCount[gutters.findIndex((x) => g.x0 <= x && x <= g.x1)]!++;
    out.push(...cutBetweenWords(r.line, r.words, at.map((g) => g.at)));
  }
  return { lines: out, gutters: gutters.map((x, i) => ({ x, cut: cutCount[i]! })) };
}

/** The gaps of a line at least GUTTER_MIN_EMS wide. */
function wideGaps(words: readonly PlacedWord[], fontSize: number): Gap[] {
  const gaps: Gap[] = [];
  for (let i = 1; i < words.length; i++) {
    const x0 = words[i - 1]!.span[1];
    const x1 = words[i]!.span[0];
    if (x1 - x0 >= GUTTER_MIN_EMS * fontSize) gaps.push({ at: i, x0, x1 });
  }
  return gaps;
}

/** Widths of the pieces a line's gaps part it into. */
function pieceWidths(words: readonly PlacedWord[], gaps: readonly Gap[]): number[] {
  const starts = [0, ...gaps.map((g) => g.at)];
  return starts.map((s, i) => words[(gaps[i]?.at ?? words.length) - 1]!.span[1] - words[s]!.span[0]);
}

/**
 * Where gaps stack up: for each group of overlapping gaps, the x inside the most of them, best
 * supported first.
 */
function gapStacks(gaps: readonly Gap[]): number[] {
  const events = gaps.flatMap((g) => [
    { x: g.x0, d: 1 },
    { x: g.x1, d: -1 },
  ]);
  // Starts before ends at the same x, so touching gaps count as overlapping.
  events.sort((a, b) => a.x - b.x || b.d - a.d);
  const stacks: Array<{ x: number; depth: number }> = [];
  let depth = 0;
  let best: { x: number; depth: number } | undefined;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    depth += e.d;
    if (e.d > 0 && (!best || depth > best.depth)) {
      // The deepest point of this stack lies between this start and the next event.
      best = { x: (e.x + (events[i + 1]?.x ?? e.x)) / 2, depth };
    }
    if (depth === 0 && best) {
      stacks.push(best);
      best = undefined;
    }
  }
  return stacks.sort((a, b) => b.depth - a.depth).map((s) => s.x);
}

/** Whether a line's ink runs across x: inside a word, or across a gap narrower than a gutter. */
function inkAcross(r: { line: TextLine; words: PlacedWord[] | null; gaps: Gap[] }, x: number): boolean {
  const { line, words, gaps } = r;
  if (!words) return line.box[0] < x && x < line.box[2];
  const first = words[0]!.span[0];
  const last = words[words.length - 1]!.span[1];
  if (x <= first || x >= last) return false;
  return !gaps.some((g) => g.x0 <= x && x <= g.x1);
}
