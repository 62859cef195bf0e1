// LaTeX from the positions of an equation's glyphs: superscripts and subscripts from raised or
// lowered smaller glyphs, fractions from full-size groups stacked above and below the main
// baseline, limits from glyphs above and below a big operator, symbols by a Unicode table.
// Best effort: it reads what a typesetter laid out, it does not parse mathematics.
import type { Glyph } from '../model/document.js';
import { median } from '../model/numbers.js';

const RELATIONS = new Set([0x3d, 0x3c, 0x3e, 0x2264, 0x2265, 0x2260, 0x2248, 0x2261, 0x223c, 0x2243, 0x2245, 0x221d, 0x2192, 0x21d2, 0x21d4, 0x2208, 0x2282, 0x2286]);
const BIG_OPERATORS = new Set([0x2211, 0x220f, 0x2210, 0x22c3, 0x22c2, 0x2a01, 0x2a02, 0x2a00, 0x222b, 0x222c, 0x222d, 0x222e]);
/** Glyphs that carry no ink or meaning in LaTeX (zero-width spaces and joiners). */
const INVISIBLE = new Set([0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2061, 0x2062, 0x2063, 0xfeff, 0xad]);

const SYMBOLS: Record<string, string> = {
  α: '\\alpha', β: '\\beta', γ: '\\gamma', δ: '\\delta', ε: '\\epsilon', ϵ: '\\epsilon', ζ: '\\zeta', η: '\\eta',
  θ: '\\theta', ϑ: '\\vartheta', ι: '\\iota', κ: '\\kappa', λ: '\\lambda', μ: '\\mu', ν: '\\nu', ξ: '\\xi',
  π: '\\pi', ϖ: '\\varpi', ρ: '\\rho', ϱ: '\\varrho', σ: '\\sigma', ς: '\\varsigma', τ: '\\tau', υ: '\\upsilon',
  φ: '\\phi', ϕ: '\\phi', χ: '\\chi', ψ: '\\psi', ω: '\\omega', Γ: '\\Gamma', Δ: '\\Delta', Θ: '\\Theta',
  Λ: '\\Lambda', Ξ: '\\Xi', Π: '\\Pi', Σ: '\\Sigma', Υ: '\\Upsilon', Φ: '\\Phi', Ψ: '\\Psi', Ω: '\\Omega',
  '∑': '\\sum', '∏': '\\prod', '∐': '\\coprod', '∫': '\\int', '∬': '\\iint', '∭': '\\iiint', '∮': '\\oint',
  '⋃': '\\bigcup', '⋂': '\\bigcap', '⨁': '\\bigoplus', '⨂': '\\bigotimes',
  '∂': '\\partial', '∇': '\\nabla', '∞': '\\infty', '√': '\\sqrt', '±': '\\pm', '∓': '\\mp', '×': '\\times',
  '÷': '\\div', '·': '\\cdot', '⋅': '\\cdot', '∙': '\\cdot', '∘': '\\circ', '∗': '*', '−': '-', '–': '-',
  '≤': '\\leq', '≥': '\\geq', '≦': '\\leq', '≧': '\\geq', '≠': '\\neq', '≈': '\\approx', '≡': '\\equiv',
  '∼': '\\sim', '≃': '\\simeq', '≅': '\\cong', '∝': '\\propto', '≪': '\\ll', '≫': '\\gg', '≺': '\\prec', '≻': '\\succ',
  '∈': '\\in', '∉': '\\notin', '∋': '\\ni', '⊂': '\\subset', '⊃': '\\supset', '⊆': '\\subseteq', '⊇': '\\supseteq',
  '∪': '\\cup', '∩': '\\cap', '∅': '\\emptyset', '∀': '\\forall', '∃': '\\exists', '¬': '\\neg', '∧': '\\wedge',
  '∨': '\\vee', '⊕': '\\oplus', '⊗': '\\otimes', '→': '\\rightarrow', '←': '\\leftarrow', '↔': '\\leftrightarrow',
  '⇒': '\\Rightarrow', '⇐': '\\Leftarrow', '⇔': '\\Leftrightarrow', '↦': '\\mapsto', '…': '\\ldots', '⋯': '\\cdots',
  '⋮': '\\vdots', '⋱': '\\ddots', '′': "'", '″': "''", '∣': '|', '‖': '\\|', '⟨': '\\langle', '⟩': '\\rangle',
  '⌊': '\\lfloor', '⌋': '\\rfloor', '⌈': '\\lceil', '⌉': '\\rceil', ℓ: '\\ell', ℏ: '\\hbar', '∠': '\\angle',
  '⊥': '\\perp', '∥': '\\parallel', '†': '\\dagger', '°': '^{\\circ}', '{': '\\{', '}': '\\}', '%': '\\%', '#': '\\#',
  '&': '\\&', '_': '\\_', ℝ: '\\mathbb{R}', ℕ: '\\mathbb{N}', ℤ: '\\mathbb{Z}', ℚ: '\\mathbb{Q}', ℂ: '\\mathbb{C}',
};

