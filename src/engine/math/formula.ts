// One display formula: equation numbers set apart at the right, the structure of the rest, and
// LaTeX that KaTeX accepts.
import type { Box, Glyph } from '../model/document.js';
import { firstParsing, parses } from './katex.js';
import { join, layout } from './layout.js';
import { bodySizeOf, emOf, toUnits } from './units.js';

export interface FormulaInput {
  /** The glyphs of the formula's region (with `font` where the PDF names it). */
  glyphs: Glyph[];
  /**
   * Horizontal rules in the region: fraction bars, radical vinculums, overlines (Page.rules,
   * and thin filled boxes of Page.graphics). Others are ignored.
   */
  rules?: Box[];
  /** A formula inside a paragraph (text style) rather than a display (display style). */
  inline?: boolean;
}

export interface FormulaOutput {
  /** LaTeX for $$ … $$; KaTeX parses it. With \tag{n} when the formula has one number. */
  latex: string;
  /** Equation numbers found at the right or the left ("3", "2.1a"), in order from top to bottom. */
  numbers: string[];
  /** The structure could not be read into LaTeX KaTeX accepts: `latex` is the plain text. */
  fallback: boolean;
}

const EQUATION_NUMBER = /^\((\d{1,3}(?:\.\d{1,3})*[a-z]?|[ivx]{1,5}|[A-Z]?\d{0,3}\*?)\)$/;
/** Relations an alignment's rows start with. */
const ROW_RELATIONS = '=<>≤≥≈≡∼≃≅⩽⩾';
/** An equation number stands at least this far (em) from the formula… */
const NUMBER_GAP = 1.5;
/** The next row of a display sits at least a baselineskip (1.2 em) under a row's baseline. */
const NEXT_ROW_DROP = 1.2;
/** …or, beside the last row of a display of several rows, this far (multline sets it \multlinetaggap, 1 em, from its last row; at the left, from its first). */
const LAST_ROW_NUMBER_GAP = 0.9;

/** LaTeX of one display formula. Total: never throws, whatever the input. */
export function formulaLatex(input: FormulaInput): FormulaOutput {
  const glyphs = Array.isArray(input?.glyphs) ? input.glyphs.filter((g) => g && Number.isFinite(g.code)) : [];
  const plain = () => glyphs.filter((g) => g.code > 32 && g.code <= 0x10ffff).sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0).map((g) => String.fromCodePoint(g.code)).join('');
  try {
    const { numbers, rest } = splitNumbers(glyphs);
    const size = bodySizeOf(rest);
    const rules = (Array.isArray(input.rules) ? input.rules : []).filter((r) => Array.isArray(r) && r.length === 4 && Math.abs(r[3] - r[1]) <= 0.25 * size);
    const units = toUnits(rest, rules, size);
    // A display is set in display style; inline, the text's size is not known here (a formula of
    // one fraction has nothing but script-size glyphs), so fractions are read as they come.
    const latex = layout(units, 0, input.inline ? undefined : { kind: 'display', body: size });
    const tag = numbers.length === 1 ? ` \\tag{${numbers[0]}}` : '';
    if (parses(latex + tag)) return { latex: latex + tag, numbers, fallback: false };
    if (tag && parses(latex)) return { latex, numbers, fallback: false };
    // The last structured resort: the units in reading order, each one KaTeX reads on its own.
    const flatLatex = join(units.filter((u) => u.role !== 'rule').sort((a, b) => a.x0 - b.x0).map((u) => (parses(u.latex) ? u.latex : '')));
    const chosen = firstParsing([flatLatex], plain());
    return { latex: chosen, numbers, fallback: true };
  } catch {
    return { latex: firstParsing([], plain()), numbers: [], fallback: true };
  }
}

/**
 * Equation numbers: "(n)" at the right end of a row, set apart from the formula by a wide gap.
 * Returns them (top to bottom) and the other glyphs.
 */
