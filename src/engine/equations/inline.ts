// Inline math in running text: each line of the page's text flow is read by the math module,
// and where it finds formulas (math fonts, scripts, symbols) the line's text gets them as $…$.
// Pieces of an inline formula that the text layer set on lines of their own (a raised exponent,
// the numerator and denominator of a \frac in text) join the line they stand on first.
// A line without math keeps its extracted text untouched.
import type { LabelledParagraph } from '../model/analysis.js';
import type { Box, Glyph, Page, TextLine } from '../model/document.js';
import { glyphsOf } from '../model/typography.js';
import { unionOf } from '../model/geometry.js';
import { isMostlyRightToLeftText } from '../model/script.js';
import { entry } from '../model/trace.js';
import { BULLET } from '../model/text.js';
import { inlineMath, lineSize } from '../math/index.js';
import { certainlyNoMath } from '../math/inline.js';
import { isMathFont } from '../model/math-fonts.js';
import { mathFlagUntrusted } from './detect.js';

/** A fraction bar or a vinculum drawn as a filled box is at most this many ems thick. */
const RULE_THICKNESS = 0.15;
/** A formula's pieces stand within a line's text band: this far (em) above its baseline… */
const BAND_ABOVE = 1.3;
/** …and this far below (an inline fraction's denominator reaches lower than a descender). */
const BAND_BELOW = 0.9;
/** The parts of an inline fraction are set at script size (TeX's text-style \frac)… */
const SCRIPT_SIZE = 0.85;
/** …and, where fractions nest, reach this far (em) above or below the baseline. */
const LINKED_BAND = 2;
/** The widest of these bands, above or below: a line past it is in no host's band. */
const WIDEST_BAND = Math.max(BAND_ABOVE, BAND_BELOW, LINKED_BAND);
/** A fraction's bar sits on the math axis, a quarter em above the baseline of its row (± this, em). */
const AXIS = 0.25;
const AXIS_TOLERANCE = 0.12;

/** A fraction's part stands this close (em) to its bar, above or under it… */
const BAR_GAP = 0.6;
/** …and reaches at most this far (em) across it. */
const BAR_OVERLAP = 0.15;

/** Pieces of one row of text this close (em) are one line cut where a formula's scripts are. */
const PIECE_GAP = 0.5;

/** Lines this stage wrote, with the number of formulas each holds (for the paragraphs' trace). */
const spansOf = new WeakMap<TextLine, number>();

/**
 * The page's text flow with inline math: each line joined by the formula pieces the text layer
 * set on lines of their own within its text band, and its formulas set in $…$ in its text.
 * Lines without math come back as they were. Total.
 */
export function withInlineMath(lines: readonly TextLine[], page: Pick<Page, 'rules' | 'graphics'> = {}): TextLine[] {
  const out: TextLine[] = [];
  // Where the extractor flags most glyphs as math, only the fonts' names say which are.
  const untrusted = mathFlagUntrusted(glyphsOf(lines));
  for (const row of rowsOf(lines, page, untrusted)) {
    try {
      out.push(...readRow(row, page, untrusted));
    } catch {
      out.push(...row);
    }
  }
  return out;
}

function readRow(row: TextLine[], page: Pick<Page, 'rules' | 'graphics'>, untrusted: boolean): TextLine[] {
  const main = row[0]!;
  // A list item's bullet set in a math font (IEEEtran's and beamer's \\textbullet come from
  // CMSY) is the item's marker, not a formula: it is kept out of the reading.
  const marker = BULLET.test(main.text) ? main.glyphs?.[0] : undefined;
  const glyphs: Glyph[] = [];
  for (const g of glyphsOf(row)) if (g !== marker) glyphs.push(untrusted && g.style.math ? { ...g, style: { ...g.style, math: isMathFont(g.font) } } : g);
  if (main.equation || !glyphs.length || main.rotated || main.monospace) return row;
  // The reading below goes left to right: a right-to-left row keeps the text the extractor put in
  // logical order, its pieces (numbers set apart in it) joined from right to left.
  if (isMostlyRightToLeftText(row.map((l) => l.text))) return row.length > 1 ? [rightToLeftRow(row)] : row;
  // A line alone whose glyphs hold no math for certain comes back as it was, unread.
  if (row.length === 1 && certainlyNoMath(glyphs)) return row;
  const size = lineSize(main);
  const box = unionOf(row);
  const result = inlineMath(glyphs, rulesIn(page, box, size));
  const line: TextLine = marker
    ? { ...main, text: `${String.fromCodePoint(marker.code)} ${result.text}`, box, glyphs: [marker, ...result.glyphs] }
    : { ...main, text: result.text, box, glyphs: result.glyphs };
  // No formula: the row's pieces (a name cut from its raised footnote mark, "Okafor" "1" ", Emeka")
  // are one line of text again.
  if (!result.spans.length) return row.length > 1 && row.every((l) => l.glyphs?.length) ? [line] : row;
  spansOf.set(line, result.spans.length);
  return [line];
}

