// Random formulas with their exact source, in the spirit of im2latex's distribution of real
// papers' formulas: mostly short relations between terms with sub- and superscripts, fractions,
// sums and integrals with limits, Greek letters, accents, delimiters and function names; plus
// every amsmath environment (matrices, cases, aligned/align, gather, split, array, multline).
// Each formula is written in LaTeX (natural style: single-token scripts without braces, as
// authors type them) and, for the subset LibreOffice Math can set, in StarMath.

/** A deterministic generator (mulberry32), so a seed gives the same corpus on every machine. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Picks by weight: [[weight, value], …]. */
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    const total = items.reduce((a, [w]) => a + w, 0);
    let r = this.next() * total;
    for (const [w, v] of items) if ((r -= w) < 0) return v;
    return items[items.length - 1]![1];
  }
}

/** A piece of formula in both notations; `lo` is undefined where StarMath has no equivalent. */
export interface Piece {
  tex: string;
  lo?: string;
}

const LATIN = 'abcdefghijklmnpqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const COMMON_LATIN = 'xyzabcnijkmtuvfgpqrsACFGHKLMNPRTVXY'.split('');
const GREEK_LOWER = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'varepsilon', 'zeta', 'eta', 'theta', 'vartheta', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'pi', 'rho', 'sigma', 'tau', 'phi', 'varphi', 'chi', 'psi', 'omega'];
const GREEK_UPPER = ['Gamma', 'Delta', 'Theta', 'Lambda', 'Xi', 'Pi', 'Sigma', 'Phi', 'Psi', 'Omega'];
/** StarMath names of Greek letters (lower-case ones are %alpha, upper-case %ALPHA; variants %var…). */
const loGreek = (name: string) => (name.startsWith('var') ? `%var${name.slice(3)}` : name[0] === name[0]!.toUpperCase() ? `%${name.toUpperCase()}` : `%${name}`);

const RELATIONS: Piece[] = [
  { tex: '=', lo: '=' }, { tex: '=', lo: '=' }, { tex: '=', lo: '=' }, { tex: '=', lo: '=' },
  { tex: '\\leq', lo: '<=' }, { tex: '\\geq', lo: '>=' }, { tex: '<', lo: '<' }, { tex: '>', lo: '>' },
  { tex: '\\approx', lo: 'approx' }, { tex: '\\equiv', lo: 'equiv' }, { tex: '\\sim', lo: 'sim' }, { tex: '\\neq', lo: '<>' },
  { tex: '\\to', lo: 'toward' }, { tex: '\\in', lo: 'in' }, { tex: '\\subseteq', lo: 'subseteq' }, { tex: '\\propto', lo: 'prop' },
  { tex: '\\ll' }, { tex: '\\simeq', lo: 'simeq' }, { tex: '\\mapsto' }, { tex: '\\Rightarrow', lo: 'dlrarrow' },
];
const BINARY: Piece[] = [
  { tex: '+', lo: '+' }, { tex: '+', lo: '+' }, { tex: '-', lo: '-' }, { tex: '-', lo: '-' }, { tex: '\\pm', lo: '+-' },
  { tex: '\\times', lo: 'times' }, { tex: '\\cdot', lo: 'cdot' }, { tex: '\\circ', lo: 'circ' }, { tex: '\\otimes', lo: 'otimes' },
  { tex: '\\cup', lo: 'union' }, { tex: '\\cap', lo: 'intersection' }, { tex: '\\oplus', lo: 'oplus' },
];
const FUNCTIONS = ['sin', 'cos', 'tan', 'log', 'ln', 'exp', 'det', 'tanh', 'arctan', 'sinh'];
const LIMIT_FUNCTIONS = ['max', 'min', 'sup', 'inf', 'lim'];
const BIG_OPERATORS: [string, string | undefined][] = [['sum', 'sum'], ['sum', 'sum'], ['sum', 'sum'], ['prod', 'prod'], ['int', 'int'], ['int', 'int'], ['oint', 'lint'], ['bigcup', undefined], ['bigcap', undefined], ['coprod', 'coprod'], ['iint', 'iint']];
const ACCENTS: [string, string | undefined][] = [['hat', 'hat'], ['bar', 'bar'], ['tilde', 'tilde'], ['vec', 'vec'], ['dot', 'dot'], ['ddot', 'ddot'], ['check', 'check'], ['breve', 'breve'], ['acute', 'acute']];
const ALPHABETS: [string, string, string | undefined][] = [
  ['mathbb', 'RNZQCEP', undefined],
  ['mathcal', 'LFHOABDMNST', undefined],
  ['mathfrak', 'gshAB', undefined],
  ['mathbf', 'xyuvwAXWFM', 'bold'],
];

