// Notions of typesetting shared by the stages, each defined once and relative to the text's
// own size (an em is the font size of the text in question), never in absolute page units.
import type { Glyph, TextLine, WordInk } from './document.js';

/**
 * A baseline at most this many ems below another is the next line of the same text (leading is
 * 1.1–1.5 em in print, up to 1.75 on web pages; a paragraph gap or a heading's space makes more).
 */
export const NEXT_LINE_PITCH = 1.8;

/**
 * Small print (footnotes, running heads and feet, notes under tables) is set at most this share
 * of the body size: LaTeX's footnotes are 0.8 of the body, Word's 10 pt under 12 pt 0.83.
 */
export const SMALL_PRINT = 0.88;

/** Two lines whose vertical centres are less than this many ems apart share a row. */
export const SAME_ROW = 0.5;

export function isSmallPrint(size: number, bodySize: number): boolean {
  return bodySize > 0 && size <= SMALL_PRINT * bodySize;
}

/**
 * The body text size: the largest size that sets at least a quarter of the characters. (A plain
 * median fails on a page whose smaller bibliography outweighs the body text above it.) Display
 * equations do not count. Sizes are taken to the half point.
 */
export function bodyFontSize(lines: readonly TextLine[]): number {
  const chars = new Map<number, number>();
  let total = 0;
  for (const l of lines) {
    if (l.equation) continue;
    const size = Math.round(l.fontSize * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + l.text.length);
    total += l.text.length;
  }
  let best = 0;
  for (const [size, n] of chars) if (n >= total / 4 && size > best) best = size;
  return best;
}

function centreY(l: TextLine): number {
  return (l.box[1] + l.box[3]) / 2;
}

/**
 * Lines in reading order within one column: rows top to bottom, the lines of a row left to right
 * (right to left on such pages). A row is a run of lines, taken by their tops, whose centres lie
 * within SAME_ROW ems of the row's first line; grouping first keeps the order well defined
 * (a pairwise "same row" comparison is not transitive, so a sort by it is not).
 */
export function readingSort(lines: readonly TextLine[], rightToLeft = false): TextLine[] {
  const byTop = [...lines].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  const rows: TextLine[][] = [];
  for (const line of byTop) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    if (row && first && Math.abs(centreY(line) - centreY(first)) < SAME_ROW * Math.min(line.fontSize, first.fontSize)) row.push(line);
    else rows.push([line]);
  }
  return rows.flatMap((row) => row.sort((a, b) => (rightToLeft ? b.box[2] - a.box[2] : a.box[0] - b.box[0])));
}

/** The font most of the lines' glyphs are set in (their face; undefined without glyphs: OCR). */
export function mainFont(lines: readonly TextLine[]): string | undefined {
  const counts = new Map<string, number>();
  for (const l of lines) for (const g of l.glyphs ?? []) if (g.code > 32 && g.font) counts.set(g.font, (counts.get(g.font) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The glyphs of lines, line after line (as lines.flatMap((l) => l.glyphs ?? []), without its cost on hot paths). */
export function glyphsOf(lines: readonly TextLine[]): Glyph[] {
  const out: Glyph[] = [];
  for (const l of lines) if (l.glyphs) for (const g of l.glyphs) out.push(g);
  return out;
}

/** The mean stroke width of some words' ink (pixels). */
export function strokeWidth(inks: readonly WordInk[]): number {
  const runs = inks.reduce((s, w) => s + w.runs, 0);
  return runs ? inks.reduce((s, w) => s + w.dark, 0) / runs : 0;
}

/** How much more upright some words' strokes stand once shifted back by the italic slope (above 1: they lean). */
export function lean(inks: readonly WordInk[]): number {
  const upright = inks.reduce((s, w) => s + w.upright, 0);
  return upright ? inks.reduce((s, w) => s + w.slanted, 0) / upright : 0;
}

/** The width of a line's first word (from its glyphs; half an em a character without them). */
export function firstWordWidth(line: TextLine): number {
  const word = line.text.trimStart().split(/\s/)[0] ?? '';
  const glyphs = line.glyphs?.filter((g) => g.code > 32) ?? [];
  const last = glyphs[word.length - 1];
  return last && glyphs.length >= word.length ? last.x1 - line.box[0] : 0.5 * line.fontSize * word.length;
}
