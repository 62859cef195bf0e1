// Unicode to LaTeX for mathematical symbols, and each symbol's role in a formula.

export type Role = 'ord' | 'bin' | 'rel' | 'open' | 'close' | 'bigop' | 'punct' | 'accent' | 'radical' | 'prime' | 'fence';

interface SymbolInfo {
  latex: string;
  role: Role;
}

const table = new Map<string, SymbolInfo>();
function add(role: Role, entries: string): void {
  // "char latex char latex …", separated by spaces.
  const parts = entries.trim().split(/\s+/);
  for (let i = 0; i + 1 < parts.length; i += 2) table.set(parts[i]!, { latex: parts[i + 1]!, role });
}

add('ord', `
α \\alpha β \\beta γ \\gamma δ \\delta ϵ \\epsilon ε \\varepsilon ζ \\zeta η \\eta θ \\theta ϑ \\vartheta ϰ \\varkappa ι \\iota κ \\kappa
λ \\lambda μ \\mu ν \\nu ξ \\xi ο o π \\pi ϖ \\varpi ρ \\rho ϱ \\varrho σ \\sigma ς \\varsigma τ \\tau υ \\upsilon ϕ \\phi
φ \\varphi χ \\chi ψ \\psi ω \\omega Γ \\Gamma Δ \\Delta Θ \\Theta Λ \\Lambda Ξ \\Xi Π \\Pi Σ \\Sigma Υ \\Upsilon Φ \\Phi
Ψ \\Psi Ω \\Omega ∂ \\partial ∇ \\nabla ∞ \\infty ℓ \\ell ℏ \\hbar ħ \\hbar ∅ \\emptyset ∀ \\forall ∃ \\exists ¬ \\neg ℵ \\aleph
ℜ \\Re ℑ \\Im ℘ \\wp ı \\imath ȷ \\jmath … \\dots ⋯ \\cdots ⋮ \\vdots ⋱ \\ddots ∠ \\angle ⊤ \\top ⊥ \\perp † \\dagger ‡ \\ddagger
△ \\triangle ♭ \\flat ♮ \\natural ♯ \\sharp ♣ \\clubsuit ♢ \\diamondsuit ♡ \\heartsuit ♠ \\spadesuit § \\S ¶ \\P ⋆ \\star
% \\% # \\# & \\& $ \\$ _ \\_ ° ^{\\circ}`);
add('bin', `
+ + − - - - ± \\pm ∓ \\mp × \\times ÷ \\div · \\cdot ⋅ \\cdot ∙ \\bullet ∘ \\circ ◦ \\circ ∗ * * * ⋄ \\diamond
⊕ \\oplus ⊖ \\ominus ⊗ \\otimes ⊘ \\oslash ⊙ \\odot ∪ \\cup ∩ \\cap ⊎ \\uplus ∧ \\wedge ∨ \\vee ⊔ \\sqcup ⊓ \\sqcap ≀ \\wr
∖ \\setminus ⋆ \\star ◯ \\bigcirc`);
add('rel', `
= = < < > > ≤ \\leq ≥ \\geq ≦ \\leqq ≧ \\geqq ≠ \\neq ≈ \\approx ≡ \\equiv ∼ \\sim ≃ \\simeq ≅ \\cong ≍ \\asymp ∝ \\propto
≪ \\ll ≫ \\gg ≺ \\prec ≻ \\succ ⪯ \\preceq ⪰ \\succeq ∈ \\in ∉ \\notin ∋ \\ni ⊂ \\subset ⊃ \\supset ⊆ \\subseteq ⊇ \\supseteq
⊑ \\sqsubseteq ⊒ \\sqsupseteq → \\to ← \\leftarrow ↔ \\leftrightarrow ⇒ \\Rightarrow ⇐ \\Leftarrow ⇔ \\Leftrightarrow
↦ \\mapsto ↑ \\uparrow ↓ \\downarrow ⇑ \\Uparrow ⇓ \\Downarrow ↗ \\nearrow ↘ \\searrow ↖ \\nwarrow ↙ \\swarrow ↕ \\updownarrow
⩽ \\leq ⩾ \\geq ⊢ \\vdash ⊣ \\dashv ⊨ \\models ∥ \\parallel ∣ \\mid ≔ := ⟶ \\longrightarrow ⟹ \\Longrightarrow ⟺ \\iff : :`);
add('open', `( ( [ [ { \\{ ⟨ \\langle 〈 \\langle 〈 \\langle ⌊ \\lfloor ⌈ \\lceil`);
add('close', `) ) ] ] } \\} ⟩ \\rangle 〉 \\rangle 〉 \\rangle ⌋ \\rfloor ⌉ \\rceil`);
add('fence', `| | ‖ \\| / / \\ \\backslash`);
add('bigop', `
∑ \\sum ∏ \\prod ∐ \\coprod ∫ \\int ∬ \\iint ∭ \\iiint ∮ \\oint ⋃ \\bigcup ⋂ \\bigcap ⨁ \\bigoplus ⨂ \\bigotimes
⨀ \\bigodot ⨆ \\bigsqcup ⨄ \\biguplus ⋀ \\bigwedge ⋁ \\bigvee`);
add('punct', `, , ; ; . . ! !`);
add('prime', `′ ' ″ '' ‴ ''' ' '`);
add('radical', `√ \\sqrt`);
table.set('\u2061', { latex: '', role: 'punct' });