export interface GrammarOptions {
  /** Only constructs LibreOffice Math can set (every piece has `lo`). */
  libreOffice?: boolean;
}

/** Random formulas of the im2latex-like distribution and amsmath environments. */
export class FormulaGrammar {
  constructor(
    private rng: Rng,
    private options: GrammarOptions = {},
  ) {}

  private get lo(): boolean {
    return !!this.options.libreOffice;
  }

  private pickLo(items: Piece[]): Piece {
    const pool = this.lo ? items.filter((p) => p.lo !== undefined) : items;
    return this.rng.pick(pool);
  }

  variable(): Piece {
    const r = this.rng;
    const kind = r.weighted([
      [10, 'latin'],
      [3, 'greek'],
      [1, 'Greek'],
      [this.lo ? 0.3 : 1, 'alphabet'],
    ] as const);
    if (kind === 'latin') {
      const c = r.chance(0.7) ? r.pick(COMMON_LATIN) : r.pick(LATIN);
      return { tex: c, lo: c };
    }
    if (kind === 'greek' || kind === 'Greek') {
      const g = kind === 'greek' ? r.pick(GREEK_LOWER) : r.pick(GREEK_UPPER);
      return { tex: `\\${g}`, lo: loGreek(g) };
    }
    const [command, letters, loCommand] = this.lo ? ALPHABETS[3]! : r.pick(ALPHABETS);
    const c = r.pick(letters.split(''));
    return { tex: `\\${command}{${c}}`, lo: loCommand ? `${loCommand} ${c}` : undefined };
  }

  number(): Piece {
    const r = this.rng;
    const n = r.weighted([
      [6, () => String(r.int(0, 9))],
      [3, () => String(r.int(10, 99))],
      [1, () => `${r.int(0, 9)}.${r.int(1, 99)}`],
      [1, () => String(r.int(100, 999))],
    ] as const)();
    return { tex: n, lo: n };
  }

  /** A script: an index, a small expression, or a power. */
  script(depth: number): Piece {
    const r = this.rng;
    return r.weighted([
      [5, () => (r.chance(0.5) ? this.variable() : this.number())],
      [2, () => this.seq([r.chance(0.6) ? this.variable() : this.number(), this.pickLo([{ tex: '+', lo: '+' }, { tex: '-', lo: '-' }]), r.chance(0.5) ? this.number() : this.variable()])],
      [1, () => this.seq([this.variable(), { tex: ',', lo: ',' }, this.variable()])],
      [1, () => this.seq([this.variable(), this.variable()])],
      [depth < 1 ? 1 : 0, () => this.scripted(this.variable(), depth + 1)],
      [this.lo ? 0 : 0.5, () => ({ tex: '*' })],
    ] as const)();
  }

  seq(items: Piece[]): Piece {
    return { tex: items.map((p) => p.tex).join(' '), lo: items.every((p) => p.lo !== undefined) ? items.map((p) => p.lo).join(' ') : undefined };
  }

  /** A base with a subscript, a superscript, both, or primes. */
  scripted(base: Piece, depth: number): Piece {
    const r = this.rng;
    const kind = r.weighted([
      [4, 'sub'],
      [4, 'sup'],
      [2, 'both'],
      [this.lo ? 0 : 1, 'prime'],
      [this.lo ? 0 : 0.2, 'pre'],
    ] as const);
    const s = () => this.script(depth);
    const g = (p: Piece) => (/^(\\[A-Za-z]+|[A-Za-z0-9])$/.test(p.tex) ? p.tex : `{${p.tex}}`);
    const gl = (p: Piece) => (p.lo === undefined ? undefined : `{${p.lo}}`);
    const b = base.tex.startsWith('\\frac') ? `{${base.tex}}` : base.tex;
    if (kind === 'sub') {
      const x = s();
      return { tex: `${b}_${g(x)}`, lo: base.lo && gl(x) ? `{${base.lo}}_${gl(x)}` : undefined };
    }
    if (kind === 'sup') {
      const x = s();
      return { tex: `${b}^${g(x)}`, lo: base.lo && gl(x) ? `{${base.lo}}^${gl(x)}` : undefined };
    }
    if (kind === 'both') {
      const x = s();
      const y = s();
      return { tex: `${b}_${g(x)}^${g(y)}`, lo: base.lo && gl(x) && gl(y) ? `{${base.lo}}_${gl(x)}^${gl(y)}` : undefined };
    }
    if (kind === 'prime') return { tex: `${b}${r.chance(0.8) ? "'" : "''"}` };
    const x = s();
    return { tex: cat(`{}_${g(x)}`, b) };
  }

