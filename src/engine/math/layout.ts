// The structure of a typeset formula from the positions of its units, after the baseline
// structure trees of the typeset-formula literature (Zanibbi's DRACULAE, InftyReader): first
// the operators that own the space around them take their operands (accents the symbol under
// them, big operators their limits, rules their numerator and denominator or radicand, stretchy
// delimiters the rows between them), innermost first; what remains are rows, and each row is
// read along its baseline, with raised and lowered smaller units as super- and subscripts.
import { boxOf, type Unit } from './units.js';
import type { Box } from '../model/document.js';

/** How deep structures nest before the rest is read flat (a guard against pathological input). */
const MAX_DEPTH = 12;
/** Vertical gap (em) across which material still belongs to a fraction bar, an operator's limits or an accent. */
const ATTACH_GAP = 0.6;
const INTEGRALS = '∫∬∭∮∯∰∱∲∳⨌⨍⨎⨏⨐⨑⨒⨓⨔⨕⨖⨗⨘⨙⨚⨛⨜';
/** A big operator taller than this (em) is display size and takes limits above and below. */
const LIMITS_HEIGHT = 1.2;
/** A unit smaller than this share of the row's size is a script when it is off the baseline. */
const SCRIPT_SIZE = 0.85;
/** A full-size unit this far (em) off the row's baseline is no longer on it. */
const BASELINE_TOLERANCE = 0.12;
/** TeX's math axis: a quarter em above the baseline. A fraction bar this close (em) to a row's axis is on that row. */
const AXIS = 0.25;
const AXIS_TOLERANCE = 0.12;
/** A radical's index starts over the sign's hook: at most this far (em) left of the sign (else it is a script of what precedes). */
const INDEX_OVERHANG = 0.1;
/** …or, reaching this share of the sign's width into it, at most this far (em) left of it. */
const INDEX_INTO_SIGN = 0.2;
const INDEX_KERNED_OVERHANG = 0.4;
/** A wide accent is centred on its base: bases centred this close (em) under it are as good. */
const WIDE_ACCENT_CENTRING = 0.02;
/** At most this many units at each side of those under a wide accent can be part of its base. */
const WIDE_ACCENT_NEIGHBOURS = 3;
/** Units of one base touch: at most this gap (em) between them. */
const TOUCHING = 0.3;
/** A subscript under a wide accent starts at most this far (em) under its base's bottom. */
const WIDE_ACCENT_SUBSCRIPT_DROP = 0.3;
/** Units of a fraction's part overlap by more than this (em); the corners of boxes of neighbouring rows may touch. */
const PART_OVERLAP = 0.05;
/** A script joins a fraction's part this close (em) over or under one of its units… */
const PART_REACH = 0.2;
/** …starting at most this far (em) left of the unit's right end (an italic letter's superscript kerned in)… */
const SCRIPT_KERN = 0.2;
/** …and its baseline at most this far (em) from the unit's (TeX moves a letter's scripts about 0.4 em). */
const SCRIPT_SHIFT = 0.6;
/** The height of a lower-case letter (em). */
const X_HEIGHT = 0.43;
/** Rules whose widths differ by less than this (em) are as wide. */
const SAME_WIDTH = 0.05;
/** Horizontal gap (em) between columns of a matrix, cases or array. */
const COLUMN_GAP = 0.6;
/** A text word this far (em) or more from what follows had a space after it (an interword space is 0.33 em). */
const TEXT_SPACE = 0.2;

const centreX = (u: Unit) => (u.x0 + u.x1) / 2;
const centreY = (u: Unit) => (u.y0 + u.y1) / 2;

function union(units: Unit[], base: number, size: number, latex: string, role: Unit['role'] = 'group'): Unit {
  const [x0, y0, x1, y1] = boxOf(units);
  return { x0, y0, x1, y1, base, size, latex, role };
}

/**
 * A script in braces, always (x^{2}, not x^2): both typeset the same, and braces are how most
 * hand-written and converted LaTeX sets them.
 */
export function group(latex: string): string {
  return `{${latex}}`;
}

/**
 * TeX's style where units are set, and the formula's body size: display style sets a \frac's
 * parts at the body size, text style at script size (and a \dfrac's at the body size), script
 * styles smaller still. Unknown (undefined) where a caller does not say.
 */
export interface Style {
  kind: 'display' | 'text' | 'script';
  body: number;
}

/** The style of a fraction's parts; of limits, indices and scripts; of matrix and cases cells. */
const smaller = (style: Style | undefined): Style | undefined => style && { ...style, kind: style.kind === 'display' ? 'text' : 'script' };
const script = (style: Style | undefined): Style | undefined => style && { ...style, kind: 'script' };
const text = (style: Style | undefined): Style | undefined => style && { ...style, kind: 'text' };