/** Accents (spacing and combining forms) and their LaTeX commands. */
const ACCENTS = new Map<number, string>([
  [0x5e, 'hat'], [0x2c6, 'hat'], [0x302, 'hat'], [0x7e, 'tilde'], [0x2dc, 'tilde'], [0x303, 'tilde'], [0xaf, 'bar'], [0x2c9, 'bar'],
  [0x304, 'bar'], [0x305, 'bar'], [0x2d9, 'dot'], [0x307, 'dot'], [0xa8, 'ddot'], [0x308, 'ddot'], [0x2c7, 'check'], [0x30c, 'check'],
  [0x2d8, 'breve'], [0x306, 'breve'], [0xb4, 'acute'], [0x301, 'acute'], [0x60, 'grave'], [0x300, 'grave'], [0x20d7, 'vec'],
  [0x2192, 'vec'], [0x2da, 'mathring'], [0x30a, 'mathring'],
]);

export function accentOf(code: number): string | undefined {
  return ACCENTS.get(code);
}

/** Big delimiter pieces (⎛ ⎜ ⎝ …) and the delimiter they build. */
const PIECES = new Map<string, string>([
  ['⎛', '('], ['⎜', '('], ['⎝', '('], ['⎞', ')'], ['⎟', ')'], ['⎠', ')'], ['⎡', '['], ['⎢', '['], ['⎣', '['],
  ['⎤', ']'], ['⎥', ']'], ['⎦', ']'], ['⎧', '{'], ['⎨', '{'], ['⎩', '{'], ['⎫', '}'], ['⎬', '}'], ['⎭', '}'], ['⎪', '{'], ['⎮', '∫'],
]);

export function pieceOf(char: string): string | undefined {
  return PIECES.get(char);
}

/** LaTeX and role of a character; letters and digits are ordinary, anything unknown too. */
export function symbolOf(char: string): SymbolInfo {
  const known = table.get(char);
  if (known) return known;
  if (/^[A-Za-z0-9]$/.test(char)) return { latex: char, role: 'ord' };
  return { latex: escapeText(char), role: 'ord' };
}

/** symbolOf(char).role, without making the LaTeX of characters the table does not name (all ordinary). */
export function roleOf(char: string): Role {
  return table.get(char)?.role ?? 'ord';
}

/** A character with no LaTeX name: as itself when KaTeX reads it, else spelled out in \text. */
function escapeText(char: string): string {
  if (/^[\p{L}\p{N}]$/u.test(char)) return char;
  if (/^[\u0020-\u007e]$/.test(char)) return `\\text{${char.replace(/[\\{}]/g, '')}}`;
  return char;
}

/** Names typeset upright as operators (\sin, \lim …). */
export const FUNCTION_NAMES = new Set([
  'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'sinh', 'cosh', 'tanh', 'coth', 'arcsin', 'arccos', 'arctan', 'log', 'ln', 'lg',
  'exp', 'lim', 'liminf', 'limsup', 'max', 'min', 'sup', 'inf', 'arg', 'det', 'dim', 'ker', 'deg', 'gcd', 'hom', 'Pr', 'mod', 'tr',
]);