/** The pieces of a right-to-left row as one line, read from the right. */
function rightToLeftRow(row: TextLine[]): TextLine {
  const pieces = [...row].sort((a, b) => b.box[2] - a.box[2]);
  const box = unionOf(row);
  return { ...row[0]!, text: pieces.map((l) => l.text).join(' '), box, glyphs: pieces.flatMap((l) => l.glyphs ?? []) };
}

/** Paragraphs holding lines with inline math get a trace entry saying how many formulas and lines. */
export function traceInlineMath(paragraphs: LabelledParagraph[]): LabelledParagraph[] {
  return paragraphs.map((p) => {
    const counts = p.lines.map((l) => spansOf.get(l) ?? 0).filter((n) => n > 0);
    if (!counts.length) return p;
    return { ...p, trace: [...p.trace, entry('equations', 'inline.math-spans', { spans: counts.reduce((a, b) => a + b, 0), lines: counts.length })] };
  });
}

/**
 * Lines grouped by visual row: a line whose extent lies within a longer line's text band (a
 * script or a fraction's part set apart) joins it. Rows keep the lines' order.
 */
function rowsOf(lines: readonly TextLine[], page: Pick<Page, 'rules' | 'graphics'>, untrusted: boolean): TextLine[][] {
  // Each line's own properties are found once: the row search below asks them of every pair.
  const inMathFont = perLine((line) => (line.glyphs ?? []).some((g) => isMathFont(g.font) || (!untrusted && g.style.math)));
  const sizeOf = perLine(lineSize);
  const words = perLine(wordsOfText);
  const mates = fractionMates(lines, page, inMathFont, sizeOf);
  // Only pieces of a formula (a glyph in a math font, a part of a fraction) reach a row past its
  // first line's ends: a label or a number of a figure beside a line of text stays apart.
  const formulaPiece = perLine((line) => mates.has(line) || inMathFont(line));
  const rows: TextLine[][] = [];
  const rowOf = new Map<TextLine, TextLine[]>();
  // A row's extent sideways grows with the pieces it takes: a wide inline fraction reaches past
  // the end of the line its numerator started from.
  const reach = new Map<TextLine[], [number, number]>();
  const hostOf = (line: TextLine, candidates: TextLine[][]): TextLine[] | undefined => {
    // Within a host's text band (from above its ascenders to below its descenders); of two
    // lines whose bands hold it (a subscript is near the next line's top too), the nearest baseline.
    const middle = (line.box[1] + line.box[3]) / 2;
    const piece = formulaPiece(line);
    const group = mates.get(line);
    const glyphCount = line.glyphs?.length ?? 0;
    return (
      candidates
        .filter((r) => {
          const m = r[0]!;
          if (m.equation || line.equation || line.rotated) return false;
          // The cheap tests first (what each line is, and the widest band and reach any host can
          // have), then the fraction links that set the band.
          if (glyphCount >= (m.glyphs?.length ?? 0)) return false;
          const size = sizeOf(m);
          if (line.box[1] < m.baseline - WIDEST_BAND * size || line.box[3] > m.baseline + WIDEST_BAND * size) return false;
          const [x0, x1] = piece ? reach.get(r)! : [m.box[0], m.box[2]];
          // Text that is no formula's piece stands right at the line's ends if it is a script (a
          // footnote mark); a gutter's width away it is the next column's (a sidebar's heading).
          const reachOut = piece ? size : TEXT_SCRIPT_GAP * size;
          if (!(line.box[0] <= x1 + reachOut && line.box[2] >= x0 - reachOut)) return false;
          if (words(line) || (!piece && overLetters(line, m))) return false;
          // A script-size part of a fraction whose other parts the row holds reaches farther (a
          // fraction in its numerator or denominator).
          const onAxis = group?.bars.some((b) => Math.abs((b[1] + b[3]) / 2 - (m.baseline - AXIS * size)) < AXIS_TOLERANCE * size && b[0] <= x1 + size && b[2] >= x0 - size);
          const linked = sizeOf(line) < SCRIPT_SIZE * size && (onAxis || r.some((l) => group && mates.get(l) === group));
          const [above, below] = linked ? [LINKED_BAND, LINKED_BAND] : [BAND_ABOVE, BAND_BELOW];
          return line.box[1] >= m.baseline - above * size && line.box[3] <= m.baseline + below * size;
        })
        // The row holding the other parts of its fraction first (a denominator is as near the
        // next line's band as its own); else the nearest baseline.
        .map((r) => ({ r, mate: r.some((l) => mates.get(l) !== undefined && mates.get(l) === group), distance: Math.abs(r[0]!.baseline - 0.3 * sizeOf(r[0]!) - middle) }))
        .sort((a, b) => Number(b.mate) - Number(a.mate) || a.distance - b.distance)[0]?.r ??
      // Or a piece of the same row cut off where a formula or a mark is (on its baseline,
      // touching the row as far as it reaches).
      candidates.find((r) => {
        const m = r[0]!;
        const size = sizeOf(m);
        if (!(Math.abs(m.baseline - line.baseline) < 0.25 * size)) return false;
        const [x0, x1] = reach.get(r)!;
        const gap = Math.max(line.box[0] - x1, x0 - line.box[2]);
        return !m.equation && !line.equation && !line.rotated && gap < PIECE_GAP * size && gap > -size;
      })
    );
  };
  const join = (line: TextLine, host: TextLine[]) => {
    host.push(line);
    rowOf.set(line, host);
    const [x0, x1] = reach.get(host)!;
    reach.set(host, [Math.min(x0, line.box[0]), Math.max(x1, line.box[2])]);
  };
  // Full lines first (widest), so fragments find the row they belong to.
  const bySize = [...lines].sort((a, b) => (b.glyphs?.length ?? 0) - (a.glyphs?.length ?? 0));
  for (const line of bySize) {
    const host = hostOf(line, rows);
    if (host) join(line, host);
    else {
      const row = [line];
      rows.push(row);
      rowOf.set(line, row);
      reach.set(row, [line.box[0], line.box[2]]);
    }
  }
  // Pieces that stood past a row's end when they were placed can be within its reach once the
  // row took the pieces beside them (the subscript after a wide fraction, the numerator over a
  // denominator that reaches under the row's first word): they join it with the pieces they took.
  for (let moved = true; moved; ) {
    moved = false;
    for (const row of rows.filter((r) => r.length && r.every(formulaPiece))) {
      const host = hostOf(row[0]!, rows.filter((r) => r !== row && r.length));
      if (!host) continue;
      for (const line of row.splice(0)) join(line, host);
      moved = true;
    }
  }
  // Rows on one baseline that touch, once each took its pieces, are one row (a name, its raised
  // mark, the next name: "Okafor" "1" ", Emeka" placed longest first).
  // `size` is sizeOf(a[0]): the caller finds it once per row, not once per pair.
  const touching = (a: TextLine[], b: TextLine[], size: number) => {
    // Rows on other baselines first: every row is tried against every other.
    if (!(Math.abs(a[0]!.baseline - b[0]!.baseline) < 0.25 * size)) return false;
    const [a0, a1] = reach.get(a)!;
    const [b0, b1] = reach.get(b)!;
    const gap = Math.max(b0 - a1, a0 - b1);
    return !a[0]!.equation && !b[0]!.equation && !a[0]!.rotated && !b[0]!.rotated && gap < PIECE_GAP * size && gap > -size;
  };
  for (let merged = true; merged; ) {
    merged = false;
    const live = rows.filter((r) => r.length);
    for (const row of live) {
      const size = sizeOf(row[0]!);
      const other = live.find((o) => o !== row && touching(row, o, size));
      if (!other) continue;
      const [host, guest] = (other[0]!.glyphs?.length ?? 0) >= (row[0]!.glyphs?.length ?? 0) ? [other, row] : [row, other];
      for (const line of guest.splice(0)) join(line, host);
      merged = true;
      break;
    }
  }
  const out: TextLine[][] = [];
  const seen = new Set<TextLine[]>();
  for (const l of lines) {
    const r = rowOf.get(l)!;
    if (seen.has(r)) continue;
    seen.add(r);
    out.push(r);
  }
  return out;
}

