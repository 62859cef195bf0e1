// Glyph identity from the font: TeX's math fonts (CMMI, CMSY, CMEX, MSAM/MSBM, EUFM) and their
// Latin Modern, newtx, mathptmx and Fourier counterparts set many glyphs without a Unicode
// mapping (a display \sum in CMEX10 is character 0x58) or with a misleading one (extension
// pieces in the Private Use Area); and their alphabet (calligraphic capitals in CMSY, blackboard
// in MSBM) is a property of the font, not of the character code.

/** The kinds of font a math glyph can come from, by the font's base name. */
type Family = 'extension' | 'symbols' | 'italic' | 'blackboard' | 'fraktur' | 'script';

const FAMILIES: [RegExp, Family][] = [
  [/^(cmex|lmex|LMMathExtension|txex|ntxexx?|Fourier-Math-Extension|esint|rsfs-ext|mathpex|zplex)/i, 'extension'],
  // newtx's symbolsb font (txsyb) holds \mathbb's letters.
  [/^n?txsyb/i, 'blackboard'],
  [/^(cmsy|cmbsy|lmsy|LMMathSymbols|txsy|ntxsy|Fourier-Math-Symbols|zplsy)/i, 'symbols'],
  [/^(cmmi|cmmib|lmmi|LMMathItalic|NewTXMI|txmi(?!a)|rtxmi|zplmi)/i, 'italic'],
  [/^(msbm|txmia|Fourier-Math-BlackBoard|bbold|dsrom|bbm)/i, 'blackboard'],
  [/^(eufm|eufb|eurm|yfrak)/i, 'fraktur'],
  [/^(rsfs|zpzccmry|Fourier-Math-Cal|eusm|eusb|cmbsy)/i, 'script'],
];

function family(font: string | undefined): Family | undefined {
  if (!font) return undefined;
  for (const [pattern, f] of FAMILIES) if (pattern.test(font)) return f;
  return undefined;
}

/** TeX's CMEX layout (also LMMathExtension, txexs, Fourier's extension), by character code. */
const EXTENSION: Record<number, string> = {};
const extensionRuns: [number, string][] = [
  [0x00, '()[]⌊⌋⌈⌉{}⟨⟩|‖/\\'],
  [0x10, '()()[]⌊⌋⌈⌉{}⟨⟩/\\'],
  [0x20, '()[]⌊⌋⌈⌉{}⟨⟩/\\/\\'],
  [0x30, '⎛⎞⎡⎤⎣⎦⎢⎥⎧⎫⎩⎭⎨⎬⎪|'],
  [0x40, '⎝⎠⎜⎟⟨⟩⨆⨆∮∮⨀⨀⨁⨁⨂⨂'],
  [0x50, '∑∏∫⋃⋂⨄⋀⋁∑∏∫⋃⋂⨄⋀⋁'],
  [0x60, '∐∐\u0302\u0302\u0302\u0303\u0303\u0303[]⌊⌋⌈⌉{}'],
  [0x70, '√√√√√√√‖↑↓'],
];
for (const [start, chars] of extensionRuns) [...chars].forEach((c, i) => (EXTENSION[start + i] = c));

/**
 * newtx's extension fonts (txexs, txbexs) above 0x7f: more delimiter sizes, integrals, and the
 * text- and display-size big operators (txexs.afm: summationtext.1 is 0xcd, parenlefttpA 0xa9).
 */
const TX_EXTENSION: Record<number, string> = {};
const txExtensionRuns: [number, string][] = [
  [0x80, '()[]⌊⌋⌈⌉{}⟨⟩|‖↕⇕'],
  [0x9a, '\u0302\u0302\u0302\u0303\u0303\u0303'],
  [0xa9, '⎛⎞⎝⎠⎜⎟'],
  [0xaf, '∫∬∭∮∯∫∬∭∮∯∫∬∭∮∯∫∬∭∮∯⨆⨆'],
  [0xc7, '⨀⨀⨁⨁⨂⨂∑∏⊍⋃⋂⨄⋀⋁∑∏⊍⋃⋂⨄⋀⋁∐∐⊍⊍'],
];
for (const [start, chars] of txExtensionRuns) [...chars].forEach((c, i) => (TX_EXTENSION[start + i] = c));