const FUNCTIONS = /^(sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|arcsin|arccos|arctan|log|ln|lg|exp|lim|liminf|limsup|max|min|sup|inf|arg|det|dim|ker|deg|gcd|Pr|mod)$/;

/** Mathematical Alphanumeric Symbols (U+1D400…): the alphabet style and the plain letter. */
function mathAlphanumeric(code: number): { style: string; letter: string } | undefined {
  if (code < 0x1d400 || code > 0x1d7ff) return undefined;
  const letter = String.fromCodePoint(code).normalize('NFKC');
  if (code >= 0x1d7ce) return { style: code < 0x1d7d8 ? 'mathbf' : code < 0x1d7e2 ? 'mathbb' : '', letter };
  const alphabet = Math.floor((code - 0x1d400) / 52);
  const styles = ['mathbf', '', 'boldsymbol', 'mathcal', 'mathcal', 'mathfrak', 'mathbb', 'mathfrak', 'mathsf', 'mathsf', 'mathsf', 'mathsf', 'mathtt'];
  return { style: styles[alphabet] ?? '', letter };
}

/** The LaTeX of one glyph. */
function glyphLatex(g: Glyph): string {
  const alnum = mathAlphanumeric(g.code);
  if (alnum) return alnum.style ? `\\${alnum.style}{${alnum.letter}}` : alnum.letter;
  const ch = String.fromCodePoint(g.code);
  const symbol = SYMBOLS[ch];
  if (symbol) return symbol;
  const plain = ch.normalize('NFKC');
  if (g.style.bold && !g.style.math && /^[A-Za-z]$/.test(plain)) return `\\mathbf{${plain}}`;
  return plain;
}

interface Atom {
  x0: number;
  x1: number;
  latex: string;
  sub: Glyph[];
  sup: Glyph[];
  /** Set for an upright letter: the letters of a word typed in a text font. */
  word?: string;
}

/** LaTeX for the glyphs of one display equation. */
export function toLatex(glyphs: Glyph[]): string {
  const visible = glyphs.filter((g) => !INVISIBLE.has(g.code) && g.code > 32);
  return visible.length ? build(visible, 0) : '';
}