  /** A factor of a product: a variable (maybe scripted), a number, a function application, … */
  factor(depth: number): Piece {
    const r = this.rng;
    const deep = depth < 2 ? 1 : 0.15;
    return r.weighted([
      [6, () => this.variable()],
      [6, () => this.scripted(this.variable(), depth)],
      [2, () => this.number()],
      [2 * deep, () => this.fraction(depth + 1)],
      [1 * deep, () => this.sqrt(depth + 1)],
      [1.5 * deep, () => this.func(depth + 1)],
      [1.5 * deep, () => this.delimited(depth + 1)],
      [1, () => this.accent()],
      [0.8 * deep, () => this.bigOperator(depth + 1)],
      [0.6, () => this.scripted(this.pickLo([{ tex: 'e', lo: 'e' }]), depth)],
      [this.lo ? 0 : 0.4, () => this.overline(depth + 1)],
      [this.lo ? 0.4 : 0.4, () => this.special()],
    ] as const)();
  }

  special(): Piece {
    return this.pickLo([
      { tex: '\\infty', lo: infinityLo },
      { tex: '\\partial', lo: '%partial' },
      { tex: '\\nabla', lo: 'nabla' },
      { tex: '\\ell' },
      { tex: '\\hbar', lo: 'hbar' },
      { tex: '\\emptyset', lo: 'emptyset' },
      { tex: '\\dots' },
      { tex: '\\cdots', lo: 'dotsaxis' },
    ]);
  }

  term(depth: number): Piece {
    const n = this.rng.weighted([
      [5, 1],
      [4, 2],
      [2, 3],
    ] as const);
    return this.seq(Array.from({ length: n }, () => this.factor(depth)));
  }

  /** A sum of terms: t1 + t2 - t3. */
  expression(depth: number, maxTerms = 3): Piece {
    const n = this.rng.int(1, maxTerms);
    const items: Piece[] = [];
    if (this.rng.chance(0.08)) items.push({ tex: '-', lo: '-' });
    for (let i = 0; i < n; i++) {
      if (i) items.push(this.pickLo(BINARY));
      items.push(this.term(depth));
    }
    return this.seq(items);
  }

  fraction(depth: number): Piece {
    const num = this.expression(depth, depth > 1 ? 1 : 2);
    const den = this.expression(depth, depth > 1 ? 1 : 2);
    const command = !this.lo && this.rng.chance(0.1) ? this.rng.pick(['dfrac', 'tfrac']) : 'frac';
    return { tex: `\\${command}{${num.tex}}{${den.tex}}`, lo: num.lo && den.lo ? `{${num.lo}} over {${den.lo}}` : undefined };
  }

  sqrt(depth: number): Piece {
    const inner = this.expression(depth, 2);
    if (this.rng.chance(0.25)) {
      const n = this.rng.pick(['3', 'n', '4']);
      return { tex: `\\sqrt[${n}]{${inner.tex}}`, lo: inner.lo ? `nroot{${n}}{${inner.lo}}` : undefined };
    }
    return { tex: `\\sqrt{${inner.tex}}`, lo: inner.lo ? `sqrt{${inner.lo}}` : undefined };
  }

  func(depth: number): Piece {
    const r = this.rng;
    const name = r.pick(FUNCTIONS);
    const arg = r.chance(0.5) ? this.scripted(this.variable(), depth) : this.variable();
    const paren = r.chance(0.6);
    const power = !this.lo && r.chance(0.15) ? '^2' : '';
    return {
      tex: paren ? `\\${name}${power}(${this.expression(depth, 2).tex})` : `\\${name}${power} ${arg.tex}`,
      lo: undefined,
    };
  }