/** TeX's CMSY layout (also LMMathSymbols, txsys, Fourier's symbols). */
const SYMBOLS: Record<number, string> = {};
const symbolRuns: [number, string][] = [
  [0x00, '−·×∗÷⋄±∓⊕⊖⊗⊘⊙◯∘∙'],
  [0x10, '≍≡⊆⊇≤≥⪯⪰∼≈⊂⊃≪≫≺≻'],
  [0x20, '←→↑↓↔↗↘≃⇐⇒⇑⇓⇔↖↙∝'],
  [0x30, '′∞∈∋△▽\u0338↦∀∃¬∅ℜℑ⊤⊥'],
  [0x40, 'ℵABCDEFGHIJKLMNOPQRSTUVWXYZ∪∩⊎∧∨'],
  [0x60, '⊢⊣⌊⌋⌈⌉{}⟨⟩|‖↕⇕\\≀'],
  [0x70, '√⨿∇∫⊔⊓⊑⊒§†‡¶♣♢♡♠'],
];
for (const [start, chars] of symbolRuns) [...chars].forEach((c, i) => (SYMBOLS[start + i] = c));

/** newtx's symbol font (txsys) above 0x7f (txsys.afm): small integrals and operators, math accents. */
const TX_SYMBOLS: Record<number, string> = {};
const txSymbolRuns: [number, string][] = [
  [0x80, '∫∬∭∮∯∰∲∳⨋⨌⨏⨖∫∬∭∮∯∰∲∳⨋⨌⨏⨖∏∑∄∅∅/'],
  [0x9e, '\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u030a\u030c'],
  [0xae, '\u20d7'],
];
for (const [start, chars] of txSymbolRuns) [...chars].forEach((c, i) => (TX_SYMBOLS[start + i] = c));

/** The CMMI codes whose glyph names have no standard Unicode meaning. */
const ITALIC: Record<number, string> = {
  0x3a: '.', 0x3b: ',', 0x3c: '<', 0x3d: '/', 0x3e: '>', 0x3f: '⋆', 0x40: '∂', 0x60: 'ℓ', 0x7b: 'ı', 0x7c: 'ȷ', 0x7d: '℘', 0x7e: '\u20d7', 0x7f: '\u0361',
  0x5b: '♭', 0x5c: '♮', 0x5d: '♯', 0x5e: '⌣', 0x5f: '⌢',
};

/**
 * Adobe's Private Use Area codes for the pieces of big delimiters (Symbol font and TeX glyph
 * names such as "parenlefttp"), as PDFium reports them.
 */
const PRIVATE_USE: Record<number, string> = {
  0xf8e5: '√', 0xf8e6: '|', 0xf8eb: '⎛', 0xf8ec: '⎜', 0xf8ed: '⎝', 0xf8ee: '⎡', 0xf8ef: '⎢', 0xf8f0: '⎣',
  0xf8f1: '⎧', 0xf8f2: '⎨', 0xf8f3: '⎩', 0xf8f4: '⎪', 0xf8f5: '⎮', 0xf8f6: '⎞', 0xf8f7: '⎟', 0xf8f8: '⎠',
  0xf8f9: '⎤', 0xf8fa: '⎥', 0xf8fb: '⎦', 0xf8fc: '⎫', 0xf8fd: '⎬', 0xf8fe: '⎭',
};

/**
 * The Unicode of a character the PDF does not map, from the font's known encoding; undefined
 * when the font is not a known math font.
 */
