// From the glyphs and rules of a formula to units: the symbols a formula is built of, each with
// its LaTeX, its role (relation, operator, delimiter…) and its box. Later steps bundle units
// into bigger ones (a fraction, a sum with its limits) until rows of units remain.
import type { Box, Glyph } from '../model/document.js';
import { fontAlphabet, repairCode, UNKNOWN_DELIMITER } from '../model/math-fonts.js';
import { accentOf, FUNCTION_NAMES, LIMIT_NAMES, mathAlphanumeric, pieceOf, symbolOf, type Role } from './symbols.js';

export interface Unit {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Baseline; for tall symbols (big operators, delimiters, radicals) the math axis moved to where the baseline is. */
  base: number;
  /** Font size the unit is set in (its main symbol's). */
  size: number;
  latex: string;
  role: Role | 'rule' | 'group';
  /** The character, for single symbols. */
  char?: string;
  /** An upright Latin letter of a text font: a piece of a word such as "sin". */
  upright?: boolean;
  /** The letter's advance (origin to next pen position), when the text layer gives it. */
  advance?: [number, number];
  /** Taller than the line: a big operator, a stretchy delimiter, a radical sign. */
  tall?: boolean;
  /** A piece of a big delimiter (⎛ ⎜ ⎝…), to be stacked with the others of its column. */
  piece?: boolean;
  /** The brace extension piece ⎪, which belongs to a left or a right brace. */
  extension?: boolean;
  /** A fraction's bar (y): it sits on the math axis of the row the fraction belongs to. */
  axis?: number;
  /** A fraction's parts' own size (their single symbols', not a radical's or a big operator's inside them). */
  partsSize?: number;
  /** Its LaTeX read again in the style of the row it ends up on (an overline or a radical over a fraction). */
  restyle?: (style: unknown) => string;
  /** Word-like group (a function name) that takes limits below in display style. */
  limits?: boolean;
}

/** Where the math axis sits above the baseline, in em: TeX's axis height is 0.25 em. */
const AXIS = 0.25;
const TALL_BARS: Record<number, number> = { 0x2223: 0x7c, 0x2225: 0x2016 };
/** Pieces of one tall bar touch end to end: at most this gap (em) between them. */
const BAR_JOIN = 0.05;
/** The pieces of a built-up radical end this close (em) at their right (the top piece reaches on under the vinculum). */
const ROOT_ALIGN = 0.5;
/** OpenType math fonts by name ("TeXGyrePagellaMath-Regular", "STIXTwoMath-Regular", "XITSMath"); mathpazo's Type 1 PazoMath is not one. */
const OPENTYPE_MATH = /^(?!pazo)\w*math(-[a-z]+)?$/i;
/** A glyph more than this many em tall is a stretchy or display-size symbol. */
const TALL = 1.35;

export function boxOf(units: { x0: number; y0: number; x1: number; y1: number }[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const u of units) {
    x0 = Math.min(x0, u.x0);
    y0 = Math.min(y0, u.y0);
    x1 = Math.max(x1, u.x1);
    y1 = Math.max(y1, u.y1);
  }
  return [x0, y0, x1, y1];
}

/**
 * A glyph's size in points: the size its font is set at where the PDF says (the loose box of
 * OpenType math fonts is far taller than the size), else the extracted size.
 */
export function emOf(g: Glyph): number {
  const em = g.fontSize !== undefined && Number.isFinite(g.fontSize) && g.fontSize >= 3 ? g.fontSize : g.size;
  return em > 0 && Number.isFinite(em) ? em : Math.max(g.y1 - g.y0, 1);
}

/**
 * The size a line of text is set in, from its glyphs' font sizes (the largest: scripts may
 * outnumber the symbols they belong to): a line's own size can come from an OpenType math
 * font's loose box, several times the text size.
 */
