// Glyph identity from the font: TeX's math fonts (CMMI, CMSY, CMEX, MSAM/MSBM, EUFM) and their
// Latin Modern, newtx, mathptmx and Fourier counterparts set many glyphs without a Unicode
// mapping (a display \sum in CMEX10 is character 0x58) or with a misleading one (extension
// pieces in the Private Use Area); and their alphabet (calligraphic capitals in CMSY, blackboard
// in MSBM) is a property of the font, not of the character code.

/** The kinds of font a math glyph can come from, by the font's base name. */
type Family = 'extension' | 'symbols' | 'italic' | 'blackboard' | 'fraktur' | 'script';

const FAMILIES: [RegExp, Family][] = [
  [/^(cmex|lmex|LMMathExtension|txex|ntxexx?|Fourier-Math-Extension|esint|rsfs-ext|mathpex|zplex|pxex|euex|hfbrex)/i, 'extension'],
  // newtx's symbolsb font (txsyb) holds \mathbb's letters.
  [/^n?txsyb/i, 'blackboard'],
  [/^(cmsy|cmbsy|lmsy|LMMathSymbols|txsy|ntxsy|Fourier-Math-Symbols|zplsy|pxsy|hfbrsy)/i, 'symbols'],
  // Euler's roman (EURM, EURB) is the math italic of eulervm, in CMMI's layout (eurm10.afm).
  [/^(cmmi|cmmib|lmmi|LMMathItalic|NewTXMI|NewPXMI|txmi(?!a)|rtxmi|zplmi|pxmi(?!a)|hfbrmi|eurm|eurb)/i, 'italic'],
  [/^(msbm|txmia|Fourier-Math-BlackBoard|bbold|dsrom|bbm|hfbrbs)/i, 'blackboard'],
  [/^(eufm|eufb|yfrak)/i, 'fraktur'],
  [/^(rsfs|zpzccmry|Fourier-Math-Cal|eusm|eusb|cmbsy)/i, 'script'],
];

/**
 * Other TeX math fonts by the parts their names are made of, where the name says which of TeX's
 * math font roles the font plays (its layout follows the role: an extension font is laid out as
 * CMEX, a symbol font as CMSY): kpfonts' "Kp--M-Ex-Regular" and "Kp--M-Sy-Regular", mathdesign's
 * "MathDesign-CH-Regular-Extension-10" and "…-Symbol-10", "PazoMathBlackboardBold". A part is a
 * run of letters between non-letters. Adobe's Symbol font (its own layout) is not one of them.
 */
const NAME_PARTS: [RegExp, Family][] = [
  [/(^|[^a-z])(ex|extension)([^a-z]|$)/i, 'extension'],
  [/(^|[^a-z])(syb|bb|blackboard|doublestruck)([^a-z]|$)|blackboard|symbola([^a-z]|$)/i, 'blackboard'],
  [/(^|[^a-z])(sy|sys|symbols?)([^a-z]|$)/i, 'symbols'],
  [/(^|[^a-z])(mi|mathitalic)([^a-z]|$)/i, 'italic'],
];

/** Adobe's Symbol font and its clones: Greek at Latin codes, never TeX's CMSY layout. */
const ADOBE_SYMBOL = /^(symbol|symbolmt|standardsyml|standardsymbolsps|symbolneu|opensymbol)([,-].*)?$/i;

/**
 * What a font's name says, found once per name: the text layer asks for every glyph, a document
 * has a handful of fonts. A long-running worker sees fonts of many documents (unnamed ones are
 * named by handle), so a cache starts over past this many names.
 */
const FONT_CACHE_NAMES = 1024;

function cached<T>(cache: Map<string, T>, font: string, find: (font: string) => T): T {
  // One lookup for a name seen before (asked for every glyph); a second only for an undefined value.
  const known = cache.get(font);
  if (known !== undefined || cache.has(font)) return known as T;
  if (cache.size >= FONT_CACHE_NAMES) cache.clear();
  const found = find(font);
  cache.set(font, found);
  return found;
}

const families = new Map<string, Family | undefined>();

function family(font: string | undefined): Family | undefined {
  return font ? cached(families, font, familyByName) : undefined;
}