export function fontCodeToUnicode(font: string | undefined, code: number): number | undefined {
  const f = family(font);
  let char: string | undefined;
  // An extension font's glyph the PDF names with U+FFFD: a sized delimiter of unknown shape.
  if (f === 'extension') char = code === 0xfffd ? String.fromCodePoint(UNKNOWN_DELIMITER) : (EXTENSION[code] ?? (/^n?txb?ex/i.test(font ?? '') ? TX_EXTENSION[code] : undefined));
  else if (f === 'symbols') char = SYMBOLS[code] ?? (/^n?txb?sys/i.test(font ?? '') ? TX_SYMBOLS[code] : undefined);
  else if (f === 'italic') char = ITALIC[code];
  else if ((f === 'blackboard' || f === 'fraktur' || f === 'script') && ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a))) char = String.fromCharCode(code);
  return char === undefined ? undefined : char.codePointAt(0);
}

/**
 * The code point to read for a glyph whose text layer is known to mislead: Private Use Area
 * delimiter pieces, and variation selectors some extension fonts map their sized delimiters to.
 */
export function repairCode(font: string | undefined, code: number): number | undefined {
  const pua = PRIVATE_USE[code];
  if (pua) return pua.codePointAt(0);
  // U+2206 INCREMENT and U+2126 OHM SIGN are how TeX's text fonts name Δ and Ω.
  if (code === 0x2206) return 0x394;
  if (code === 0x2126) return 0x3a9;
  if (code === 0xb5) return 0x3bc;
  if (family(font) === 'extension' && ((code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe000 && code <= 0xf8ff))) return UNKNOWN_DELIMITER;
  return undefined;
}

/** A tall glyph of an extension font whose identity the text layer hides: a delimiter, side decided by position. */
export const UNKNOWN_DELIMITER = 0xfffc;

export type Alphabet = 'mathbb' | 'mathcal' | 'mathfrak' | 'mathbf' | undefined;

/**
 * A bold alphabet by the font's name (CMBX, CMMIB, KaTeX_Main-Bold, …). A font's weight flag is
 * not enough: renderers embolden whole formulas (a browser printing math inside bold text), and
 * that does not make \mathbf.
 */
const BOLD_FONT = /bold|heavy|black|(^|[^a-z])(cmbx|cmmib|cmbsy|lmmib|lmbsy|bx)\d*($|[^a-z])/i;

/**
 * The alphabet a Latin letter of this font belongs to: calligraphic capitals in TeX's symbol
 * fonts, blackboard, fraktur and script fonts by name, bold by a bold font's name. Undefined for
 * ordinary letters.
 */
export function fontAlphabet(font: string | undefined, code: number): Alphabet {
  const bold = !!font && BOLD_FONT.test(font);
  const f = family(font);
  const upper = code >= 0x41 && code <= 0x5a;
  const letter = upper || (code >= 0x61 && code <= 0x7a);
  if (!letter) return undefined;
  if (f === 'symbols' && upper) return 'mathcal';
  if (f === 'blackboard') return 'mathbb';
  if (f === 'fraktur') return 'mathfrak';
  if (f === 'script') return 'mathcal';
  if (bold) return 'mathbf';
  return undefined;
}

/** TeX's and OpenType math fonts by name: glyphs in them are mathematics, never prose. */
const MATH_FONT = /^(cm(mi|sy|ex|bsy|mib)|lm(mi|sy|ex)|LMMath|LatinModernMath|msam|msbm|eufm|rsfs|NewTXMI|txmi|txsy|txex|ntx(mi|sy|ex)|rtxmi|StandardSymL|Symbol|Fourier-Math|LibertineMath|STIX.*Math|XITSMath|XITS-?Math|TeXGyre.*Math|texgyre.*math|Cambria-?Math|OpenSymbol|Asana|Euler|esint|stmary|wasy|zpl(mi|sy|ex)|mathpazo|pxmi|pxsy|pxex)/i;

export function isMathFont(font: string | undefined): boolean {
  return !!font && MATH_FONT.test(font);
}