export function lineSize(line: { fontSize: number; glyphs?: Glyph[] }): number {
  const glyphs = line.glyphs ?? [];
  if (!glyphs.length) return Math.max(line.fontSize, 1);
  // The largest em (NaN if any is NaN, as Math.max), without an array per call.
  let size = -Infinity;
  for (const g of glyphs) {
    const em = emOf(g);
    if (Number.isNaN(em)) return NaN;
    if (em > size) size = em;
  }
  return Math.max(size, 1);
}

function finite(g: Glyph): boolean {
  return [g.x0, g.y0, g.x1, g.y1, g.base, g.size].every(Number.isFinite) && g.x1 >= g.x0 && g.y1 >= g.y0;
}

/** The units of one glyph: a letter carrying a composed accent gives two. */
function glyphUnits(g: Glyph, bodySize: number): Unit[] {
  let code = repairCode(g.font, g.code) ?? g.code;
  const size = emOf(g);
  const box = { x0: g.x0, y0: g.y0, x1: g.x1, y1: g.y1, base: g.base, size };
  const char0 = String.fromCodePoint(code);
  // A letter with an accent composed onto it by the text layer: the letter and the accent above.
  const decomposed = char0.normalize('NFD');
  if ([...decomposed].length === 2 && /\p{L}/u.test(decomposed[0]!)) {
    const mark = decomposed.codePointAt(1)!;
    const accent = accentOf(mark);
    if (accent) {
      const letter = glyphUnits({ ...g, code: decomposed.codePointAt(0)! }, bodySize);
      const h = 0.25 * size;
      return [...letter, { ...box, y0: g.y0 - h, y1: g.y0, base: g.y0, latex: `\\${accent}`, role: 'accent', char: String.fromCodePoint(mark) }];
    }
  }
  const piece = pieceOf(char0);
  if (piece) {
    return [{ ...box, latex: symbolOf(piece).latex, role: symbolOf(piece).role, char: piece, piece: true, extension: char0 === '⎪' }];
  }
  const height = g.y1 - g.y0;
  const tall = height > TALL * bodySize;
  // OpenType math fonts set a tall bar (vmatrix, \left|) as a size variant the text layer calls ∣ or ∥.
  if (tall && TALL_BARS[code]) code = TALL_BARS[code]!;
  const char = String.fromCodePoint(code);
  if (code === UNKNOWN_DELIMITER) {
    return [{ ...box, base: (g.y0 + g.y1) / 2 + AXIS * bodySize, size: bodySize, latex: '|', role: 'fence', char: '?', tall: true }];
  }
  const accent = accentOf(code);
  if (accent && code > 0x7f && code !== 0x2192) return [{ ...box, latex: `\\${accent}`, role: 'accent', char }];
  const alnum = mathAlphanumeric(code);
  if (alnum) {
    const latex = alnum.alphabet ? `\\${alnum.alphabet}{${symbolOf(alnum.char).latex}}` : symbolOf(alnum.char).latex;
    return [{ ...box, latex, role: 'ord', char: alnum.char }];
  }
  const info = symbolOf(char);
  const unit: Unit = { ...box, latex: info.latex, role: info.role, char };
  const alphabet = fontAlphabet(g.font, code);
  if (alphabet && info.role === 'ord') unit.latex = `\\${alphabet}{${char}}`;
  else if (/^[A-Za-z]$/.test(char) && !g.style.italic && !g.style.math) {
    unit.upright = true;
    if (g.advance && g.advance.every(Number.isFinite)) unit.advance = [g.advance[0], g.advance[1]];
  }
  else if (/^[A-Za-z]$/.test(char) && g.style.math && !/(mi|italic|MI)/i.test(g.font ?? '') && /math/i.test(g.font ?? '')) {
    // OpenType math fonts: variables are Mathematical Italic code points, plain Latin is upright.
    unit.upright = true;
  }
  if (tall || info.role === 'bigop' || (info.role === 'radical' && height > 1.1 * bodySize)) {
    unit.tall = tall || info.role === 'bigop';
    // An OpenType math font's big operator is set in the size of the style it is in (an integral
    // in a script-size denominator is at script size); TeX's Type 1 extension fonts keep one size
    // for all styles, and a delimiter or radical is built to a height.
    const styleSized = info.role === 'bigop' && OPENTYPE_MATH.test(g.font ?? '') && g.fontSize !== undefined && g.fontSize >= 3;
    unit.size = styleSized ? Math.min(g.fontSize!, bodySize) : bodySize;
    unit.base = (g.y0 + g.y1) / 2 + AXIS * unit.size;
  }
  return [unit];
}

