// Inline math inside a line of running text: which words are mathematics (set in a math font,
// raised or lowered as scripts, made of math symbols, or single italic letters among upright
// words), widened over the operators and numbers between them, each read as a formula.
import type { Box, Glyph } from '../model/document.js';
import { isMathFont } from '../model/math-fonts.js';
import { formulaLatex } from './formula.js';
import { FUNCTION_NAMES, roleOf } from './symbols.js';
import { emOf } from './units.js';

export interface InlineSpan {
  /** Index of the span's first and one past its last glyph in the line's glyphs (sorted left to right). */
  start: number;
  end: number;
  latex: string;
  box: Box;
}

export interface InlineResult {
  /** The line's glyphs left to right: the spans index into this. */
  glyphs: Glyph[];
  spans: InlineSpan[];
  /** The line's text with each span replaced by $latex$. */
  text: string;
}

/** A fraction bar reaches past its parts by TeX's null delimiter space and more: up to this (em) each side. */
const BAR_OVERHANG = 0.3;
/** A gap wider than this (em) between glyphs separates words. */
const WORD_GAP = 0.16;

interface Word {
  start: number;
  end: number;
  math: boolean;
  /** Only digits, operators, relations, brackets: math between math words, text elsewhere. */
  neutral: boolean;
  operator: boolean;
}

function isMathSymbol(code: number): boolean {
  if ((code >= 0x391 && code <= 0x3f5) || (code >= 0x2200 && code <= 0x22ff) || (code >= 0x2190 && code <= 0x21ff) || (code >= 0x1d400 && code <= 0x1d7ff) || (code >= 0x27c0 && code <= 0x27ef) || (code >= 0x2980 && code <= 0x2aff)) return true;
  return code === 0x221e || code === 0x2032;
}

const OPERATOR = new Set(['rel', 'bin']);

/** Math spans of one line of text, with their LaTeX and the line's text with $…$ around them. Total. */
export function inlineMath(lineGlyphs: Glyph[], rules: Box[] = []): InlineResult {
  const glyphs = (Array.isArray(lineGlyphs) ? lineGlyphs : []).filter((g) => g && Number.isFinite(g.x0) && Number.isFinite(g.code) && g.code > 32).sort((a, b) => a.x0 - b.x0);
  try {
    return read(glyphs, rules);
  } catch {
    return { glyphs, spans: [], text: plainText(glyphs, 0, glyphs.length) };
  }
}

/**
 * Whether inlineMath finds no span in these glyphs, by a test far cheaper than the reading (most
 * lines of a page hold no math, and every line is read). True only where no word can be math:
 * no glyph in a math font, flagged math or a math symbol; no italic glyph (a lone italic letter
 * is a variable); all glyphs of one size (then none is a script: scripts are smaller than the
 * line's size); and no "(" in the text (an operator name is math only before its argument, in
 * parentheses or a math word). Without a math word no operator or number joins a span.
 */
export function certainlyNoMath(lineGlyphs: readonly Glyph[]): boolean {
  let em: number | undefined;
  for (const g of lineGlyphs) {
    // The glyphs inlineMath leaves out.
    if (!g || !Number.isFinite(g.x0) || !Number.isFinite(g.code) || g.code <= 32) continue;
    if (g.style.math || g.style.italic || isMathFont(g.font) || isMathSymbol(g.code) || opensParen(g.code)) return false;
    const size = emOf(g);
    if (Number.isNaN(size) || (em !== undefined && size !== em)) return false;
    em = size;
  }
  return true;
}

/** Characters whose compatibility form holds a "(" ("(", "⁽", "⑴", "（"…), by code; ASCII ones are looked up directly. */
const parenthesized = new Map<number, boolean>();
/** The map starts over past this many characters (a long-running worker reads many scripts). */
const PAREN_CACHE_CODES = 4096;

function opensParen(code: number): boolean {
  if (code < 0x80) return code === 0x28;
  let found = parenthesized.get(code);
  if (found === undefined) {
    if (parenthesized.size >= PAREN_CACHE_CODES) parenthesized.clear();
    found = Number.isInteger(code) && code <= 0x10ffff ? String.fromCodePoint(code).normalize('NFKC').includes('(') : true;
    parenthesized.set(code, found);
  }
  return found;
}

function plainText(glyphs: Glyph[], start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; i++) {
    const g = glyphs[i]!;
    const prev = glyphs[i - 1];
    if (i > start && prev && g.x0 - prev.x1 > WORD_GAP * Math.max(emOf(g), emOf(prev))) out += ' ';
    out += String.fromCodePoint(g.code);
  }
  return out.normalize('NFKC');
}