function build(glyphs: Glyph[], depth: number): string {
  // An empty group (a fraction's side whose glyphs went elsewhere) has no main line to read.
  if (!glyphs.length) return '';
  if (depth > 6) return joinTokens(glyphs.sort((a, b) => a.x0 - b.x0).map(glyphLatex));
  const { base, size } = mainLine(glyphs);
  const onLine: Glyph[] = [];
  const off: Glyph[] = [];
  for (const g of glyphs) {
    const big = BIG_OPERATORS.has(g.code) && g.y0 < base && g.y1 > base - 0.3 * size;
    const shift = Math.abs(g.base - base);
    // Scripts are smaller and shifted; a small glyph only slightly off the line is one too.
    const script = shift > 0.2 * size || (g.size < 0.85 * size && shift > 0.08 * size);
    if (big || !script) onLine.push(g);
    else off.push(g);
  }
  let atoms: Atom[] = [];
  let rest = off;

  // Big operators take the glyphs right above and below them as limits.
  const operators = onLine.filter((g) => BIG_OPERATORS.has(g.code));
  const centre = (g: Glyph) => (g.x0 + g.x1) / 2;
  const nearest = (g: Glyph) => operators.reduce((a, b) => (Math.abs(centre(b) - centre(g)) < Math.abs(centre(a) - centre(g)) ? b : a));
  for (const op of operators) {
    const width = op.x1 - op.x0;
    const near = (g: Glyph) => centre(g) > op.x0 - width && centre(g) < op.x1 + width && nearest(g) === op;
    const mine = rest.filter((g) => nearest(g) === op);
    const below = growRow(mine.filter((g) => g.y0 >= op.y1 - 0.15 * (op.y1 - op.y0) && near(g)), mine);
    const above = growRow(mine.filter((g) => g.y1 <= op.y0 + 0.15 * (op.y1 - op.y0) && near(g)), mine);
    rest = rest.filter((g) => !below.includes(g) && !above.includes(g));
    let latex = glyphLatex(op);
    if (below.length) latex += `_{${build(below, depth + 1)}}`;
    if (above.length) latex += `^{${build(above, depth + 1)}}`;
    atoms.push({ x0: op.x0, x1: op.x1, latex, sub: [], sup: [] });
  }

  // Fractions: full-size glyphs above and below the main line that overlap horizontally.
  const full = (g: Glyph) => g.size >= 0.85 * size;
  const numerators = clusters(rest.filter((g) => full(g) && g.base < base - 0.3 * size));
  const denominators = clusters(rest.filter((g) => full(g) && g.base > base + 0.3 * size));
  const aboveLine = rest.filter((g) => g.base < base - 0.3 * size);
  const belowLine = rest.filter((g) => g.base > base + 0.3 * size);
  for (const num of numerators) {
    let [nx0, nx1] = extent(num);
    const den = denominators.find((d) => {
      const [dx0, dx1] = extent(d);
      return dx0 < nx1 && nx0 < dx1;
    });
    if (!den) continue;
    // A numerator or denominator may itself be stacked (a fraction of fractions): it reaches
    // as far as glyphs on its side of the line follow each other closely.
    const [dx0, dx1] = extent(spread(den, belowLine, size));
    [nx0, nx1] = extent(spread(num, aboveLine, size));
    const [x0, x1] = [Math.min(nx0, dx0), Math.max(nx1, dx1)];
    // Everything above or below the line within the fraction's width belongs to it.
    const inside = rest.filter((g) => g.x0 >= x0 - 0.1 * size && g.x1 <= x1 + 0.1 * size);
    const top = inside.filter((g) => g.base < base);
    const bottom = inside.filter((g) => g.base > base);
    rest = rest.filter((g) => !inside.includes(g));
    denominators.splice(denominators.indexOf(den), 1);
    atoms.push({ x0, x1, latex: `\\frac{${build(top, depth + 1)}}{${build(bottom, depth + 1)}}`, sub: [], sup: [] });
  }

  for (const g of onLine) {
    if (BIG_OPERATORS.has(g.code)) continue;
    const upright = !g.style.italic && !g.style.math && /^[A-Za-z]$/.test(String.fromCodePoint(g.code));
    atoms.push({ x0: g.x0, x1: g.x1, latex: glyphLatex(g), sub: [], sup: [], ...(upright ? { word: String.fromCodePoint(g.code) } : {}) });
  }
  atoms.sort((a, b) => a.x0 - b.x0);
  atoms = mergeFunctionNames(atoms, size);

  // What is left off the line are scripts of the atom on their left.
  for (const g of rest) {
    let owner = atoms.filter((a) => a.x0 < g.x0 - 0.05 * size).pop();
    if (!owner) {
      owner = { x0: g.x0, x1: g.x0, latex: '{}', sub: [], sup: [] };
      atoms.unshift(owner);
    }
    (g.base < base ? owner.sup : owner.sub).push(g);
  }
  const tokens: string[] = [];
  for (let i = 0; i < atoms.length; i++) {
    const a = atoms[i]!;
    // The radicand's overline is a rule, not a glyph: take the next atom as the radicand.
    const radicand = a.latex === '\\sqrt' && !a.sub.length && !a.sup.length ? atoms[i + 1] : undefined;
    if (radicand) {
      tokens.push(`\\sqrt{${joinTokens([radicand.latex, ...scripts(radicand, depth)])}}`);
      i++;
    } else tokens.push(a.latex, ...scripts(a, depth));
  }
  return joinTokens(tokens);
}