/** The body size of a formula: the size most of its glyphs are set in (scripts are smaller). */
export function bodySizeOf(glyphs: Glyph[]): number {
  const sizes = glyphs.map(emOf).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length * 0.75)] ?? 10;
}

/** Units of a formula's glyphs and rules; upright letters set close together become one word. */
export function toUnits(glyphs: Glyph[], rules: Box[], bodySize: number): Unit[] {
  const visible = glyphs.filter((g) => finite(g) && g.code > 32 && !INVISIBLE.has(g.code));
  // A variation selector the text layer adds to a glyph (newtx's big radical is "√" U+FE04) has
  // that glyph's box: it is no glyph of its own.
  const selector = (g: Glyph) => g.code >= 0xfe00 && g.code <= 0xfe0f && visible.some((o) => o !== g && !(o.code >= 0xfe00 && o.code <= 0xfe0f) && Math.abs(o.x0 - g.x0) < 0.05 * bodySize && Math.abs(o.x1 - g.x1) < 0.05 * bodySize && Math.abs(o.y0 - g.y0) < 0.05 * bodySize);
  const units = visible.filter((g) => !selector(g)).flatMap((g) => glyphUnits(g, bodySize));
  const merged = pairNorms(mergeIntegrals(mergeDots(mergeNegations(mergeArrows(mergeWords(mergePieces(units, bodySize).sort((a, b) => a.x0 - b.x0)))))));
  for (const r of rules) {
    if (![r[0], r[1], r[2], r[3]].every(Number.isFinite) || r[2] - r[0] < 0.2 * bodySize) continue;
    const y = (r[1] + r[3]) / 2;
    merged.push({ x0: r[0], x1: r[2], y0: y, y1: y, base: y, size: bodySize, latex: '', role: 'rule' });
  }
  return merged;
}

const INVISIBLE = new Set([0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2061, 0x2062, 0x2063, 0xfeff, 0xad]);

/** Advances of neighbouring letters of a word meet within this (em; TeX's thin space between two operator names is 1/6 em). */
const ADVANCE_TOUCHING = 0.03;

/** Upright letters side by side on one baseline: a function name (\sin) or a word (\text{if}). */
function mergeWords(units: Unit[]): Unit[] {
  // Only upright letters take part: a limit under \min sits between its letters in x order.
  const letters = units.filter((u) => u.upright).sort((a, b) => a.x0 - b.x0);
  const absorbed = new Set<Unit>();
  const words: Unit[] = [];
  // Letters of a word touch: their ink boxes, or their advances where a font's wide side bearings
  // (CM Bright's "i" and "n") leave a gap between the ink that a thin space would.
  const touching = (w: Unit, u: Unit) => {
    if (u.x0 - w.x1 < 0.12 * u.size && u.x0 - w.x1 > -0.1 * u.size) return true;
    return !!w.advance && !!u.advance && Math.abs(u.advance[0] - w.advance[1]) < ADVANCE_TOUCHING * u.size;
  };
  for (const u of letters) {
    const prev = words.find((w) => !absorbed.has(w) && Math.abs(w.base - u.base) < 0.1 * u.size && touching(w, u) && Math.abs(w.size - u.size) < 0.1 * u.size);
    if (prev) {
      prev.char = (prev.char ?? '') + (u.char ?? '');
      prev.x1 = Math.max(prev.x1, u.x1);
      if (prev.advance && u.advance) prev.advance = [prev.advance[0], u.advance[1]];
      prev.y0 = Math.min(prev.y0, u.y0);
      prev.y1 = Math.max(prev.y1, u.y1);
      absorbed.add(u);
    } else words.push(u);
  }
  for (const u of words) {
    if (!u.char || u.char.length < 2) continue;
    if (FUNCTION_NAMES.has(u.char)) {
      u.latex = `\\${u.char}`;
      u.limits = LIMIT_NAMES.has(u.char);
      // An operator name: TeX spaces it from its argument, so no explicit space is read there.
      u.role = 'bigop';
    } else {
      u.latex = `\\text{${u.char}}`;
      u.role = 'ord';
    }
  }
  return units.filter((u) => !absorbed.has(u));
}