/** LaTeX of a set of units (a whole formula, a numerator, a limit…), set in `style`. */
export function layout(units: Unit[], depth = 0, style?: Style): string {
  if (!units.length) return '';
  if (depth > MAX_DEPTH) return flat(units);
  let pool = [...units];
  pool = bundleAccents(pool, depth, style);
  pool = bundleLimits(pool, depth, style);
  pool = bundleRules(pool, depth, style);
  // A radical sign left without its vinculum (no rule found over a radicand) is the bare sign.
  pool = pool.map((u) => (u.role === 'radical' ? { ...u, latex: '\\surd', role: 'ord' } : u));
  pool = bundleDelimited(pool, depth, style);
  // Accents left without a base and rules without operands carry nothing readable.
  const rows = splitRows(pool.filter((u) => u.role !== 'rule' && u.role !== 'accent'));
  if (rows.length === 1) return readRow(rows[0]!, depth, style);
  return stackRows(rows, depth, style);
}

/** Units in reading order, no structure: the last resort. */
function flat(units: Unit[]): string {
  return join([...units].filter((u) => u.role !== 'rule').sort((a, b) => a.x0 - b.x0).map((u) => u.latex));
}

/** Joins LaTeX tokens, with a space only where a control word would run into a letter. */
export function join(tokens: string[]): string {
  let out = '';
  for (const t of tokens) {
    if (!t) continue;
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z0-9]/.test(t)) out += ' ';
    out += t;
  }
  return out;
}

/** Accents take the unit (or, for wide accents, the units) right under them. */
function bundleAccents(pool: Unit[], depth: number, style: Style | undefined): Unit[] {
  const accents = pool.filter((u) => u.role === 'accent').sort((a, b) => b.y1 - a.y1);
  for (const accent of accents) {
    if (!pool.includes(accent)) continue;
    const width = accent.x1 - accent.x0;
    // A narrow accent over an italic letter stands right of the letter's centre (by its skew), over its box.
    const overLetter = (u: Unit) => u.char !== undefined && /^\p{L}$/u.test(u.char) && width < u.x1 - u.x0 && centreX(accent) > u.x0 && centreX(accent) < u.x1;
    const under = pool.filter(
      (u) => u !== accent && u.role !== 'rule' && u.role !== 'accent' && u.y0 >= accent.y1 - 0.35 * u.size && u.y0 - accent.y1 < ATTACH_GAP * u.size && ((centreX(u) > accent.x0 - 0.3 * width && centreX(u) < accent.x1 + 0.3 * width) || overLetter(u)) && u.y1 > accent.y1,
    );
    // A delimiter next to the accented symbol reaches under the accent too: it is never the base.
    const symbols = under.filter((u) => u.role !== 'fence' && u.role !== 'open' && u.role !== 'close' && !u.tall);
    if (symbols.length) under.splice(0, under.length, ...symbols);
    if (!under.length) continue;
    // The nearest base; several units under a wide accent (\widehat{xy}).
    under.sort((a, b) => a.y0 - b.y0 || Math.abs(centreX(a) - centreX(accent)) - Math.abs(centreX(b) - centreX(accent)));
    const first = under[0]!;
    const base = width > 1.2 * (first.x1 - first.x0) ? wideBase(pool, accent, first) : [first];
    // TeX's \hbar without amssymb is a macron struck through an h's ascender, not set above it.
    if (accent.latex === '\\bar' && base.length === 1 && first.char === 'h' && accent.y1 > first.y0 + 0.08 * first.size) {
      pool = pool.filter((u) => u !== accent && u !== first);
      pool.push({ ...union([accent, first], first.base, first.size, '\\hbar', 'ord'), char: 'ℏ' });
      continue;
    }
    const command = base.length > 1 && (accent.latex === '\\hat' || accent.latex === '\\tilde') ? accent.latex.replace('\\', '\\wide') : accent.latex;
    const inner = base.length > 1 ? layout(base, depth + 1, style) : first.latex;
    // On the row of its base's biggest units (not of a superscript the accent covers).
    const bundled = union([accent, ...base], base.length > 1 ? dominantBase(base) : first.base, Math.max(...base.map((u) => u.size)), `${command}{${inner}}`, 'ord');
    pool = pool.filter((u) => u !== accent && !base.includes(u));
    pool.push(bundled);
  }
  return pool;
}

/**
 * What a wide accent covers: TeX centres it over its whole base, scripts included
 * (\widehat{t_5^\nu 43}, \widehat{\Lambda^0}). The units whose centres are under it, down to its
 * base's row, and as many of the units touching them at either side as bring the base's centre
 * nearest the accent's.
 */