function splitNumbers(glyphs: Glyph[]): { numbers: string[]; rest: Glyph[] } {
  const visible = glyphs.filter((g) => g.code > 32);
  const used = new Set<Glyph>();
  const found: { text: string; y: number }[] = [];
  for (const close of visible) {
    if (close.code !== 0x29) continue;
    const size = emOf(close);
    // Glyphs of the same baseline, right to left from the ")" while they touch.
    const row = visible.filter((g) => Math.abs(g.base - close.base) < 0.2 * size && g.x1 <= close.x1 + 0.01).sort((a, b) => b.x0 - a.x0);
    const run: Glyph[] = [];
    let left = close.x1;
    for (const g of row) {
      if (left - g.x1 > 0.3 * size) break;
      run.unshift(g);
      left = g.x0;
      if (g.code === 0x28) break;
    }
    const text = String.fromCodePoint(...run.map((g) => g.code));
    const match = EQUATION_NUMBER.exec(text);
    if (!match || run[0]!.code !== 0x28) continue;
    const [x0, x1] = [run[0]!.x0, close.x1];
    const y0 = Math.min(...run.map((g) => g.y0));
    const y1 = Math.max(...run.map((g) => g.y1));
    // Nothing to its right on its band, and a wide gap to its left.
    const band = visible.filter((g) => !run.includes(g) && g.y0 < y1 && g.y1 > y0);
    if (band.some((g) => g.x0 > x1 - 0.01)) continue;
    const nearestLeft = Math.max(-Infinity, ...band.filter((g) => g.x1 <= x0 + 0.01).map((g) => g.x1));
    // Alone on its row (TeX sets the number of a formula too wide for it on a row of its own)
    // it is the rightmost thing of the formula.
    // (A formula wider than its column runs past the number at the right margin: the number is
    // then the lowest thing, in the right half.)
    const others = visible.filter((g) => !run.includes(g));
    const right = Math.max(...others.map((g) => g.x1));
    const middle = (Math.min(...others.map((g) => g.x0)) + right) / 2;
    const lowest = !others.some((g) => g.y0 > y1);
    // (Under a too-wide row of an alignment, rows below it, the number is alone on its row in the right half too.)
    const alignedRows = visible.filter((g) => ROW_RELATIONS.includes(String.fromCodePoint(g.code)) && Math.abs(g.base - close.base) > 0.5 * size);
    const underWideRow = alignedRows.some((g) => g.base < close.base) && alignedRows.some((g) => g.base > close.base) && x0 > middle;
    const alone = !band.length && others.length > 0 && (x1 >= right - 0.5 * size || (lowest && x0 > middle) || underWideRow);
    // Beside the last row: rows above it, none under it (a denominator's full-size glyphs hang
    // lower than the number, but not a row's pitch lower).
    const lastRow = visible.some((g) => g.base < close.base - size) && !visible.some((g) => emOf(g) >= 0.85 * size && g.base > close.base + NEXT_ROW_DROP * size);
    if (!alone && (!band.length || x0 - nearestLeft < (lastRow ? LAST_ROW_NUMBER_GAP : NUMBER_GAP) * size)) continue;
    run.forEach((g) => used.add(g));
    found.push({ text: match[1]!, y: close.base });
  }
  leftNumbers(visible, used, found);
  found.sort((a, b) => a.y - b.y);
  return { numbers: found.map((f) => f.text), rest: glyphs.filter((g) => !used.has(g)) };
}

/**
 * Equation numbers at the left (leqno, the default of the AMS classes): "(n)" at the start of a
 * row with nothing left of it on its band and a wide gap to its right, or alone on its row at the
 * formula's left edge (TeX sets the number of a formula too wide for it on a row of its own above
 * it) — the mirror of the numbers at the right.
 */
function leftNumbers(visible: Glyph[], used: Set<Glyph>, found: { text: string; y: number }[]): void {
  for (const open of visible) {
    if (open.code !== 0x28 || used.has(open)) continue;
    const size = emOf(open);
    const row = visible.filter((g) => !used.has(g) && Math.abs(g.base - open.base) < 0.2 * size && g.x0 >= open.x0 - 0.01).sort((a, b) => a.x0 - b.x0);
    const run: Glyph[] = [];
    let right = open.x0;
    for (const g of row) {
      if (g.x0 - right > 0.3 * size) break;
      run.push(g);
      right = g.x1;
      if (g.code === 0x29) break;
    }
    const match = EQUATION_NUMBER.exec(String.fromCodePoint(...run.map((g) => g.code)));
    if (!match || run[run.length - 1]!.code !== 0x29) continue;
    const [x0, x1] = [open.x0, run[run.length - 1]!.x1];
    const y0 = Math.min(...run.map((g) => g.y0));
    const y1 = Math.max(...run.map((g) => g.y1));
    const band = visible.filter((g) => !run.includes(g) && g.y0 < y1 && g.y1 > y0);
    if (band.some((g) => g.x1 < x0 + 0.01)) continue;
    const others = visible.filter((g) => !run.includes(g) && !used.has(g));
    if (!others.length) continue;
    const nearestRight = Math.min(...band.map((g) => g.x0));
    // Alone on its row: at the formula's left edge, or over it in its left half.
    const left = Math.min(...others.map((g) => g.x0));
    const middle = (left + Math.max(...others.map((g) => g.x1))) / 2;
    const highest = !others.some((g) => g.y1 < y0);
    const alone = !band.length && (x0 <= left + 0.5 * size || (highest && x1 < middle));
    // Beside the first row of several (multline sets its first row \multlinetaggap from a number at the left).
    const firstRow = visible.some((g) => g.base > open.base + size) && !visible.some((g) => emOf(g) >= 0.85 * size && g.base < open.base - NEXT_ROW_DROP * size);
    if (!alone && (!band.length || nearestRight - x1 < (firstRow ? LAST_ROW_NUMBER_GAP : NUMBER_GAP) * size)) continue;
    run.forEach((g) => used.add(g));
    found.push({ text: match[1]!, y: open.base });
  }
}