  delimited(depth: number): Piece {
    const r = this.rng;
    const inner = this.expression(depth, 2);
    const kind = r.weighted([
      [5, ['(', ')', '(', ')']],
      [2, ['[', ']', '[', ']']],
      [1, ['\\{', '\\}', 'lbrace', 'rbrace']],
      [1, ['|', '|', 'abs', '']],
      [0.7, ['\\|', '\\|', 'ldline', 'rdline']],
      [0.7, ['\\langle', '\\rangle', 'langle', 'rangle']],
    ] as const);
    const [open, close, loOpen, loClose] = kind;
    // Tall contents (a fraction, a sum) usually get \left…\right.
    const tall = /\\(frac|sum|int|prod|dfrac)/.test(inner.tex);
    const sized = tall ? r.chance(0.75) : r.chance(0.1);
    const tex = sized ? `\\left${open} ${inner.tex} \\right${close}` : cat(cat(open, inner.tex), close);
    let lo: string | undefined;
    if (inner.lo !== undefined) {
      if (loOpen === 'abs') lo = `abs{${inner.lo}}`;
      else lo = `left${loOpen.length === 1 ? loOpen : ` ${loOpen}`} ${inner.lo} right${loClose.length === 1 ? loClose : ` ${loClose}`}`;
    }
    return { tex, lo };
  }

  accent(): Piece {
    const [name, loName] = this.lo ? this.rng.pick(ACCENTS.filter((a) => a[1])) : this.rng.pick(ACCENTS);
    const v = this.variable();
    const plain = /^(\\[a-z]+|[A-Za-z])$/i.test(v.tex) ? v : { tex: this.rng.pick(COMMON_LATIN), lo: undefined };
    const base = plain.lo === undefined ? { tex: plain.tex, lo: plain.tex } : plain;
    return { tex: `\\${name}{${base.tex}}`, lo: loName && base.lo ? `${loName} ${base.lo}` : undefined };
  }

  overline(depth: number): Piece {
    const inner = this.term(depth);
    return { tex: this.rng.chance(0.7) ? `\\overline{${inner.tex}}` : `\\widehat{${inner.tex}}` };
  }

  /** \sum_{i=1}^{n} x_i, \int_0^\infty f(x)\,dx, \lim_{x \to 0} … */
  bigOperator(depth: number): Piece {
    const r = this.rng;
    const ops = this.lo ? BIG_OPERATORS.filter(([, l]) => l) : BIG_OPERATORS;
    const useLimitFunction = !this.lo && r.chance(0.2);
    const [name, loName] = useLimitFunction ? [r.pick(LIMIT_FUNCTIONS), undefined] : r.pick(ops);
    const integral = /int/.test(name);
    const index = r.pick(['i', 'j', 'k', 'n']);
    let lower: Piece;
    let upper: Piece | undefined;
    if (integral) {
      lower = r.chance(0.5) ? { tex: '0', lo: '0' } : r.chance(0.5) ? { tex: 'a', lo: 'a' } : { tex: '-\\infty', lo: `-${infinityLo}` };
      upper = r.chance(0.8) ? r.pick<Piece>([{ tex: '1', lo: '1' }, { tex: 'b', lo: 'b' }, { tex: 'T', lo: 'T' }, { tex: '\\infty', lo: infinityLo }]) : undefined;
      if (r.chance(0.2)) {
        const set = r.pick<Piece>([{ tex: '\\Omega', lo: '%OMEGA' }, { tex: 'D', lo: 'D' }, { tex: '\\partial \\Omega', lo: '%partial %OMEGA' }]);
        lower = set;
        upper = undefined;
      }
    } else if (name === 'lim') {
      lower = this.seq([{ tex: r.pick(['x', 'n', 't', 'h']) }, { tex: '\\to' }, { tex: r.pick(['0', '\\infty', 'a']) }]);
      upper = undefined;
    } else if (LIMIT_FUNCTIONS.includes(name)) {
      lower = r.chance(0.5) ? { tex: r.pick(['x', 'i', '\\theta', 'k']) } : this.seq([{ tex: r.pick(['x', 'y']) }, { tex: '\\in' }, { tex: r.pick(['X', 'S', '\\Omega']) }]);
      upper = undefined;
    } else {
      lower = r.chance(0.8) ? { tex: `${index}=${r.pick(['0', '1'])}`, lo: `${index}=${r.pick(['0', '1'])}` } : { tex: index, lo: index };
      upper = r.chance(0.85) ? r.pick<Piece>([{ tex: 'n', lo: 'n' }, { tex: 'N', lo: 'N' }, { tex: 'm', lo: 'm' }, { tex: '\\infty', lo: infinityLo }, { tex: 'k-1', lo: 'k-1' }]) : undefined;
    }
    const body = integral
      ? this.seq([this.term(depth), { tex: '\\,', lo: '' }, { tex: `d${r.pick(['x', 't', 's', 'u'])}` }])
      : this.term(depth);
    const g = (p: Piece) => (/^(\\[A-Za-z]+|[A-Za-z0-9])$/.test(p.tex) ? p.tex : `{${p.tex}}`);
    const noLimits = !integral && r.chance(0.05);
    const limits = noLimits ? '' : `_${g(lower)}${upper ? `^${g(upper)}` : ''}`;
    const op = LIMIT_FUNCTIONS.includes(name) ? `\\${name}` : `\\${name}`;
    const tex = `${op}${limits} ${body.tex}`;
    const lo =
      loName && lower.lo !== undefined && body.lo !== undefined && (!upper || upper.lo !== undefined)
        ? `${loName}${noLimits ? '' : ` from{${lower.lo}}${upper ? ` to{${upper.lo}}` : ''}`} {${body.lo}}`
        : undefined;
    return { tex, lo };
  }