/** Pieces of a big delimiter (top, extension, middle, bottom) stacked in one column: one tall delimiter. */
function mergePieces(units: Unit[], bodySize: number): Unit[] {
  const out: Unit[] = [];
  // OpenType math fonts name a delimiter's extender by the delimiter itself ("{" between ⎧ and
  // ⎨): a plain delimiter glyph in the column of pieces of the same delimiter is one of them.
  const marked = units.filter((u) => u.piece);
  for (const u of units) {
    if (u.piece || !u.char || !'{}()[]'.includes(u.char)) continue;
    if (marked.some((p) => p.piece && p.char === u.char && Math.abs(p.x0 - u.x0) < 0.3 * bodySize && u.y0 < p.y1 + bodySize && u.y1 > p.y0 - bodySize)) u.piece = true;
  }
  // A tall bar (vmatrix, \left|) is the extension font's bar repeated: bars touching end to end
  // in one column are pieces of one bar (bars of rows of an alignment stand apart).
  // OpenType math fonts repeat their extender, which the text layer calls ∣ or ∥ (vmatrix in
  // TeX Gyre Pagella Math): those pieces are the bar's too.
  const bars = units.filter((u) => !u.piece && (u.char === '|' || u.char === '‖' || u.char === '∣' || u.char === '∥'));
  const barOf = (c: string | undefined) => (c === '∣' ? '|' : c === '∥' ? '‖' : c);
  const inStack = bars.filter((u) => bars.some((o) => o !== u && barOf(o.char) === barOf(u.char) && Math.abs(o.x0 - u.x0) < 0.1 * bodySize && Math.max(o.y0 - u.y1, u.y0 - o.y1) < BAR_JOIN * bodySize));
  for (const u of inStack) {
    u.piece = true;
    const bar = barOf(u.char)!;
    if (bar !== u.char) Object.assign(u, { char: bar, latex: symbolOf(bar).latex, role: symbolOf(bar).role });
  }
  // TeX builds a radical taller than CMEX's biggest from pieces (radicalbt, radicalvertex,
  // radicaltp, all √ to the text layer) stacked in one column at their right edges.
  const roots = units.filter((u) => !u.piece && u.char === '√');
  for (const u of roots) {
    if (roots.some((o) => o !== u && Math.abs(o.x1 - u.x1) < ROOT_ALIGN * bodySize && o.x0 < u.x1 && u.x0 < o.x1 && Math.max(o.y0 - u.y1, u.y0 - o.y1) < BAR_JOIN * bodySize)) u.piece = true;
  }
  const pieces = units.filter((u) => u.piece).sort((a, b) => a.y0 - b.y0);
  const used = new Set<Unit>();
  for (const p of pieces) {
    if (used.has(p)) continue;
    const stack = [p];
    used.add(p);
    for (const q of pieces) {
      // The extension piece ⎪ serves left and right braces alike.
      if (used.has(q) || (q.char !== p.char && !q.extension && !p.extension)) continue;
      const last = stack[stack.length - 1]!;
      const gap = p.char === '|' || p.char === '‖' ? BAR_JOIN : 0.3;
      // A right delimiter's pieces line up at their right edge (an OpenType font's extender is
      // narrower than the hooks, and its box is the ink's), a left one's at their left.
      const aligned = Math.abs(q.x0 - last.x0) < 0.3 * bodySize || Math.abs(q.x1 - last.x1) < (p.char === '√' ? ROOT_ALIGN : 0.3) * bodySize;
      if (aligned && q.x0 < last.x1 && q.x1 > last.x0 && q.y0 - last.y1 < gap * bodySize && q.y0 >= last.y0) {
        stack.push(q);
        used.add(q);
      }
    }
    const [x0, y0, x1, y1] = boxOf(stack);
    const named = stack.find((u) => !u.extension) ?? p;
    out.push({ ...named, x0, y0, x1, y1, extension: false, base: (y0 + y1) / 2 + AXIS * bodySize, size: bodySize, tall: true, piece: false });
  }
  return [...units.filter((u) => !u.piece), ...out];
}