function wideBase(pool: Unit[], accent: Unit, first: Unit): Unit[] {
  const below = pool.filter((u) => u !== accent && u.role !== 'rule' && u.role !== 'accent' && !isDelimiter(u) && u.y0 >= accent.y1 - 0.35 * u.size);
  const under = below.filter((u) => centreX(u) >= accent.x0 && centreX(u) <= accent.x1 && u.y0 - accent.y1 < ATTACH_GAP * u.size);
  // The base's row: down to the bottom of the biggest units under the accent, and its
  // subscripts, which start a little lower (a denominator under it starts far lower).
  const big = Math.max(first.size, ...under.map((u) => u.size));
  const bottom = Math.max(first.y1, ...under.filter((u) => u.size >= SCRIPT_SIZE * big).map((u) => u.y1));
  const candidates = below.filter((u) => u.y0 < bottom + (u.size < SCRIPT_SIZE * big ? WIDE_ACCENT_SUBSCRIPT_DROP * big : 0));
  const core = candidates.filter((u) => centreX(u) >= accent.x0 && centreX(u) <= accent.x1);
  if (!core.includes(first)) core.push(first);
  // The units touching the core at either side, nearest first.
  const reach = (side: 'left' | 'right') => {
    const out: Unit[] = [];
    for (let [x0, , x1] = boxOf(core); out.length < WIDE_ACCENT_NEIGHBOURS; ) {
      const next = candidates
        .filter((u) => !core.includes(u) && !out.includes(u) && (side === 'left' ? u.x1 <= x0 + 0.05 * big && x0 - u.x1 < TOUCHING * big : u.x0 >= x1 - 0.05 * big && u.x0 - x1 < TOUCHING * big))
        .sort((a, b) => (side === 'left' ? b.x1 - a.x1 : a.x0 - b.x0))[0];
      if (!next) break;
      out.push(next);
      [x0, x1] = [Math.min(x0, next.x0), Math.max(x1, next.x1)];
    }
    return out;
  };
  const [lefts, rights] = [reach('left'), reach('right')];
  const offCentre = (units: Unit[]) => {
    const [x0, , x1] = boxOf(units);
    return Math.abs((x0 + x1) / 2 - centreX(accent));
  };
  const options: Unit[][] = [];
  for (let i = 0; i <= lefts.length; i++) for (let j = 0; j <= rights.length; j++) options.push([...core, ...lefts.slice(0, i), ...rights.slice(0, j)]);
  const nearest = Math.min(...options.map(offCentre));
  // Of the bases about as well centred, the smallest.
  const base = options.filter((o) => offCentre(o) <= nearest + WIDE_ACCENT_CENTRING * big).sort((a, b) => a.length - b.length)[0]!;
  return base.length > 1 ? base : [first];
}

/** Big operators (and \lim, \max…) take the smaller material right above and below them. */
function bundleLimits(pool: Unit[], depth: number, style: Style | undefined): Unit[] {
  // A text-size operator (a \sum in a cases row, in a fraction) sets its scripts at its side,
  // and so does an integral, in display too.
  const ops = pool.filter((u) => (u.role === 'bigop' && u.tall && u.y1 - u.y0 > LIMITS_HEIGHT * u.size && !INTEGRALS.includes(u.char ?? '')) || u.limits);
  for (const op of ops) {
    if (!pool.includes(op)) continue;
    const width = op.x1 - op.x0;
    const others = ops.filter((o) => o !== op && pool.includes(o));
    const isCandidate = (u: Unit) => u !== op && u.role !== 'rule' && u.size < 0.9 * op.size && centreX(u) > op.x0 - 0.6 * width && centreX(u) < op.x1 + 0.6 * width && !others.some((o) => centreX(u) > o.x0 && centreX(u) < o.x1);
    const below = grow(pool.filter((u) => isCandidate(u) && u.y0 >= op.y1 - 0.2 * u.size && u.y0 - op.y1 < ATTACH_GAP * op.size), pool, op);
    const above = op.limits ? [] : grow(pool.filter((u) => isCandidate(u) && u.y1 <= op.y0 + 0.2 * u.size && op.y0 - u.y1 < ATTACH_GAP * op.size), pool, op);
    if (!below.length && !above.length) continue;
    let latex = op.latex;
    if (below.length) latex += `_${group(layout(below, depth + 1, script(style)))}`;
    if (above.length) latex += `^${group(layout(above, depth + 1, script(style)))}`;
    const bundled = union([op, ...below, ...above], op.base, op.size, latex, 'bigop');
    pool = pool.filter((u) => u !== op && !below.includes(u) && !above.includes(u));
    pool.push(bundled);
  }
  return pool;
}

/** Extends limits along their row: "i=1" under a sum is wider than the sum. */
function grow(seed: Unit[], pool: Unit[], op: Unit): Unit[] {
  const group = new Set(seed);
  const others = pool.filter((o) => o !== op && ((o.role === 'bigop' && o.tall) || o.limits));
  for (let grew = seed.length > 0; grew; ) {
    grew = false;
    for (const u of pool) {
      if (group.has(u) || u === op || u.role === 'rule' || u.size >= 0.9 * op.size) continue;
      // Limits of the next operator are its own.
      if (others.some((o) => centreX(u) > o.x0 && centreX(u) < o.x1)) continue;
      for (const m of group) {
        const sameRow = u.y0 < m.y1 && u.y1 > m.y0;
        if (sameRow && Math.max(u.x0 - m.x1, m.x0 - u.x1) < 0.3 * m.size && !(u.y1 > op.y0 && u.y0 < op.y1)) {
          group.add(u);
          grew = true;
          break;
        }
      }
    }
  }
  return [...group];
}

/**
 * Rules, narrowest first: a radical's vinculum takes the radicand under it; a rule with material
 * right above and below is a fraction bar; with material only under it, an overline.
 */