function read(glyphs: Glyph[], rules: Box[]): InlineResult {
  if (!glyphs.length) return { glyphs, spans: [], text: '' };
  const sizes = ascending(glyphs.map(emOf));
  const size = sizes[Math.floor(sizes.length * 0.75)] || 10;
  const bases = ascending(glyphs.filter((g) => emOf(g) >= 0.9 * size).map((g) => g.base));
  const baseline = bases[bases.length >> 1] ?? glyphs[0]!.base;
  const words: Word[] = [];
  let start = 0;
  for (let i = 1; i <= glyphs.length; i++) {
    const g = glyphs[i];
    const prev = glyphs[i - 1]!;
    // Scripts hug their base: a small raised or lowered glyph never starts a word; a fraction's
    // part (over or under a rule) is no script.
    const overRule = g && rules.some((r) => r[0] <= (g.x0 + g.x1) / 2 && r[2] >= (g.x0 + g.x1) / 2);
    const script = g && !overRule && emOf(g) < 0.85 * size && Math.abs(g.base - baseline) > 0.08 * size;
    if (!g || (!script && g.x0 - prev.x1 > WORD_GAP * Math.max(emOf(g), emOf(prev)))) {
      words.push(classify(glyphs, start, i, baseline, size));
      start = i;
    }
  }
  // Single italic letters are variables when the words around them are upright (Times, Utopia:
  // their math letters are the text italic).
  words.forEach((w, i) => {
    if (w.math || w.end - w.start !== 1) return;
    const g = glyphs[w.start]!;
    const letter = /^\p{L}$/u.test(String.fromCodePoint(g.code));
    const italicNeighbour = [words[i - 1], words[i + 1]].some((n) => n && !n.math && n.end - n.start > 1 && glyphs[n.start]!.style.italic);
    if (letter && g.style.italic && !italicNeighbour) w.math = true;
  });
  // An operator name (sin, log, det…) is set upright in the text font: math when its argument
  // follows, in parentheses within the word or as the next word, itself math.
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i]!;
    if (w.math) continue;
    // Without its argument as the next word, a name needs a "(" in the word: a word of ASCII
    // characters other than "(" has none (its text is those characters and spaces).
    if (!words[i + 1]?.math && asciiWithoutParen(glyphs, w.start, w.end)) continue;
    const name = /^(\p{L}+)(\(|$)/u.exec(plainText(glyphs, w.start, w.end));
    if (name && FUNCTION_NAMES.has(name[1]!) && (name[2] === '(' || words[i + 1]?.math)) w.math = true;
  }
  // Operators and numbers between math words (or after a relation) join the span.
  for (let changed = true; changed; ) {
    changed = false;
    words.forEach((w, i) => {
      if (w.math || !w.neutral) return;
      const left = words[i - 1];
      const right = words[i + 1];
      const joinsLeft = left?.math && (w.operator || left.operator || isOperatorEnd(glyphs, left));
      const joinsRight = right?.math && (w.operator || right.operator);
      if ((joinsLeft && (w.operator ? right?.math || right?.neutral : true)) || joinsRight) {
        w.math = true;
        changed = true;
      }
    });
  }
  const spans: InlineSpan[] = [];
  let text = '';
  let cursor = 0;
  for (let i = 0; i < words.length; ) {
    if (!words[i]!.math) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < words.length && words[j + 1]!.math) j++;
    let s = words[i]!.start;
    let e = words[j]!.end;
    // Sentence punctuation after a formula stays text.
    while (e > s && /^[.,;:]$/.test(String.fromCodePoint(glyphs[e - 1]!.code)) && Math.abs(glyphs[e - 1]!.base - baseline) < 0.1 * size && !isMathFont(glyphs[e - 1]!.font)) e--;
    while (s < e && /^[(]$/.test(String.fromCodePoint(glyphs[s]!.code)) && !glyphs.slice(s, e).some((g) => g.code === 0x29)) s++;
    if (e > s) {
      const members = glyphs.slice(s, e);
      const x0 = Math.min(...members.map((g) => g.x0));
      const x1 = Math.max(...members.map((g) => g.x1));
      const spanRules = rules.filter((r) => r[0] >= x0 - BAR_OVERHANG * size && r[2] <= x1 + BAR_OVERHANG * size);
      const { latex } = formulaLatex({ glyphs: members, rules: spanRules, inline: true });
      spans.push({ start: s, end: e, latex, box: [x0, Math.min(...members.map((g) => g.y0)), x1, Math.max(...members.map((g) => g.y1))] });
      text += plainText(glyphs, cursor, s) + (cursor < s && needsSpace(glyphs, s) ? ' ' : '') + `$${latex}$`;
      cursor = e;
      if (e < glyphs.length && glyphs[e]!.x0 - glyphs[e - 1]!.x1 > WORD_GAP * size) text += ' ';
    }
    i = j + 1;
  }
  text += plainText(glyphs, cursor, glyphs.length);
  return { glyphs, spans, text: text.replace(/\s+/g, ' ').trim() };
}