/** A function of a line, found once per line (lines are not changed while rows are found). */
export function perLine<T>(find: (line: TextLine) => T): (line: TextLine) => T {
  const found = new Map<TextLine, T>();
  return (line) => {
    if (found.has(line)) return found.get(line)!;
    const value = find(line);
    found.set(line, value);
    return value;
  };
}

/** A script in text fonts starts within this many ems of its line's end (a raised mark right after a word). */
const TEXT_SCRIPT_GAP = 0.3;

/**
 * A line in text fonts standing over this many of a larger line's glyphs (their middles under
 * it) is set above or below that line's letters (a kicker over a headline, a date under a
 * masthead), not after one of them as a script is.
 */
const LETTERS_UNDER_SCRIPT = 2;

function overLetters(line: TextLine, host: TextLine): boolean {
  let under = 0;
  for (const g of host.glyphs ?? []) if (g.code > 32 && (g.x0 + g.x1) / 2 > line.box[0] && (g.x0 + g.x1) / 2 < line.box[2] && ++under >= LETTERS_UNDER_SCRIPT) return true;
  return false;
}

/** Words of this many letters make a line of text (an address under a letterhead), not a script. */
const TEXT_WORD = /\p{L}{2,}\s+\p{L}{2,}/u;

/**
 * A line of words in text fonts, none of its glyphs mathematical: it is no script or fraction
 * part of the line whose band it lies in (a small address line under a large letterhead).
 */