function familyByName(font: string): Family | undefined {
  for (const [pattern, f] of FAMILIES) if (pattern.test(font)) return f;
  if (ADOBE_SYMBOL.test(font)) return undefined;
  for (const [pattern, f] of NAME_PARTS) if (pattern.test(font)) return f;
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
  [0x7e, '⇑⇓'],
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

/**
 * mathdesign's extension fonts (MathDesign-…-Extension, md-chr7v.pfb) above 0x7f: more sizes of
 * each delimiter (parenleftbig2, …), radicals and wide accents, by their glyph names.
 */
const MD_EXTENSION: Record<number, string> = {};
const mdExtensionRuns: [number, string][] = [
  [0x80, '((('], [0x83, '⟦⟦⟦⟦⟦⟦⟦'], [0x8a, ')))'], [0x8d, '⟧⟧⟧⟧⟧⟧⟧'], [0x94, '[[[]]]⌊⌊⌊⌋⌋⌋⌈⌈⌈⌉⌉⌉{{{}}}⟨⟨⟨'],
  [0xb6, '⟩⟩⟩⟦⟧'], [0xc0, '///\\\\\\√√√'], [0xd2, '\u0302\u0302\u0302\u0302\u0302\u0302\u0302\u0302\u0302\u0302'], [0xdc, '\u0303\u0303\u0303\u0303\u0303\u0303\u0303\u0303\u0303\u0303'],
];
for (const [start, chars] of mdExtensionRuns) [...chars].forEach((c, i) => (MD_EXTENSION[start + i] = c));

/**
 * Euler's extension font (EUEX) departs from CMEX's layout where it has no delimiter of CMEX's
 * (euex10.afm): bigger braces at 0x0a–0x0f, arrows from 0x20.
 */
const EULER_EXTENSION: Record<number, string> = {
  0x0a: '{', 0x0b: '}', 0x0c: '{', 0x0d: '}', 0x0e: '{', 0x0f: '}',
  0x20: '←', 0x21: '→', 0x22: '↑', 0x23: '↓', 0x24: '↔', 0x25: '↗', 0x26: '↘', 0x28: '⇐', 0x29: '⇒', 0x2a: '⇑', 0x2b: '⇓', 0x2c: '⇔', 0x2d: '↖', 0x2e: '↙',
};

/**
 * The code a font in the Blue Sky layout stores a TeX code at: Type 1 math fonts made for
 * software that drops control codes move TeX's codes 0–9 to 161–170, 10–32 to 173–195 and 127 to
 * 196 (Fourier's extension font, fourier-mex.afm: parenleftbig is 161, angbracketleftbig 173,
 * parenleftBigg 195; its symbol font's minus is 161). The TeX code a code above 160 stands for.
 */
function blueSkyCode(code: number): number | undefined {
  if (code >= 161 && code <= 170) return code - 161;
  if (code >= 173 && code <= 195) return code - 163;
  if (code === 196) return 127;
  return undefined;
}

/**
 * Fourier's extension font past the Blue Sky codes (fourier-mex.afm): double brackets ⟦ ⟧ at
 * each size, and multiple and slashed integrals (integraltextdouble, cintegraldisplaytriple…).
 */
const FOURIER_EXTENSION: Record<number, string> = {};
const fourierExtensionRuns: [number, string][] = [
  [0x81, '\u0302\u0303\u0302\u0303'], [0x85, '⟦⟧⟦⟧⟦⟧⟦⟧⟦⟧⟦⟧⟦⟧'], [0xc8, '⌈⌉⌊⌋'], [0xce, '∬∬∭∭∯∯∰∰⨏⨏'],
];
for (const [start, chars] of fourierExtensionRuns) [...chars].forEach((c, i) => (FOURIER_EXTENSION[start + i] = c));

/**
 * kpfonts' second extension font (largesymbolsA, jkpexa: "Kp--M-Exa-Regular"), by kpfonts.sty's
 * declarations: each operator at a code in text size and the next in display size; the
 * narrowiints option's integrals 100 codes higher (\iint is 33 and 34, or 133 and 134).
 */
const KP_EXTENSION_A: Record<number, string> = {};
const kpExtensionARuns: [number, string][] = [
  [8, '∯∯∳∳∲∲⨖⨖'], [33, '∬∬∭∭⨌⨌'], [41, '∰∰∳∳∲∲'], [62, '⨏⨏'], [84, '∫∫'], [108, '∯∯'], [133, '∬∬∭∭⨌⨌'], [141, '∰∰'],
];
for (const [start, chars] of kpExtensionARuns) [...chars].forEach((c, i) => (KP_EXTENSION_A[start + i] = c));
const KP_EXTENSION_A_FONT = /^kp-+m-exa([^a-z]|$)/i;

/** AMS's MSBM (and Computer Modern Bright's copy, HFBRBS) sets amssymb's wider \widehat and \widetilde (msbm10.afm: hatwide, hatwider, tildewide, tildewider). */
const AMS_B_ACCENTS: Record<number, string> = { 0x5b: '\u0302', 0x5c: '\u0302', 0x5d: '\u0303', 0x5e: '\u0303' };

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
  if (KP_EXTENSION_A_FONT.test(font ?? '')) return KP_EXTENSION_A[code]?.codePointAt(0);
  const f = family(font);
  let char: string | undefined;
  // An extension font's glyph the PDF names with U+FFFD: a sized delimiter of unknown shape.
  const tx = /^n?txb?ex/i.test(font ?? '');
  const md = /^mathdesign-/i.test(font ?? '');
  if (f === 'extension') {
    if (code === 0xfffd) char = String.fromCodePoint(UNKNOWN_DELIMITER);
    else char = (/^euex/i.test(font ?? '') ? EULER_EXTENSION[code] : undefined) ?? EXTENSION[code] ?? (tx ? TX_EXTENSION[code] : md ? MD_EXTENSION[code] : undefined);
    // newtx's and mathdesign's fonts have layouts of their own above 0x7f; any other extension font's codes there are the Blue Sky ones.
    if (char === undefined && !tx && !md) char = EXTENSION[blueSkyCode(code) ?? -1] ?? (/^Fourier-Math-Extension/i.test(font ?? '') ? FOURIER_EXTENSION[code] : undefined);
  }
  // newpx's pxsys is txsys's layout in Palatino.
  else if (f === 'symbols') {
    const txSymbols = /^(n?tx|px)b?sys/i.test(font ?? '');
    char = SYMBOLS[code] ?? (txSymbols ? TX_SYMBOLS[code] : SYMBOLS[blueSkyCode(code) ?? -1]);
  }
  else if (f === 'italic') char = ITALIC[code];
  else if (f === 'blackboard' && /^(msbm|hfbrbs)/i.test(font ?? '') && AMS_B_ACCENTS[code]) char = AMS_B_ACCENTS[code];
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
  // TeX's \phi is the stroked ϕ and \varphi the open φ; these fonts' glyph names give them the
  // other way round (TeX's ToUnicode table reads "phi" as ϕ, which is right for CMMI and Latin
  // Modern; CM Bright's, kpfonts' and mathdesign's italics draw the open form under that name).
  if (SWAPPED_PHI.test(font ?? '') && (code === 0x3c6 || code === 0x3d5)) return code === 0x3c6 ? 0x3d5 : 0x3c6;
  if (SWAPPED_EPSILON.test(font ?? '') && (code === 0x3b5 || code === 0x3f5)) return code === 0x3b5 ? 0x3f5 : 0x3b5;
  // mathpazo's PazoMath sets \coprod (text and display size) as a glyph its name maps to ⨿ (\amalg, which mathpazo takes from CMSY).
  if (code === 0x2a3f && /^PazoMath/i.test(font ?? '')) return 0x2210;
  if (family(font) === 'extension' && ((code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe000 && code <= 0xf8ff))) return UNKNOWN_DELIMITER;
  return undefined;
}