/** Whether the glyphs from start to end are all ASCII characters other than "(". */
export function asciiWithoutParen(glyphs: readonly Glyph[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = glyphs[i]!.code;
    if (code >= 0x80 || code === 0x28) return false;
  }
  return true;
}

/**
 * Numbers in ascending order, as sort((a, b) => a - b) orders them, by the typed-array sort
 * (several times faster on every line of a page); with a NaN among them, by that comparator, as its
 * order is then its own.
 */
export function ascending(values: number[]): number[] | Float64Array {
  for (const v of values) if (Number.isNaN(v)) return values.sort((a, b) => a - b);
  return Float64Array.from(values).sort();
}

function needsSpace(glyphs: Glyph[], at: number): boolean {
  const prev = glyphs[at - 1];
  const g = glyphs[at]!;
  return !!prev && g.x0 - prev.x1 > WORD_GAP * Math.max(emOf(g), emOf(prev));
}

function isOperatorEnd(glyphs: Glyph[], w: Word): boolean {
  return OPERATOR.has(roleOf(String.fromCodePoint(glyphs[w.end - 1]!.code)));
}

/** A footnote or affiliation mark: raised digits, symbols or a small letter in the text font, or a web page's bracketed reference ("force[2]", "[citation needed]"). */
const MARK_GLYPH = /^[0-9*†‡§¶,a-z[\]]$/;
/** A word bearing a mark has at least this many letters on the baseline ("Okafor¹", "diluted.⁶"); "x²" is math. */
const MARKED_WORD_LETTERS = 2;

/**
 * Whether the word's raised glyphs are a footnote or affiliation mark, not a superscript: all
 * raised, in the text font, mark characters, after a word of text or opening the line's note
 * ("⁵ In contrast, …").
 */
function footnoteMark(members: Glyph[], offBaseline: (g: Glyph) => boolean, baseline: number): boolean {
  const raised = members.filter(offBaseline);
  if (!raised.length || raised.some((g) => g.base > baseline || isMathFont(g.font) || g.style.math || !MARK_GLYPH.test(String.fromCodePoint(g.code)))) return false;
  const base = members.filter((g) => !offBaseline(g));
  if (base.some((g) => isMathFont(g.font) || g.style.math)) return false;
  // A bracketed reference ("980s.[3]") is no exponent, whatever it follows.
  if (raised[0]!.code === 0x5b && raised[raised.length - 1]!.code === 0x5d) return true;
  const letters = base.filter((g) => /^\p{L}$/u.test(String.fromCodePoint(g.code))).length;
  return base.length === 0 || letters >= MARKED_WORD_LETTERS;
}

function classify(glyphs: Glyph[], start: number, end: number, baseline: number, size: number): Word {
  const members = glyphs.slice(start, end);
  const chars = members.map((g) => String.fromCodePoint(g.code));
  const offBaseline = (g: Glyph) => emOf(g) < 0.85 * size && Math.abs(g.base - baseline) > 0.08 * size;
  const mark = footnoteMark(members, offBaseline, baseline);
  const math = members.some((g) => isMathFont(g.font) || g.style.math || isMathSymbol(g.code) || (offBaseline(g) && !mark && !/^[*†‡]$/.test(String.fromCodePoint(g.code))));
  const roles = chars.map(roleOf);
  const neutral = chars.every((c, i) => /^[0-9().,[\]]$/.test(c) || OPERATOR.has(roles[i]!));
  const operator = roles.every((r) => OPERATOR.has(r));
  // A lone hyphen or dash between words is text.
  const dash = chars.length === 1 && /^[-–—]$/.test(chars[0]!);
  return { start, end, math, neutral: neutral && !dash, operator: operator && !dash };
}