function wordsOfText(line: TextLine): boolean {
  return TEXT_WORD.test(line.text) && !(line.glyphs ?? []).some((g) => g.style.math || isMathFont(g.font));
}

/** The lines of inline fractions linked through their bars, and the bars. */
interface FractionGroup {
  bars: Box[];
}

/**
 * Lines linked through fraction bars: the parts right above and right under a thin rule (and
 * the parts of nested fractions, through their own bars) share a group, when one of them has a
 * glyph in a math font.
 */
function fractionMates(lines: readonly TextLine[], page: Pick<Page, 'rules' | 'graphics'>, inMathFont: (line: TextLine) => boolean, sizeOf: (line: TextLine) => number = lineSize): Map<TextLine, FractionGroup> {
  const group = new Map<TextLine, FractionGroup>();
  const candidates = lines.filter((l) => !l.equation && !l.rotated && l.glyphs?.length);
  if (candidates.length < 2) return group;
  // Groups without a glyph in a math font are dropped below: with none on the page there are none.
  if (!candidates.some(inMathFont)) return group;
  const size = Math.max(...candidates.map(sizeOf));
  const bars = [...(page.rules ?? []).filter((r) => r[1] === r[3]), ...(page.graphics ?? []).filter((b) => b[3] - b[1] <= RULE_THICKNESS * size && b[2] - b[0] > b[3] - b[1])];
  // Union-find over the lines; each bar is kept with one of its lines until the groups are known.
  const parent = new Map<TextLine, TextLine>();
  const barsOf = new Map<TextLine, Box[]>();
  const find = (l: TextLine): TextLine => {
    const p = parent.get(l) ?? l;
    if (p === l) return l;
    const root = find(p);
    parent.set(l, root);
    return root;
  };
  const extent = perLine(glyphExtent);
  for (const bar of bars) {
    const y = (bar[1] + bar[3]) / 2;
    const touching = candidates.filter((l) => {
      const em = sizeOf(l);
      // What the line's glyphs span as a whole rules most lines out before their glyphs are looked at.
      if (!couldTouchBar(extent(l), bar, y, em)) return false;
      const near = l.glyphs!.filter((g) => (g.x0 + g.x1) / 2 > bar[0] && (g.x0 + g.x1) / 2 < bar[2]);
      if (!near.length) return false;
      const bottom = Math.max(...near.map((g) => g.y1));
      const top = Math.min(...near.map((g) => g.y0));
      const above = bottom <= y + BAR_OVERLAP * em && y - bottom < BAR_GAP * em;
      const below = top >= y - BAR_OVERLAP * em && top - y < BAR_GAP * em;
      return above || below;
    });
    if (!touching.length) continue;
    for (const l of touching.slice(1)) if (find(l) !== find(touching[0]!)) parent.set(find(l), find(touching[0]!));
    barsOf.set(touching[0]!, [...(barsOf.get(touching[0]!) ?? []), bar]);
  }
  const groups = new Map<TextLine, FractionGroup>();
  for (const [l, bars] of barsOf) {
    const root = find(l);
    const g = groups.get(root) ?? groups.set(root, { bars: [] }).get(root)!;
    g.bars.push(...bars);
  }
  // A group without a glyph in a math font is a table's or an underline's rule and the text by it.
  const mathematical = new Set(candidates.filter(inMathFont).map(find));
  for (const l of candidates) {
    const g = groups.get(find(l));
    if (g && mathematical.has(find(l))) group.set(l, g);
  }
  return group;
}