/** Math italic fonts whose φ and ϕ (and ε and ϵ) come out of the text layer swapped. */
const SWAPPED_PHI = /^(hfbrmi|kp-+m-(bold-?)?italic|mathdesign-.*-mathitalic)/i;
const SWAPPED_EPSILON = /^mathdesign-.*-mathitalic/i;

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

/**
 * Other math fonts by name: "Math" in it (PazoMath, MathDesign-…), kpfonts' math fonts
 * ("Kp--M-…"), Euler's (EURM, EUSM, EUEX), Computer Modern Bright's (HFBRMI, HFBRSY), newpx's
 * and newtx's math italics (NewPXMI): with the fonts whose name says their TeX math role.
 */
const MATH_NAME = /math|^kp-+m-|^(eurm|eurb|eusm|eusb|euex|eufm|eufb|hfbrmi|hfbrsy|hfbrbs|hfbrex|newpxmi|newtxmi|pxsys|pxmia|txmia|txsyb|txsyc)/i;

const mathFonts = new Map<string, boolean>();

/** The last name asked and its answer: glyphs come in runs of one font (the answer is the name's alone). */
let lastFont: string | undefined;
let lastMath = false;

export function isMathFont(font: string | undefined): boolean {
  if (!font) return false;
  if (font === lastFont) return lastMath;
  const math = cached(mathFonts, font, (name) => MATH_FONT.test(name) || MATH_NAME.test(name) || family(name) !== undefined);
  lastFont = font;
  lastMath = math;
  return math;
}
