// Lines cut at the gaps between table cells. The text layer joins words into a line unless they
// lie far apart (1.5 em), so neighbouring cells set close together ("Subtotal   1,675.46", a
// header "Symptom    Eligible") arrive as one line. Glyph positions tell the cells apart: a gap
// much wider than the line's other word spaces is a column gap, not a space. Justified text
// stretches all the spaces of a line alike, so its lines are never cut.
import type { Glyph, TextLine } from '../model/document.js';
import { median } from '../model/numbers.js';

/** A cell gap is at least this many ems wide (word spaces are 0.2–0.35 em, justified ones up to ~0.7). */
const CELL_GAP = 1;
/** …and this many times the line's usual word space, when it has other spaces. */
const GAP_OVER_SPACES = 2.5;
/** Gaps between glyphs narrower than this many ems are inside a word (kerning, letter spacing). */
const WORD_GAP = 0.15;

/** The line cut at its cell gaps (the line itself when it has none), and each piece's line. */
export function cellFragments(line: TextLine): TextLine[] {
  if (!line.glyphs || line.glyphs.length < 2 || line.rotated || line.equation || !hasWideGap(line.glyphs)) return [line];
  const glyphs = line.glyphs.filter((g) => g.code !== 32);
  // The text's non-space characters must be the glyphs, one to one, to cut the text with them.
  const chars = [...line.text].map((ch, i) => ({ ch, i })).filter((c) => !/\s/u.test(c.ch));
  if (chars.length !== glyphs.length) return [line];
  const gaps: { at: number; width: number }[] = [];
  for (let i = 1; i < glyphs.length; i++) {
    const width = glyphs[i]!.x0 - glyphs[i - 1]!.x1;
    if (width > WORD_GAP * Math.max(glyphs[i]!.size, glyphs[i - 1]!.size)) gaps.push({ at: i, width });
  }
  const size = median(glyphs.map((g) => g.size)) || line.fontSize;
  const cuts = gaps.filter((g) => {
    if (g.width < CELL_GAP * size) return false;
    const others = gaps.filter((o) => o !== g).map((o) => o.width);
    return !others.length || g.width >= GAP_OVER_SPACES * median(others);
  });
  if (!cuts.length) return [line];
  const pieces: TextLine[] = [];
  let from = 0;
  for (const end of [...cuts.map((c) => c.at), glyphs.length]) {
    pieces.push(piece(line, glyphs.slice(from, end), chars[from]!.i, end < glyphs.length ? chars[end]!.i : line.text.length));
    from = end;
  }
  return pieces;
}

/** Whether some gap between neighbouring glyphs could be a cell gap (most lines have none: a quick pass). */
function hasWideGap(glyphs: readonly Glyph[]): boolean {
  let last: Glyph | undefined;
  for (const g of glyphs) {
    if (g.code === 32) continue;
    if (last && g.x0 - last.x1 >= CELL_GAP * Math.min(g.size, last.size)) return true;
    last = g;
  }
  return false;
}

function piece(line: TextLine, glyphs: Glyph[], start: number, end: number): TextLine {
  const x0 = Math.min(...glyphs.map((g) => g.x0));
  const x1 = Math.max(...glyphs.map((g) => g.x1));
  return { ...line, text: line.text.slice(start, end).trim(), box: [x0, line.box[1], x1, line.box[3]], glyphs };
}