function bundleRules(pool: Unit[], depth: number, style: Style | undefined): Unit[] {
  // Of two rules of one extent one right under the other, the lower first: an overline right
  // under a fraction bar as wide as it (over the whole denominator) takes the denominator
  // before the bar takes the overline.
  const width = (u: Unit) => u.x1 - u.x0;
  const pair = (a: Unit, b: Unit) => Math.abs(width(a) - width(b)) < SAME_WIDTH * a.size && Math.abs(a.x0 - b.x0) < SAME_WIDTH * a.size && Math.abs(a.y0 - b.y0) < ATTACH_GAP * a.size;
  const rules = pool.filter((u) => u.role === 'rule').sort((a, b) => (pair(a, b) ? b.y0 - a.y0 : width(a) - width(b)));
  for (const rule of rules) {
    if (!pool.includes(rule)) continue;
    const size = rule.size;
    const inside = (u: Unit) => u !== rule && u.role !== 'rule' && centreX(u) > rule.x0 && centreX(u) < rule.x1 && u.x0 > rule.x0 - 0.3 * size && u.x1 < rule.x1 + 0.3 * size;
    const signOf = (r: Unit) => (u: Unit) => u.role === 'radical' && Math.abs(u.x1 - r.x0) < 0.35 * r.size && Math.abs(u.y0 - r.y0) < 0.35 * r.size;
    const radical = pool.find(signOf(rule));
    if (radical) {
      const radicand = connected(pool.filter((u) => inside(u) && u.y0 >= rule.y0 - 0.1 * size && u !== radical), rule, 'below');
      const height = radical.y1 - radical.y0;
      // OpenType math fonts kern the index further left (RadicalKernBeforeDegree): one reaching
      // well into the sign's box is its index however far left it starts.
      const overSign = (u: Unit) => u.x0 >= radical.x0 - INDEX_OVERHANG * size || (u.x1 > radical.x0 + INDEX_INTO_SIGN * (radical.x1 - radical.x0) && u.x0 >= radical.x0 - INDEX_KERNED_OVERHANG * size);
      const index = pool.filter((u) => u !== radical && u.role !== 'rule' && u.x1 <= radical.x0 + 0.7 * (radical.x1 - radical.x0) && overSign(u) && u.y1 <= radical.y0 + 0.6 * height && u.y1 > radical.y0 - 0.5 * size && u.size < 0.85 * size);
      const root = index.length ? `[${layout(index, depth + 1, script(style))}]` : '';
      const base = radicand.length ? dominantBase(radicand) : radical.base;
      const bundled: Unit = { ...union([radical, rule, ...radicand, ...index], base, size, `\\sqrt${root}{${layout(radicand, depth + 1, style)}}`, 'ord'), restyle: (st: unknown) => `\\sqrt${root}{${layout(radicand, depth + 1, st as Style)}}` };
      pool = pool.filter((u) => u !== radical && u !== rule && !radicand.includes(u) && !index.includes(u));
      pool.push(bundled);
      continue;
    }
    // Another rule between a unit and this one has the unit (an overline right under a fraction
    // bar has the numerator over the bar, not over itself).
    const across = (u: Unit) => pool.some((r) => r.role === 'rule' && r !== rule && centreX(u) > r.x0 && centreX(u) < r.x1 && (r.y0 < rule.y0 ? r.y0 > u.y1 - 0.1 * size : r.y0 < u.y0 + 0.1 * size));
    // A radical sign with its own vinculum, a wider rule still to come, is another row's (a
    // radical in the part is narrower and bundled already).
    const ownRadical = (u: Unit) => u.role === 'radical' && pool.some((r) => r.role === 'rule' && r !== rule && signOf(r)(u));
    const above = connected(pool.filter((u) => inside(u) && u.y1 <= rule.y0 + 0.1 * size && !across(u) && !ownRadical(u)), rule, 'above');
    const below = connected(pool.filter((u) => inside(u) && u.y0 >= rule.y0 - 0.1 * size && !across(u) && !ownRadical(u)), rule, 'below');
    let latex: string;
    if (above.length && below.length) latex = `\\frac{${layout(above, depth + 1, smaller(style))}}{${layout(below, depth + 1, smaller(style))}}`;
    else if (below.length) latex = `\\overline{${layout(below, depth + 1, style)}}`;
    else if (above.length) latex = `\\underline{${layout(above, depth + 1, style)}}`;
    else {
      pool = pool.filter((u) => u !== rule);
      continue;
    }
    // An overline keeps the style of the row it ends up on, which may be a fraction's part.
    const restyle = above.length && below.length ? undefined : (st: unknown) => (below.length ? `\\overline{${layout(below, depth + 1, st as Style)}}` : `\\underline{${layout(above, depth + 1, st as Style)}}`);
    // A fraction is set in the size of its parts (a fraction inside a denominator is script
    // size) and sits on the math axis: its baseline is a quarter em under the bar.
    const partSize = Math.max(...[...above, ...below].map((u) => u.size));
    const base = above.length && below.length ? rule.y0 + 0.25 * partSize : below.length ? dominantBase(below) : dominantBase(above);
    const symbols = [...above, ...below].filter((u) => u.char !== undefined && !u.tall);
    // (The largest: scripts in the parts are smaller.)
    const partsSize = symbols.length ? Math.max(...symbols.map((u) => u.size)) : partSize;
    const bundled: Unit = { ...union([rule, ...above, ...below], base, partSize, latex, 'ord'), ...(above.length && below.length ? { axis: rule.y0, partsSize } : { restyle }) };
    pool = pool.filter((u) => u !== rule && !above.includes(u) && !below.includes(u));
    pool.push(bundled);
  }
  return pool;
}