function scripts(a: Atom, depth: number): string[] {
  const out: string[] = [];
  if (a.sub.length) out.push(`_{${build(a.sub, depth + 1)}}`);
  if (a.sup.length) {
    const sup = build(a.sup, depth + 1);
    out.push(/^'+$/.test(sup) ? sup : `^{${sup}}`);
  }
  return out;
}

/**
 * The main line. Where there are relations (=, ≤, ∈…), the row of relations whose glyphs are
 * largest (limits under a sum hold relations too, in script size). Otherwise, of the rows of
 * full-size glyphs, one with rows above and below it (it runs through a fraction) if there is
 * one, else the row carrying the most glyphs.
 */
function mainLine(glyphs: Glyph[]): { base: number; size: number } {
  const sizes = glyphs.map((g) => g.size).sort((a, b) => a - b);
  const size = sizes[Math.floor(sizes.length * 0.75)] ?? 10;
  const onRow = (base: number) => glyphs.filter((o) => Math.abs(o.base - base) <= 0.2 * size);
  const relations = glyphs.filter((g) => RELATIONS.has(g.code));
  if (relations.length) {
    const rowSize = (g: Glyph) => median(onRow(g.base).map((o) => o.size));
    const best = relations.reduce((a, b) => (rowSize(b) > rowSize(a) + 0.5 ? b : a));
    return { base: best.base, size };
  }
  const full = glyphs.filter((g) => g.size >= 0.85 * size && !BIG_OPERATORS.has(g.code));
  const candidates = full.length ? full : glyphs;
  let best = candidates[0]!.base;
  let bestScore = -1;
  for (const g of candidates) {
    const count = candidates.filter((o) => Math.abs(o.base - g.base) <= 0.2 * size).length;
    const between = candidates.some((o) => o.base < g.base - 0.3 * size) && candidates.some((o) => o.base > g.base + 0.3 * size);
    const score = count + (between ? candidates.length : 0);
    if (score > bestScore) {
      best = g.base;
      bestScore = score;
    }
  }
  return { base: best, size };
}

/** Horizontal groups of glyphs on one row: neighbours closer than half a quad. */
function clusters(glyphs: Glyph[]): Glyph[][] {
  const sorted = [...glyphs].sort((a, b) => a.x0 - b.x0);
  const out: Glyph[][] = [];
  for (const g of sorted) {
    const last = out[out.length - 1];
    const prev = last?.[last.length - 1];
    if (prev && g.x0 - prev.x1 < 0.5 * g.size && Math.abs(g.base - prev.base) < 0.5 * g.size) last!.push(g);
    else out.push([g]);
  }
  return out;
}

/** Extends a seed set with glyphs adjacent on the same row (a limit like "i=1" or "s∈S"). */
function growRow(seed: Glyph[], pool: Glyph[]): Glyph[] {
  const group = new Set(seed);
  let grew = seed.length > 0;
  while (grew) {
    grew = false;
    for (const g of pool) {
      if (group.has(g)) continue;
      for (const m of group) {
        if (Math.abs(g.base - m.base) < 0.3 * m.size && Math.max(g.x0 - m.x1, m.x0 - g.x1) < 0.4 * m.size) {
          group.add(g);
          grew = true;
          break;
        }
      }
    }
  }
  return [...group];
}

/** Grows a group by glyphs of the pool lying within half a quad of its horizontal extent. */
function spread(group: Glyph[], pool: Glyph[], size: number): Glyph[] {
  const out = new Set(group);
  for (let grew = true; grew; ) {
    grew = false;
    const [x0, x1] = extent([...out]);
    for (const g of pool) {
      if (!out.has(g) && g.x1 > x0 - 0.6 * size && g.x0 < x1 + 0.6 * size) {
        out.add(g);
        grew = true;
      }
    }
  }
  return [...out];
}

function extent(glyphs: Glyph[]): [number, number] {
  return [Math.min(...glyphs.map((g) => g.x0)), Math.max(...glyphs.map((g) => g.x1))];
}

/** Joins tokens, with a space only where a control word would otherwise run into a letter. */
function joinTokens(tokens: string[]): string {
  let out = '';
  for (const t of tokens) {
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z]/.test(t)) out += ' ';
    out += t;
  }
  return out;
}

/**
 * Upright letters set close together spell a word: a function name ("sin", "log") becomes its
 * control word; math italic letters side by side stay separate variables.
 */
function mergeFunctionNames(atoms: Atom[], size: number): Atom[] {
  const out: Atom[] = [];
  for (const a of atoms) {
    const prev = out[out.length - 1];
    if (prev?.word !== undefined && a.word !== undefined && a.x0 - prev.x1 < 0.15 * size) {
      prev.word += a.word;
      prev.x1 = a.x1;
      prev.latex = FUNCTIONS.test(prev.word) ? `\\${prev.word}` : prev.word;
    } else out.push({ ...a });
  }
  return out;
}