  /** One relation: lhs = rhs (sometimes a chain, sometimes just an expression). */
  relation(): Piece {
    const r = this.rng;
    const lhs = r.chance(0.55) ? this.scripted(this.variable(), 1) : this.expression(1, 2);
    const parts = [lhs];
    const relations = r.weighted([
      [1, 0],
      [7, 1],
      [2, 2],
    ] as const);
    for (let i = 0; i < relations; i++) parts.push(this.pickLo(RELATIONS), this.expression(0));
    return this.seq(parts);
  }

  /** A matrix-like environment: matrix, pmatrix, bmatrix, vmatrix, Bmatrix, array, smallmatrix. */
  matrix(): Piece {
    const r = this.rng;
    const rows = r.int(2, 3);
    const cols = r.int(2, 3);
    const env = r.pick(['pmatrix', 'pmatrix', 'bmatrix', 'matrix', 'vmatrix', 'Bmatrix', 'array']);
    const cell = () => (r.chance(0.6) ? this.factor(2) : r.chance(0.5) ? this.number() : this.seq([this.variable(), this.pickLo(BINARY), this.variable()]));
    const cells = Array.from({ length: rows }, () => Array.from({ length: cols }, cell));
    const body = cells.map((row) => row.map((c) => c.tex).join(' & ')).join(' \\\\ ');
    const lhs = r.chance(0.5) ? `${this.variable().tex} = ` : '';
    if (env === 'array') {
      const align = Array.from({ length: cols }, () => r.pick(['c', 'l', 'r'])).join('');
      return { tex: `${lhs}\\left(\\begin{array}{${align}} ${body} \\end{array}\\right)` };
    }
    const lo = this.lo && cells.every((row) => row.every((c) => c.lo !== undefined))
      ? `left( matrix{${cells.map((row) => row.map((c) => c.lo).join(' # ')).join(' ## ')}} right)`
      : undefined;
    return { tex: `${lhs}\\begin{${env}} ${body} \\end{${env}}`, lo };
  }

  cases(): Piece {
    const r = this.rng;
    const rows = r.int(2, 3);
    const lines = Array.from({ length: rows }, (_, i) => {
      const value = this.expression(1, 2).tex;
      const condition = i === rows - 1 && r.chance(0.5) ? '\\text{otherwise}' : `${r.pick(['x', 't', 'n'])} ${r.pick(['<', '>', '\\geq', '\\leq', '='])} ${this.number().tex}`;
      return `${value} & ${r.chance(0.3) ? '\\text{if } ' : ''}${condition}`;
    });
    return { tex: `${this.scripted(this.variable(), 1).tex} = \\begin{cases} ${lines.join(' \\\\ ')} \\end{cases}` };
  }

  /** Rows of an aligned display: "lhs &= rhs \\ &= rhs …". */
  alignedRows(): string[] {
    const r = this.rng;
    const rows = r.int(2, 3);
    const first = `${this.scripted(this.variable(), 1).tex} &= ${this.expression(0).tex}`;
    const rest = Array.from({ length: rows - 1 }, () => `&${r.pick(['=', '=', '\\leq', '\\approx'])} ${this.expression(0).tex}`);
    return [first, ...rest];
  }
}