/** Function names that take limits below in display style. */
export const LIMIT_NAMES = new Set(['lim', 'liminf', 'limsup', 'max', 'min', 'sup', 'inf', 'det', 'gcd', 'Pr']);

/** Mathematical Alphanumeric Symbols (U+1D400…): the alphabet and the plain character. */
export function mathAlphanumeric(code: number): { alphabet: string; char: string } | undefined {
  if (code < 0x1d400 || code > 0x1d7ff) {
    // Letterlike symbols: ℝ ℕ ℤ ℚ ℂ ℙ and script ℒ ℱ ℋ …; planck ℎ is the italic h.
    const letterlike = LETTERLIKE.get(code);
    return letterlike;
  }
  if (code >= 0x1d7ce) {
    const digit = String.fromCharCode(0x30 + ((code - 0x1d7ce) % 10));
    const alphabet = code < 0x1d7d8 ? 'mathbf' : code < 0x1d7e2 ? 'mathbb' : '';
    return { alphabet, char: digit };
  }
  if (code >= 0x1d6a8) {
    // Greek: bold, italic, bold italic, sans bold, sans bold italic (58 each): the letter itself.
    // The last six of a block are the symbol variants (ϵ ϑ ϰ ϕ ϱ ϖ), which NFKC would fold into
    // the plain letters (𝜖 is \epsilon, 𝜀 \varepsilon).
    const block = Math.floor((code - 0x1d6a8) / 58);
    const variant = GREEK_VARIANTS[(code - 0x1d6a8) % 58 - 52];
    const char = variant ?? String.fromCodePoint(code).normalize('NFKC');
    return { alphabet: block === 0 || block === 2 ? 'boldsymbol' : '', char };
  }
  const char = String.fromCodePoint(code).normalize('NFKC');
  const styles = ['mathbf', '', 'mathbf', 'mathcal', 'mathcal', 'mathfrak', 'mathbb', 'mathfrak', 'mathsf', 'mathbf', 'mathsf', 'mathbf', 'mathtt'];
  const alphabet = styles[Math.floor((code - 0x1d400) / 52)] ?? '';
  return { alphabet, char: char.length === 1 ? char : String.fromCodePoint(code) };
}

/** The symbol variants at the end of each Greek block of Mathematical Alphanumeric Symbols. */
const GREEK_VARIANTS = ['ϵ', 'ϑ', 'ϰ', 'ϕ', 'ϱ', 'ϖ'];

const LETTERLIKE = new Map<number, { alphabet: string; char: string }>([
  [0x211d, { alphabet: 'mathbb', char: 'R' }], [0x2115, { alphabet: 'mathbb', char: 'N' }], [0x2124, { alphabet: 'mathbb', char: 'Z' }],
  [0x211a, { alphabet: 'mathbb', char: 'Q' }], [0x2102, { alphabet: 'mathbb', char: 'C' }], [0x2119, { alphabet: 'mathbb', char: 'P' }],
  [0x210d, { alphabet: 'mathbb', char: 'H' }], [0x2112, { alphabet: 'mathcal', char: 'L' }], [0x2131, { alphabet: 'mathcal', char: 'F' }],
  [0x210b, { alphabet: 'mathcal', char: 'H' }], [0x2110, { alphabet: 'mathcal', char: 'I' }], [0x211b, { alphabet: 'mathcal', char: 'R' }],
  [0x212c, { alphabet: 'mathcal', char: 'B' }], [0x2130, { alphabet: 'mathcal', char: 'E' }], [0x2133, { alphabet: 'mathcal', char: 'M' }],
  [0x212d, { alphabet: 'mathfrak', char: 'C' }], [0x210c, { alphabet: 'mathfrak', char: 'H' }], [0x2111, { alphabet: 'mathfrak', char: 'I' }],
  [0x211c, { alphabet: 'mathfrak', char: 'R' }], [0x2128, { alphabet: 'mathfrak', char: 'Z' }], [0x210e, { alphabet: '', char: 'h' }],
  [0x212f, { alphabet: 'mathcal', char: 'e' }], [0x210a, { alphabet: 'mathcal', char: 'g' }], [0x2134, { alphabet: 'mathcal', char: 'o' }],
]);