/** The units on one side of a rule that touch it, directly or through each other. */
function connected(candidates: Unit[], rule: Unit, side: 'above' | 'below'): Unit[] {
  // A glyph lower than a letter (an ellipsis, a period) stands under the bar as far as a letter
  // of its baseline would: from its x-height.
  const gapTo = (u: Unit) => (side === 'above' ? rule.y0 - u.y1 : Math.min(u.y0, u.base - X_HEIGHT * u.size) - rule.y0);
  // The clearance around a bar is set by the bar's style, whatever the size of the parts; but a
  // unit beyond another that is nearer the bar, over or under it, is the next row of a matrix or
  // cases under a script-size fraction (it joins below if it belongs to the part).
  const near = candidates.filter((u) => gapTo(u) < ATTACH_GAP * Math.max(u.size, rule.size));
  const beyond = (u: Unit, n: Unit) => n !== u && Math.min(u.x1, n.x1) > Math.max(u.x0, n.x0) && (side === 'above' ? u.y1 <= n.y0 : u.y0 >= n.y1);
  const taken = near.filter((u) => !near.some((n) => beyond(u, n)));
  for (let grew = taken.length > 0; grew; ) {
    grew = false;
    for (const u of candidates) {
      if (taken.includes(u)) continue;
      // Units of a part overlap on their rows, scripts their bases; a script at the right end of
      // a short letter (a superscript, a prime, a subscript pushed down by one) may only come near
      // it. Anything else only near (a unit under a denominator's descenders, a fraction over the
      // next row) is the next row of a matrix or cases.
      const joins = (t: Unit) => {
        const overlap = Math.min(u.y1, t.y1) - Math.max(u.y0, t.y0);
        // (A thin symbol, a minus, lies within its neighbours' height.)
        if (overlap > PART_OVERLAP * Math.min(u.size, t.size) || (overlap > 0 && (overlap >= u.y1 - u.y0 || overlap >= t.y1 - t.y0))) return true;
        const [script, base] = u.size < t.size ? [u, t] : [t, u];
        const gap = Math.max(script.y0 - base.y1, base.y0 - script.y1);
        return script.size < SCRIPT_SIZE * base.size && script.x0 > base.x1 - SCRIPT_KERN * base.size && Math.abs(base.base - script.base) < SCRIPT_SHIFT * base.size && gap < PART_REACH * base.size;
      };
      if (taken.some(joins)) {
        taken.push(u);
        grew = true;
      }
    }
  }
  return taken;
}