/** The range of a line's glyph middles (across) and of their tops and bottoms; coordinates that are not numbers are left out. */
export interface GlyphExtent {
  minCentre: number;
  maxCentre: number;
  minTop: number;
  maxTop: number;
  minBottom: number;
  maxBottom: number;
}

export function glyphExtent(line: TextLine): GlyphExtent {
  const e = { minCentre: Infinity, maxCentre: -Infinity, minTop: Infinity, maxTop: -Infinity, minBottom: Infinity, maxBottom: -Infinity };
  for (const g of line.glyphs ?? []) {
    const centre = (g.x0 + g.x1) / 2;
    if (centre < e.minCentre) e.minCentre = centre;
    if (centre > e.maxCentre) e.maxCentre = centre;
    if (g.y0 < e.minTop) e.minTop = g.y0;
    if (g.y0 > e.maxTop) e.maxTop = g.y0;
    if (g.y1 < e.minBottom) e.minBottom = g.y1;
    if (g.y1 > e.maxBottom) e.maxBottom = g.y1;
  }
  return e;
}

/**
 * Whether some of a line's glyphs can be a fraction part of a bar at height y (as fractionMates
 * tests them): a glyph's middle within the bar's ends, and the glyphs' bottoms or tops near the
 * bar. False only where that test fails for every choice of the line's glyphs.
 */
export function couldTouchBar(e: GlyphExtent, bar: Box, y: number, em: number): boolean {
  if (!(e.maxCentre > bar[0] && e.minCentre < bar[2])) return false;
  const above = y - e.maxBottom < BAR_GAP * em && e.minBottom <= y + BAR_OVERLAP * em;
  const below = e.maxTop >= y - BAR_OVERLAP * em && e.minTop - y < BAR_GAP * em;
  return above || below;
}

function rulesIn(page: Pick<Page, 'rules' | 'graphics'>, box: Box, size: number): Box[] {
  const thin = (page.graphics ?? []).filter((b) => b[3] - b[1] <= RULE_THICKNESS * size && b[2] - b[0] > b[3] - b[1]);
  return [...(page.rules ?? []).filter((r) => r[1] === r[3]), ...thin].filter((b) => {
    const cx = (b[0] + b[2]) / 2;
    const cy = (b[1] + b[3]) / 2;
    return cx >= box[0] && cx <= box[2] && cy >= box[1] && cy <= box[3];
  });
}