/** TeX draws \mapsto as a bar (CMSY's mapstochar) followed by an arrow: one relation. */
function mergeArrows(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const u of units) {
    const prev = out[out.length - 1];
    if (prev?.char === '↦' && u.char === '→' && u.x0 - prev.x1 < 0.2 * u.size) {
      prev.x1 = u.x1;
      continue;
    }
    out.push(u);
  }
  return out;
}

/** The dots of an ellipsis stand this far apart at most (em): TeX sets them a thin space apart, 0.34 em from glyph to glyph. */
const ELLIPSIS_GAP = 0.5;
const ELLIPSES: Record<string, { latex: string; char: string }> = { '·': { latex: '\\cdots', char: '⋯' }, '⋅': { latex: '\\cdots', char: '⋯' }, '.': { latex: '\\dots', char: '…' } };

/**
 * TeX sets \cdots and \dots as three dots (CMSY's \cdot, CMMI's period) a thin space apart: three
 * such dots of one size side by side on one baseline, with nothing between them, are one ellipsis.
 */
function mergeDots(units: Unit[]): Unit[] {
  const dots = units.filter((u) => u.char && ELLIPSES[u.char]).sort((a, b) => a.x0 - b.x0);
  if (dots.length < 3) return units;
  const absorbed = new Set<Unit>();
  const follows = (a: Unit, b: Unit) => b.char === a.char && Math.abs(b.base - a.base) < 0.05 * a.size && Math.abs(b.size - a.size) < 0.05 * a.size && b.x0 - a.x1 > 0 && b.x0 - a.x1 < ELLIPSIS_GAP * a.size;
  const after = (a: Unit) => dots.find((b) => !absorbed.has(b) && follows(a, b));
  for (const first of dots) {
    if (absorbed.has(first)) continue;
    const second = after(first);
    const last = second && after(second);
    if (!second || !last) continue;
    const run = [first, second, last];
    // Nothing else on their row between them.
    if (units.some((u) => !run.includes(u) && u.role !== 'rule' && centre(u) > first.x1 && centre(u) < last.x0 && u.y0 < first.y1 && u.y1 > first.y0)) continue;
    const { latex, char } = ELLIPSES[first.char!]!;
    Object.assign(first, { x1: last.x1, y0: Math.min(...run.map((u) => u.y0)), y1: Math.max(...run.map((u) => u.y1)), latex, char, role: 'ord' });
    absorbed.add(second).add(last);
  }
  return units.filter((u) => !absorbed.has(u));
}

const centre = (u: Unit) => (u.x0 + u.x1) / 2;

/** amsmath's multiple integrals where the font has none (CMEX): ∫ glyphs of one size overlapping side by side. */
const MULTIPLE_INTEGRALS: Record<number, { latex: string; char: string }> = { 2: { latex: '\\iint', char: '∬' }, 3: { latex: '\\iiint', char: '∭' } };

/** ∫ glyphs closer than this share of one's width touch (a thin space, 1/6 em, is more than half a display ∫'s width). */
const INTEGRALS_TOUCHING = 0.1;