function dominantBase(units: Unit[]): number {
  const big = Math.max(...units.map((u) => u.size));
  const full = units.filter((u) => u.size >= 0.85 * big);
  const counts = new Map<number, number>();
  for (const u of full) {
    const key = full.find((o) => Math.abs(o.base - u.base) < BASELINE_TOLERANCE * big)!.base;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best = full[0]?.base ?? units[0]!.base;
  let bestCount = 0;
  for (const [base, n] of counts) if (n > bestCount) [best, bestCount] = [base, n];
  return best;
}

const MATRIX_ENVIRONMENTS: Record<string, string> = { '()': 'pmatrix', '[]': 'bmatrix', '{}': 'Bmatrix', '||': 'vmatrix', '‖‖': 'Vmatrix' };
const DELIMITER_LATEX: Record<string, string> = { '(': '(', ')': ')', '[': '[', ']': ']', '{': '\\{', '}': '\\}', '|': '|', '‖': '\\|', '⟨': '\\langle', '⟩': '\\rangle', '⌊': '\\lfloor', '⌋': '\\rfloor', '⌈': '\\lceil', '⌉': '\\rceil', '?': '.' };

function isDelimiter(u: Unit): boolean {
  return !!u.tall && (u.role === 'open' || u.role === 'close' || u.role === 'fence');
}

/**
 * Stretchy delimiters, innermost first: a pair around one row is \left…\right; around several
 * rows, a matrix; a left brace with rows and no partner, cases.
 */
function bundleDelimited(pool: Unit[], depth: number, style: Style | undefined): Unit[] {
  for (let changed = true; changed; ) {
    changed = false;
    const delimiters = pool.filter(isDelimiter).sort((a, b) => a.x0 - b.x0);
    let best: { left: Unit; right?: Unit; inside: Unit[] } | undefined;
    for (const left of delimiters) {
      if (left.role === 'close') continue;
      const h = left.y1 - left.y0;
      const right = delimiters.find((r) => r !== left && r.x0 > left.x1 - 0.1 * left.size && r.role !== 'open' && Math.abs(r.y0 - left.y0) < 0.25 * h && Math.abs(r.y1 - left.y1) < 0.25 * h && (r.role === 'close' || r.char === left.char || left.char === '?' || r.char === '?'));
      const limit = right ? right.x0 : Infinity;
      const inside = pool.filter((u) => u !== left && u !== right && u.role !== 'rule' && u.x0 >= left.x1 - 0.2 * left.size && u.x1 <= limit + 0.2 * left.size && centreY(u) > left.y0 && centreY(u) < left.y1);
      if (!right && !(left.char === '{' && inside.length)) continue;
      // Innermost first: the pair with nothing delimited between them.
      if (inside.some(isDelimiter)) continue;
      if (!best || (right && best.right && right.x0 - left.x1 < best.right.x0 - best.left.x1)) best = { left, ...(right ? { right } : {}), inside };
      break;
    }
    if (!best) break;
    const { left, right, inside } = best;
    const open = left.char === '?' ? '(' : left.char ?? '(';
    const close = right ? (right.char === '?' ? ')' : right.char ?? ')') : '';
    let content: Unit[] = inside;
    if (!right) {
      // Cases: everything right of the brace within its height.
      content = pool.filter((u) => u !== left && u.role !== 'rule' && u.x0 >= left.x1 - 0.2 * left.size && centreY(u) > left.y0 && centreY(u) < left.y1);
    }
    // An accent left without a base carries nothing readable (as in layout): never a cell of its own.
    const rows = splitRows(content.filter((u) => u.role !== 'accent'));
    let latex: string;
    if (rows.length > 1) {
      const env = !right ? 'cases' : MATRIX_ENVIRONMENTS[open + close];
      const body = cells(rows, depth, text(style));
      // Columns set flush left or right are an array's, not a matrix's (whose columns are centred).
      const spec = right ? columnAlignments(rows) : '';
      if (right && /[lr]/.test(spec)) latex = `\\left${DELIMITER_LATEX[open] ?? '('}\\begin{array}{${spec}}${body}\\end{array}\\right${DELIMITER_LATEX[close] ?? ')'}`;
      else latex = env ? `\\begin{${env}}${body}\\end{${env}}` : `\\left${DELIMITER_LATEX[open] ?? '('}\\begin{matrix}${body}\\end{matrix}\\right${DELIMITER_LATEX[close] ?? ')'}`;
    } else {
      const inner = layout(content, depth + 1, style);
      latex = right ? `\\left${DELIMITER_LATEX[open] ?? '('} ${inner} \\right${DELIMITER_LATEX[close] ?? ')'}` : `\\left${DELIMITER_LATEX[open] ?? '\\{'} ${inner} \\right.`;
    }
    const members = [left, ...(right ? [right] : []), ...content];
    const base = left.base;
    pool = pool.filter((u) => !members.includes(u));
    pool.push(union(members, base, left.size, latex, 'ord'));
    changed = true;
  }
  return pool;
}

/** Rows: groups of units whose vertical extents overlap (scripts overlap their base). */
export function splitRows(all: Unit[]): Unit[][] {
  // Commas and periods sit low on their baseline: they join the row of the nearest baseline.
  // (So do ellipses: three dots, no taller than a period, that a tall neighbour's box overhangs.)
  const small = all.filter((u) => (u.role === 'punct' && (u.char === ',' || u.char === '.')) || u.char === '…' || u.char === '⋯');
  const units = small.length < all.length ? all.filter((u) => !small.includes(u)) : all;
  const rows = buildRows(units);
  if (units === all) return rows;
  for (const p of small) {
    const nearest = rows.reduce((a, b) => (Math.abs(dominantBase(b) - p.base) < Math.abs(dominantBase(a) - p.base) ? b : a));
    nearest.push(p);
  }
  return rows;
}

function buildRows(units: Unit[]): Unit[][] {
  const sorted = [...units].sort((a, b) => centreY(a) - centreY(b));
  const rows: { y0: number; y1: number; units: Unit[] }[] = [];
  for (const u of sorted) {
    // Shrunk boxes: touching ascenders and descenders of neighbouring rows do not join them.
    const shrink = 0.12 * (u.y1 - u.y0);
    const [a, b] = [u.y0 + shrink, u.y1 - shrink];
    const row = rows.find((r) => a < r.y1 && b > r.y0);
    if (row) {
      row.units.push(u);
      row.y0 = Math.min(row.y0, a);
      row.y1 = Math.max(row.y1, b);
    } else rows.push({ y0: a, y1: b, units: [u] });
  }
  // Rows that grew into each other merge.
  rows.sort((p, q) => p.y0 - q.y0);
  const merged: typeof rows = [];
  for (const r of rows) {
    const last = merged[merged.length - 1];
    if (last && r.y0 < last.y1) {
      last.units.push(...r.units);
      last.y1 = Math.max(last.y1, r.y1);
    } else merged.push(r);
  }
  // A row of only small units (a script pushed apart) belongs to the nearest full row.
  const out = merged.map((r) => r.units);
  return out.length > 1 ? absorbScriptRows(out) : out;
}

function absorbScriptRows(rows: Unit[][]): Unit[][] {
  const size = Math.max(...rows.flat().map((u) => u.size));
  const full = rows.filter((r) => r.some((u) => u.size >= SCRIPT_SIZE * size));
  if (!full.length) return rows;
  for (const r of rows) {
    if (full.includes(r)) continue;
    const y = centreY(union(r, 0, 0, ''));
    const nearest = full.reduce((a, b) => (Math.abs(centreY(union(b, 0, 0, '')) - y) < Math.abs(centreY(union(a, 0, 0, '')) - y) ? b : a));
    nearest.push(...r);
  }
  return full;
}

/** Several rows: aligned at a common relation, else gathered. */
function stackRows(rows: Unit[][], depth: number, style: Style | undefined): string {
  const read = rows.map((r) => [...r].sort((a, b) => a.x0 - b.x0));
  // The alignment point: a relation every row has at (nearly) the same x.
  const firstRelation = read.map((r) => r.find((u) => u.role === 'rel'));
  const xs = firstRelation.map((u) => u?.x0);
  const size = Math.max(...rows.flat().map((u) => u.size));
  const aligned = xs.every((x) => x !== undefined && Math.abs(x - xs[0]!) < 0.3 * size);
  if (aligned && rows.length > 1) {
    const lines = read.map((r, i) => {
      const at = firstRelation[i]!;
      const left = r.filter((u) => u.x0 < at.x0 - 0.01);
      const right = r.filter((u) => u.x0 >= at.x0 - 0.01);
      return `${left.length ? readRow(left, depth, style) : ''} &${readRow(right, depth, style)}`;
    });
    return `\\begin{aligned}${lines.join(' \\\\ ')}\\end{aligned}`;
  }
  // An array has cells side by side in its rows; rows that each stand in a column of their own
  // (multline's first row left, last row right) are gathered.
  const columns = columnCuts(rows);
  const sideBySide = rows.filter((r) => new Set(r.map((u) => columns.filter((c) => centreX(u) > c).length)).size > 1).length;
  const lead = columns.length && sideBySide ? leadOf(rows, size) : undefined;
  if (lead) return join([readRow(lead.lead, depth, style), stackRows(lead.rest, depth, style)]);
  if (columns.length && sideBySide) return `\\begin{array}{${'c'.repeat(columns.length + 1)}}${cells(rows, depth, text(style))}\\end{array}`;
  return `\\begin{gathered}${rows.map((r) => readRow(r, depth, style)).join(' \\\\ ')}\\end{gathered}`;
}

/**
 * What stands before a matrix without delimiters ("v = " of v = \begin{matrix}…): on a row
 * between the first and the last, ending in a relation, left of every other row's units; TeX
 * sets it only a thick space from the first column, too close for a column of its own.
 */
function leadOf(rows: Unit[][], size: number): { lead: Unit[]; rest: Unit[][] } | undefined {
  if (rows.length < 2) return undefined;
  for (let i = 1; i < rows.length - 1; i++) {
    const left = Math.min(...rows.filter((_, j) => j !== i).flat().map((u) => u.x0));
    const row = [...rows[i]!].sort((a, b) => a.x0 - b.x0);
    const lead = row.filter((u) => u.x1 <= left + 0.05 * size);
    if (!lead.length || lead[lead.length - 1]!.role !== 'rel') continue;
    const rest = rows.map((r, j) => (j === i ? r.filter((u) => !lead.includes(u)) : r)).filter((r) => r.length);
    if (rest.length < 2) continue;
    return { lead, rest };
  }
  return undefined;
}

/** x positions that separate columns in every row: gaps wider than COLUMN_GAP em in the union of the rows. */
function columnCuts(rows: Unit[][]): number[] {
  const all = rows.flat().sort((a, b) => a.x0 - b.x0);
  if (!all.length) return [];
  const size = Math.max(...all.map((u) => u.size));
  const cuts: number[] = [];
  let reach = all[0]!.x1;
  for (const u of all.slice(1)) {
    if (u.x0 - reach > COLUMN_GAP * size) cuts.push((u.x0 + reach) / 2);
    reach = Math.max(reach, u.x1);
  }
  return cuts;
}

/**
 * How each column's cells line up: l when their left edges agree and their right edges do not,
 * r the other way round, c otherwise (centred, or one cell, or cells of one width).
 */
export function columnAlignments(rows: Unit[][]): string {
  const cuts = columnCuts(rows);
  const size = Math.max(...rows.flat().map((u) => u.size));
  const spec: string[] = [];
  for (let c = 0; c <= cuts.length; c++) {
    const boxes = rows
      .map((row) => row.filter((u) => u.role !== 'rule' && cuts.filter((x) => centreX(u) > x).length === c))
      .filter((cell) => cell.length)
      .map((cell) => boxOf(cell));
    const spread = (f: (b: Box) => number) => Math.max(...boxes.map(f)) - Math.min(...boxes.map(f));
    const left = spread((b) => b[0]);
    const right = spread((b) => b[2]);
    const centre = spread((b) => (b[0] + b[2]) / 2);
    const flush = ALIGN_TOLERANCE * size;
    if (boxes.length < 2 || centre <= flush || (left > flush && right > flush)) spec.push('c');
    else spec.push(left <= right ? 'l' : 'r');
  }
  return spec.join('');
}

/** Cells whose edges agree within this (em) are flush on that side. */
const ALIGN_TOLERANCE = 0.15;

/** Rows cut into cells at the columns' gaps: "a & b \\ c & d". */
function cells(rows: Unit[][], depth: number, style: Style | undefined): string {
  const cuts = columnCuts(rows);
  return rows
    .map((row) => {
      const parts: Unit[][] = Array.from({ length: cuts.length + 1 }, () => []);
      for (const u of row) {
        const i = cuts.filter((c) => centreX(u) > c).length;
        parts[i]!.push(u);
      }
      return parts.map((p) => (p.length ? readRow(p, depth, style) : '')).join(' & ');
    })
    .join(' \\\\ ');
}

/**
 * One row along its baseline: units on the baseline in order, each with the raised and lowered
 * smaller units that follow it as its superscript and subscript (read recursively, so scripts
 * of scripts nest), primes as ', scripts before the first unit as pre-scripts.
 */
export function readRow(units: Unit[], depth: number, style?: Style): string {
  if (!units.length) return '';
  if (depth > MAX_DEPTH) return flat(units);
  const sorted = [...units].sort((a, b) => a.x0 - b.x0 || a.y0 - b.y0);
  const size = Math.max(...sorted.map((u) => u.size));
  const base = dominantBase(sorted);
  // A fraction is on the row when its bar is on the row's math axis, whatever the size of its parts.
  const onLine = (u: Unit) =>
    (u.axis !== undefined && Math.abs(u.axis - (base - AXIS * size)) < AXIS_TOLERANCE * size) ||
    (u.size >= SCRIPT_SIZE * size || u.tall ? Math.abs(u.base - base) < 0.3 * size : Math.abs(u.base - base) < 0.06 * size);
  const tokens: string[] = [];
  let prev: Unit | undefined;
  /** Right end of the previous atom with its scripts. */
  let reach = -Infinity;
  let pendingSup: Unit[] = [];
  let pendingSub: Unit[] = [];
  const flush = () => {
    if (!pendingSup.length && !pendingSub.length) return;
    const sub = pendingSub.length ? layoutScripts(pendingSub, depth, style) : '';
    const sup = pendingSup.length ? layoutScripts(pendingSup, depth, style) : '';
    // Before the first atom, or after one that has its own scripts (a sum with its limits):
    // scripts of an empty group (TeX's double subscript is an error).
    if (!prev || topLevelScripts(prev.latex)) tokens.push('{}');
    if (sub) tokens.push(`_${group(sub)}`);
    if (sup) tokens.push(/^'+$/.test(sup) && !sub ? sup : `^${group(sup)}`);
    pendingSup = [];
    pendingSub = [];
  };
  for (const u of sorted) {
    // A superscript of a subscript (i_{\Xi^4}) comes back near the row's baseline: set smaller
    // than the subscript, right after it, above its baseline and reaching into its height, it is
    // the subscript's (an integral's upper limit, of the lower one's size and far above, is not).
    const lastSub = pendingSub.length && !pendingSup.length ? pendingSub.reduce((a, b) => (b.x1 > a.x1 ? b : a)) : undefined;
    if (lastSub && u.size < SCRIPT_SIZE * size && !u.tall && u.size < 0.9 * lastSub.size && u.y1 > lastSub.y0 && u.x0 >= lastSub.x1 - 0.02 * size && u.x0 - lastSub.x1 < 0.15 * size && u.base < lastSub.base - 0.15 * lastSub.size) {
      pendingSub.push(u);
      reach = Math.max(reach, u.x1);
      continue;
    }
    if (onLine(u)) {
      flush();
      // A wide space between two ordinary atoms (ords touch in TeX) is a \quad. Thinner gaps are
      // left out: between italic glyphs they are the glyphs' own side bearings as often as a \,.
      if (prev && prev.role === 'ord' && u.role === 'ord' && u.x0 - reach > 0.75 * size) tokens.push('\\quad');
      // A word of text followed by an interword space keeps it (cases' "\text{if } x").
      else if (prev && /^\\text\{[^{}]*[^ {}]\}$/.test(prev.latex) && tokens[tokens.length - 1] === prev.latex && u.x0 - prev.x1 > TEXT_SPACE * size) tokens[tokens.length - 1] = `${prev.latex.slice(0, -1)} }`;
      tokens.push(u.axis !== undefined ? fraction(u, style) : u.restyle && style ? u.restyle(style) : u.latex);
      prev = u;
      reach = u.x1;
      continue;
    }
    reach = Math.max(reach, u.x1);
    // A prime is a superscript of its own kind.
    const raised = u.role === 'prime' || u.base < base - 0.02 * size;
    (raised ? pendingSup : pendingSub).push(u);
  }
  flush();
  return join(tokens).trim();
}

function layoutScripts(units: Unit[], depth: number, style: Style | undefined): string {
  if (units.every((u) => u.role === 'prime')) return units.map((u) => u.latex).join('');
  return layout(units, depth + 1, script(style));
}

/**
 * A fraction as its style sets it: parts at the body size are a display-style fraction (\frac in
 * display style, \dfrac in text style), smaller parts a text-style one (\tfrac in display style).
 */
function fraction(u: Unit, style: Style | undefined): string {
  if (!style || style.kind === 'script' || !u.latex.startsWith('\\frac')) return u.latex;
  const full = (u.partsSize ?? u.size) >= SCRIPT_SIZE * style.body;
  if (style.kind === 'display' && !full) return `\\tfrac${u.latex.slice(5)}`;
  if (style.kind === 'text' && full) return `\\dfrac${u.latex.slice(5)}`;
  return u.latex;
}

/** Whether a piece of LaTeX has a sub- or superscript outside braces (x_{1}, \\sum_{i}^{n}). */
function topLevelScripts(latex: string): boolean {
  let depth = 0;
  for (let i = 0; i < latex.length; i++) {
    const c = latex[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 0 && (c === '_' || c === '^')) return true;
  }
  return false;
}