const infinityLo = 'infinity';

/** Concatenates two pieces of LaTeX, with a space where a control word would run into a letter. */
function cat(a: string, b: string): string {
  return /\\[A-Za-z]+$/.test(a) && /^[A-Za-z]/.test(b) ? `${a} ${b}` : a + b;
}

/** What kind of display a document shows, and the LaTeX environment that typesets it. */
export type DisplayKind = 'equation' | 'equation*' | 'brackets' | 'align' | 'align*' | 'gather' | 'multline' | 'split' | 'matrix' | 'cases' | 'aligned';

export interface DisplayFormula {
  kind: DisplayKind;
  /** The whole body as typeset inside the environment. */
  body: string;
  /** The truth: LaTeX of the formula as a reader would write it in $$ … $$ (no numbers). */
  latex: string;
  /** Numbered (equation, align, gather, multline): the number is printed at the right. */
  numbered: boolean;
  /** Rows a multi-row environment has (1 for single-line displays). */
  rows: number;
}

/** A display formula with its environment; truth in the form KaTeX and readers accept. */
export function displayFormula(g: FormulaGrammar, rng: Rng): DisplayFormula {
  const kind = rng.weighted<DisplayKind>([
    [10, 'equation'],
    [5, 'equation*'],
    [3, 'brackets'],
    [2, 'align'],
    [1, 'align*'],
    [1, 'gather'],
    [1, 'multline'],
    [1, 'split'],
    [3, 'matrix'],
    [2, 'cases'],
    [1, 'aligned'],
  ]);
  const single = (f: Piece, numbered: boolean): DisplayFormula => ({ kind, body: f.tex, latex: f.tex, numbered, rows: 1 });
  switch (kind) {
    case 'equation':
      return single(g.relation(), true);
    case 'equation*':
    case 'brackets':
      return single(g.relation(), false);
    case 'matrix':
      return { ...single(g.matrix(), rng.chance(0.5)), kind: rng.chance(0.5) ? 'equation' : 'equation*' } satisfies DisplayFormula;
    case 'cases':
      return { ...single(g.cases(), rng.chance(0.5)), kind: rng.chance(0.5) ? 'equation' : 'equation*' } satisfies DisplayFormula;
    case 'align':
    case 'align*': {
      const rows = g.alignedRows();
      return { kind, body: rows.join(' \\\\\n'), latex: `\\begin{aligned} ${rows.join(' \\\\ ')} \\end{aligned}`, numbered: kind === 'align', rows: rows.length };
    }
    case 'aligned':
    case 'split': {
      const rows = g.alignedRows();
      const env = kind === 'split' ? 'split' : 'aligned';
      return { kind: 'equation', body: `\\begin{${env}} ${rows.join(' \\\\ ')} \\end{${env}}`, latex: `\\begin{aligned} ${rows.join(' \\\\ ')} \\end{aligned}`, numbered: true, rows: rows.length };
    }
    case 'gather': {
      const rows = [g.relation().tex, g.relation().tex];
      return { kind, body: rows.join(' \\\\\n'), latex: `\\begin{gathered} ${rows.join(' \\\\ ')} \\end{gathered}`, numbered: true, rows: 2 };
    }
    case 'multline': {
      const lhs = g.scripted(g.variable(), 1).tex;
      const a = g.expression(0).tex;
      const b = g.expression(0).tex;
      // KaTeX has no multline: the truth is the same formula as one gathered display.
      return { kind, body: `${lhs} = ${a} \\\\ + ${b}`, latex: `\\begin{gathered} ${lhs} = ${a} \\\\ + ${b} \\end{gathered}`, numbered: true, rows: 2 };
    }
  }
}

/** A short formula for inside a sentence. */
export function inlineFormula(g: FormulaGrammar, rng: Rng): Piece {
  return rng.weighted([
    [4, () => g.scripted(g.variable(), 1)],
    [3, () => g.variable()],
    [3, () => g.relation()],
    [1, () => g.fraction(2)],
    [1, () => g.seq([g.variable(), { tex: '\\in', lo: 'in' }, g.variable()])],
    [1, () => g.func(2)],
  ] as const)();
}