/** amsmath sets \iint and \iiint as ∫ glyphs pulled into each other: one multiple integral. */
function mergeIntegrals(units: Unit[]): Unit[] {
  const integrals = units.filter((u) => u.char === '∫').sort((a, b) => a.x0 - b.x0);
  if (integrals.length < 2) return units;
  const absorbed = new Set<Unit>();
  for (const first of integrals) {
    if (absorbed.has(first)) continue;
    const run = [first];
    for (const next of integrals) {
      const last = run[run.length - 1]!;
      if (next === last || next.x0 <= last.x0 || run.length === 3) continue;
      // Overlapping: amsmath's negative kern pulls each ∫ into the one before (a narrow upright
      // ∫, Euler's, only up to touching it; two integrals of their own stand a thin space apart).
      if (next.x0 < last.x1 + INTEGRALS_TOUCHING * (last.x1 - last.x0) && Math.abs(next.y0 - last.y0) < 0.05 * last.size && Math.abs(next.y1 - last.y1) < 0.05 * last.size) run.push(next);
    }
    const multiple = MULTIPLE_INTEGRALS[run.length];
    if (!multiple) continue;
    const last = run[run.length - 1]!;
    Object.assign(first, { x1: last.x1, latex: multiple.latex, char: multiple.char });
    for (const u of run.slice(1)) absorbed.add(u);
  }
  return units.filter((u) => !absorbed.has(u));
}

/**
 * TeX's \| and \parallel are one glyph (CMSY's bardbl), which the text layer calls ∥: on one
 * row, an even number of them of one size are the pairs of a norm, \|x\|, not relations.
 */
function pairNorms(units: Unit[]): Unit[] {
  const bars = units.filter((u) => u.char === '∥').sort((a, b) => a.x0 - b.x0);
  const done = new Set<Unit>();
  for (const first of bars) {
    if (done.has(first)) continue;
    const row = bars.filter((u) => !done.has(u) && Math.abs(u.base - first.base) < 0.1 * first.size && Math.abs(u.size - first.size) < 0.1 * first.size && Math.abs(u.y1 - u.y0 - (first.y1 - first.y0)) < 0.1 * first.size);
    row.forEach((u) => done.add(u));
    if (row.length < 2 || row.length % 2) continue;
    for (const u of row) Object.assign(u, { char: '‖', latex: '\\|', role: 'fence' });
  }
  return units;
}

/** Negated relations TeX has a name for; any other takes \not. */
const NEGATED: Record<string, string> = { '=': '\\neq', '∈': '\\notin', '≡': '\\not\\equiv', '<': '\\nless', '>': '\\ngtr', '≤': '\\nleq', '≥': '\\ngeq', '⊂': '\\not\\subset', '⊆': '\\nsubseteq', '∼': '\\nsim', '|': '\\nmid', '∥': '\\nparallel' };

/**
 * TeX sets \neq, \notin and \not= as a negation slash (CMSY's U+0338 "not") struck over the
 * relation: the slash and the relation it overlaps are one negated relation.
 */
function mergeNegations(units: Unit[]): Unit[] {
  const slashes = units.filter((u) => u.char === '\u0338');
  if (!slashes.length) return units;
  const out = units.filter((u) => u.char !== '\u0338');
  for (const slash of slashes) {
    const centre = (slash.x0 + slash.x1) / 2;
    const target = out
      .filter((u) => u.x0 - 0.2 * u.size <= centre && u.x1 + 0.2 * u.size >= centre && u.y0 < slash.y1 && u.y1 > slash.y0 && u.role !== 'rule')
      .sort((a, b) => Math.abs((a.x0 + a.x1) / 2 - centre) - Math.abs((b.x0 + b.x1) / 2 - centre))[0];
    if (!target) continue; // a slash over nothing carries nothing readable
    target.latex = NEGATED[target.char ?? ''] ?? `\\not${target.latex.startsWith('\\') ? '' : ' '}${target.latex}`;
    target.role = 'rel';
  }
  return out;
}
