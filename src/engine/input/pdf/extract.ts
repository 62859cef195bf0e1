// Page extraction: characters of the PDF text layer (with positions and fonts) grouped into
// visual lines, plus the boxes of embedded images. Everything comes out in displayed
// coordinates (after /Rotate), in points, origin top-left.
import type { Box, Glyph, GlyphStyle, Page, TextLine } from '../../model/document.js';
import { isMostlyRightToLeft, isRightToLeft } from '../../model/script.js';
import { compose, transformBox, type Affine } from './affine.js';
import { entry } from '../../model/trace.js';
import { fontCodeToUnicode, isMathFont } from '../../model/math-fonts.js';
import { extractGraphics } from './paths.js';
import { heapU8, type PdfDocument, type Pdfium } from './pdfium.js';
import { InputError } from '../sniff.js';
import { middle as middleOf } from '../../model/numbers.js';
import { isLeaderDot } from '../../model/text.js';

/** What the text layer of a page looks like, to decide whether it needs OCR. */
export interface TextLayerStats {
  /** Visible, correctly mapped, non-space characters. */
  usableChars: number;
  /** Characters drawn invisibly (render mode 3: an old OCR layer) or without a Unicode mapping. */
  unusableChars: number;
  /** Share of the page area covered by raster images, 0-1. */
  imageCoverage: number;
  /** Vector path objects on the page (text drawn as outlines shows up as many paths). */
  pathObjects: number;
  /** Form XObjects drawn on the page (a scan may be an image inside one, uncounted in imageCoverage). */
  formObjects: number;
  /** Lower-case Latin words of three letters or more, and the share of vowels among their letters. */
  proseWords: number;
  vowelShare: number;
}

/** A word of prose in Latin script: lower-case letters, three or more, after an optional capital. */
const PROSE_WORD = /(?<![A-Za-z])[A-Z]?([a-z]{3,})(?![A-Za-z])/g;

/**
 * Vowels among the letters of a page's prose words. Natural languages in Latin script keep a
 * third or more of them vowels; a text layer whose fonts map to the wrong letters (a shifted
 * encoding: "Zm Nodm Bnqotr" for "An Open Corpus") keeps far fewer.
 */
export function proseVowels(lines: readonly TextLine[]): { proseWords: number; vowelShare: number } {
  let words = 0;
  let letters = 0;
  let vowels = 0;
  for (const line of lines) {
    for (const m of line.text.matchAll(PROSE_WORD)) {
      const word = m[1]!;
      words++;
      letters += word.length;
      for (let i = 0; i < word.length; i++) if ('aeiouy'.includes(word[i]!)) vowels++;
    }
  }
  return { proseWords: words, vowelShare: letters ? vowels / letters : 0 };
}

export interface ExtractedPage extends Page {
  stats: TextLayerStats;
  /** A page whose text runs along the page turned (a landscape page stored with /Rotate): read turned clockwise by this many degrees from how it is displayed. */
  rotation?: number;
}

export interface Char extends Glyph {
  /** Not upright on the displayed page. */
  rotated: boolean;
  /** Horizontal extent of the glyph's advance (origin to next pen position), when known. */
  advance?: [number, number];
  /** A space the PDF itself sets (not one PDFium infers from a gap). */
  typedSpace: boolean;
}

const FPDF_PAGEOBJ_PATH = 2;
const FPDF_PAGEOBJ_IMAGE = 3;
const FPDF_PAGEOBJ_FORM = 5;
const FONT_FLAG_FIXED_PITCH = 1 << 0;
const FONT_FLAG_ITALIC = 1 << 6;
const FONT_FLAG_FORCE_BOLD = 1 << 18;
const TEXT_RENDER_INVISIBLE = 3;

/** The affine map from PDF user space to displayed page space (points, top-left origin). */
function pageToDisplay(pdfium: Pdfium, page: number, width: number, height: number, scratch: number): Affine {
  // FPDF_PageToDevice handles /Rotate and crop-box offsets; sampling three points gives the
  // whole affine map, so each character costs arithmetic instead of two WASM calls.
  const heap = pdfium.pdfium;
  const SCALE = 1000; // device coordinates are integers: use a large device size for precision
  const at = (x: number, y: number): [number, number] => {
    pdfium.FPDF_PageToDevice(page, 0, 0, Math.round(width * SCALE), Math.round(height * SCALE), 0, x, y, scratch, scratch + 4);
    return [heap.getValue(scratch, 'i32') / SCALE, heap.getValue(scratch + 4, 'i32') / SCALE];
  };
  const o = at(0, 0);
  const ex = at(1000, 0);
  const ey = at(0, 1000);
  return [(ex[0] - o[0]) / 1000, (ex[1] - o[1]) / 1000, (ey[0] - o[0]) / 1000, (ey[1] - o[1]) / 1000, o[0], o[1]];
}

export function extractPage(doc: PdfDocument, pageIndex: number): ExtractedPage {
  const { pdfium } = doc;
  const page = pdfium.FPDF_LoadPage(doc.handle, pageIndex);
  if (!page) throw new InputError(`page ${pageIndex + 1} cannot be read: the PDF is damaged`);
  const scratch = pdfium.pdfium.wasmExports.malloc(96);
  try {
    const displayedWidth = pdfium.FPDF_GetPageWidthF(page);
    const displayedHeight = pdfium.FPDF_GetPageHeightF(page);
    const displayed = pageToDisplay(pdfium, page, displayedWidth, displayedHeight, scratch);
    let { chars, unusable, directions } = extractChars(pdfium, page, displayed, scratch);
    // A page whose text runs down or up the displayed page (a landscape page stored upright with
    // /Rotate, or the other way round) is read in its text's own frame: turned upright, its
    // boxes mapped back to the page as displayed at the end (as a turned scan's are).
    const rotation = readingTurn(directions);
    const turn = rotation ? turnedFrame(rotation, displayedWidth, displayedHeight) : undefined;
    const m = turn ? compose(displayed, turn.map) : displayed;
    const width = turn?.width ?? displayedWidth;
    const height = turn?.height ?? displayedHeight;
    if (turn) ({ chars, unusable } = extractChars(pdfium, page, m, scratch));
    const { images, pathObjects, formObjects } = extractImages(pdfium, page, m, scratch);
    const imageArea = images.reduce((sum, b) => sum + (b[2] - b[0]) * (b[3] - b[1]), 0);
    const { rules, graphics, fills } = extractGraphics(pdfium, page, m, scratch);
    const lines = dropOverprint(groupLines(attachAccents(chars), rules));
    const usableChars = chars.filter((c) => c.code > 32).length;
    return {
      index: pageIndex,
      width,
      height,
      lines,
      images,
      rules,
      graphics,
      fills,
      source: 'text-layer',
      stats: { usableChars, unusableChars: unusable, imageCoverage: Math.min(1, imageArea / (width * height)), pathObjects, formObjects, ...proseVowels(lines) },
      ...(rotation ? { rotation, trace: [entry('input', 'page.turned', { rotation, share: directions[(4 - rotation / 90) % 4]! / directions.reduce((a, b) => a + b, 0) })] } : {}),
    };
  } finally {
    pdfium.pdfium.wasmExports.free(scratch);
    pdfium.FPDF_ClosePage(page);
  }
}

/**
 * Share of a page's glyphs that must run one turned way for the page to be read turned: a
 * sideways stamp or label beside upright text stays a minority; a page set sideways has
 * little else (a running head and a page number left upright).
 */
const TURNED_SHARE = 0.75;
/** Fewer glyphs than this say nothing about a page's direction. */
const TURNED_MIN_GLYPHS = 8;

/**
 * The clockwise turn (0, 90, 180 or 270 degrees) that stands the page's text upright, from the
 * count of glyphs running right, down, left and up on the displayed page.
 */
export function readingTurn(directions: readonly [number, number, number, number]): 0 | 90 | 180 | 270 {
  const total = directions[0] + directions[1] + directions[2] + directions[3];
  if (total < TURNED_MIN_GLYPHS) return 0;
  // Text running down stands upright after a quarter turn counter-clockwise (270 clockwise);
  // text running up after a quarter turn clockwise.
  if (directions[1] >= TURNED_SHARE * total) return 270;
  if (directions[2] >= TURNED_SHARE * total) return 180;
  if (directions[3] >= TURNED_SHARE * total) return 90;
  return 0;
}

/** The map from the displayed page to the page turned clockwise by `rotation` degrees, and the turned page's size. */
export function turnedFrame(rotation: 90 | 180 | 270, width: number, height: number): { map: Affine; width: number; height: number } {
  // (x, y) on the displayed page (y down) goes to (height - y, x) after a clockwise quarter turn.
  if (rotation === 90) return { map: [0, 1, -1, 0, height, 0], width: height, height: width };
  if (rotation === 180) return { map: [-1, 0, 0, -1, width, height], width, height };
  return { map: [0, -1, 1, 0, 0, width], width: height, height: width };
}

function extractImages(pdfium: Pdfium, page: number, m: Affine, scratch: number): { images: Box[]; pathObjects: number; formObjects: number } {
  const heap = pdfium.pdfium;
  const boxes: Box[] = [];
  let pathObjects = 0;
  let formObjects = 0;
  const count = pdfium.FPDFPage_CountObjects(page);
  for (let i = 0; i < count; i++) {
    const obj = pdfium.FPDFPage_GetObject(page, i);
    const type = pdfium.FPDFPageObj_GetType(obj);
    if (type === FPDF_PAGEOBJ_PATH) pathObjects++;
    if (type === FPDF_PAGEOBJ_FORM) formObjects++;
    if (type !== FPDF_PAGEOBJ_IMAGE) continue;
    if (!pdfium.FPDFPageObj_GetBounds(obj, scratch, scratch + 4, scratch + 8, scratch + 12)) continue;
    const [l, b, r, t] = [0, 4, 8, 12].map((o) => heap.getValue(scratch + o, 'float'));
    boxes.push(transformBox(m, l!, b!, r!, t!));
  }
  return { images: boxes, pathObjects, formObjects };
}

/** The raw WASM exports used per character: called directly, they skip cwrap's conversions. */
interface RawTextApi {
  FPDFText_GetUnicode(textPage: number, i: number): number;
  FPDFText_IsGenerated(textPage: number, i: number): number;
  FPDFText_GetTextObject(textPage: number, i: number): number;
  FPDFText_HasUnicodeMapError(textPage: number, i: number): number;
  FPDFText_GetCharBox(textPage: number, i: number, left: number, right: number, bottom: number, top: number): number;
  FPDFText_GetCharOrigin(textPage: number, i: number, x: number, y: number): number;
  FPDFText_GetLooseCharBox(textPage: number, i: number, rect: number): number;
  FPDFText_GetFontSize(textPage: number, i: number): number;
  FPDFText_GetCharAngle(textPage: number, i: number): number;
  FPDFText_GetMatrix(textPage: number, i: number, matrix: number): number;
  FPDFTextObj_GetTextRenderMode(obj: number): number;
  FPDFTextObj_GetFont(obj: number): number;
  FPDFPageObj_GetFillColor(obj: number, r: number, g: number, b: number, a: number): number;
}

interface Heaps {
  HEAPF64: Float64Array;
  HEAPF32: Float32Array;
  HEAPU32: Uint32Array;
}

/**
 * A text colour of its own hue (a Word heading's blue, a web page's red kicker), not black or a
 * grey: its channels spread wider than this (of 255). Greys and near-blacks are body colours.
 */
const TINT_SPREAD = 48;

/** Whether the fill colour at `at` (four 32-bit channels R, G, B, A) is tinted. */
function isTinted(heap: Uint32Array, at: number): boolean {
  const [r, g, b] = [heap[at]!, heap[at + 1]!, heap[at + 2]!];
  return Math.max(r, g, b) - Math.min(r, g, b) > TINT_SPREAD;
}

/**
 * The page's glyphs (with positions and fonts) in the frame `m` maps to, how many could not be
 * used, and how many run right, down, left and up in that frame.
 */
function extractChars(pdfium: Pdfium, page: number, m: Affine, scratch: number): { chars: Char[]; unusable: number; directions: [number, number, number, number] } {
  const raw = pdfium.pdfium.wasmExports as unknown as RawTextApi;
  // Read through the module each time: Emscripten replaces the views when memory grows.
  const heaps = pdfium.pdfium as unknown as Heaps;
  const textPage = pdfium.FPDFText_LoadPage(page);
  const chars: Char[] = [];
  let unusable = 0;
  const directions: [number, number, number, number] = [0, 0, 0, 0];
  if (!textPage) return { chars, unusable, directions };
  const fonts = new Map<number, FontInfo>();
  const objects = new Map<number, { invisible: boolean; scale: number } & FontInfo>();
  const f64 = scratch >> 3; // scratch is 8-byte aligned (malloc)
  const f32 = (scratch + 32) >> 2;
  try {
    const count = pdfium.FPDFText_CountChars(textPage);
    for (let i = 0; i < count; i++) {
      const code = raw.FPDFText_GetUnicode(textPage, i);
      const generated = raw.FPDFText_IsGenerated(textPage, i) === 1;
      // TeX's extension font sets its \big and \Big delimiters at codes below 32, without a
      // Unicode mapping: such a code is a glyph, not a control character.
      const lowCode = code < 32 && !generated && raw.FPDFText_HasUnicodeMapError(textPage, i) === 1;
      if ((code === 10 || code === 13) && !lowCode) {
        chars.push(breakOrSpace(10));
        continue;
      }
      const obj = generated ? 0 : raw.FPDFText_GetTextObject(textPage, i);
      let object = obj ? objects.get(obj) : undefined;
      if (obj && !object) {
        const font = raw.FPDFTextObj_GetFont(obj);
        const info = fonts.get(font) ?? fontInfo(pdfium, font, fonts);
        const tinted = raw.FPDFPageObj_GetFillColor(obj, scratch + 48, scratch + 52, scratch + 56, scratch + 60) !== 0 && isTinted(heaps.HEAPU32, (scratch + 48) >> 2);
        object = { invisible: raw.FPDFTextObj_GetTextRenderMode(obj) === TEXT_RENDER_INVISIBLE, scale: verticalScale(raw, heaps, textPage, i, scratch + 64), font: info.font, style: tinted ? (info.tintedStyle ??= { ...info.style, tinted: true }) : info.style };
        objects.set(obj, object);
      }
      if (object?.invisible) {
        if (code > 32) unusable++;
        continue;
      }
      let mapped = code;
      if (code > 32 && (code === 0xfffd || raw.FPDFText_HasUnicodeMapError(textPage, i) === 1)) {
        // Without a Unicode mapping PDFium gives the font's character code: TeX's math fonts
        // have a known encoding (a \sum in CMEX10 is code 0x50).
        const known = fontCodeToUnicode(object?.font, code);
        if (known === undefined) {
          unusable++;
          continue;
        }
        mapped = known;
      } else if (lowCode) mapped = fontCodeToUnicode(object?.font, code) ?? code;
      else if (code === 32 && !generated && raw.FPDFText_HasUnicodeMapError(textPage, i) === 1) {
        // Code 32 of TeX's extension and symbol fonts is a glyph (CMEX's \Bigg( , CMSY's ←), not
        // a space: PDFium finds no Unicode for it.
        mapped = fontCodeToUnicode(object?.font, code) ?? code;
      }
      // Characters outside the BMP (mathematical italic 𝑥) come as two UTF-16 halves.
      const prev = chars[chars.length - 1];
      if (code >= 0xdc00 && code <= 0xdfff && prev && prev.code >= 0xd800 && prev.code <= 0xdbff) {
        prev.code = 0x10000 + ((prev.code - 0xd800) << 10) + (code - 0xdc00);
        continue;
      }
      // PDFium reports a hyphen at the end of a line as code 2.
      const glyph = mapped === 2 ? 0x2d : mapped;
      if (glyph <= 32 || glyph === 0xa0) {
        chars.push(breakOrSpace(32, !generated));
        continue;
      }
      raw.FPDFText_GetCharBox(textPage, i, scratch, scratch + 8, scratch + 16, scratch + 24);
      const { HEAPF64 } = heaps;
      // transformBox's arithmetic, without its array: the box's corners (left, bottom) and (right, top).
      const [m0, m1, m2, m3, m4, m5] = m;
      const left = HEAPF64[f64]!;
      const right = HEAPF64[f64 + 1]!;
      const bottom = HEAPF64[f64 + 2]!;
      const top = HEAPF64[f64 + 3]!;
      const ax = m0 * left + m2 * bottom + m4;
      const ay = m1 * left + m3 * bottom + m5;
      const bx = m0 * right + m2 * top + m4;
      const by = m1 * right + m3 * top + m5;
      const x0 = Math.min(ax, bx);
      const y0 = Math.min(ay, by);
      const x1 = Math.max(ax, bx);
      const y1 = Math.max(ay, by);
      raw.FPDFText_GetCharOrigin(textPage, i, scratch, scratch + 8);
      const base = m1 * HEAPF64[f64]! + m3 * HEAPF64[f64 + 1]! + m5;
      // The size as drawn is the nominal font size (Tf) times the vertical scale of the text
      // matrix and page transform: a browser prints CSS pixels at 0.75, \resizebox shrinks a
      // table, many PDFs set "1 Tf" and scale by the matrix. The loose box (the font's declared
      // ascent to descent) is only a fallback: its height differs from font to font at one size,
      // so two fonts of one line would read as two sizes.
      raw.FPDFText_GetLooseCharBox(textPage, i, scratch + 32);
      const { HEAPF32 } = heaps;
      const looseHeight = Math.abs(HEAPF32[f32 + 1]! - HEAPF32[f32 + 3]!);
      // The loose box's horizontal extent (transformBox's x of its corners (left, bottom) and (right, top)).
      const lx = m0 * HEAPF32[f32]! + m2 * HEAPF32[f32 + 3]! + m4;
      const rx = m0 * HEAPF32[f32 + 2]! + m2 * HEAPF32[f32 + 1]! + m4;
      const fontSize = raw.FPDFText_GetFontSize(textPage, i);
      const scale = object?.scale ?? 1;
      const size = fontSize * scale || looseHeight * LOOSE_TO_NOMINAL || y1 - y0;
      // The writing direction on the displayed page: upright text runs along +x. PDFium measures
      // the angle clockwise, so the direction in user space (y up) is (cos a, -sin a).
      const angle = raw.FPDFText_GetCharAngle(textPage, i);
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      const dx = m0 * cos - m2 * sin;
      const dy = m1 * cos - m3 * sin;
      const rotated = angle >= 0 && (Math.abs(dy) > Math.abs(dx) || dx < 0);
      if (angle >= 0) directions[Math.abs(dx) >= Math.abs(dy) ? (dx >= 0 ? 0 : 2) : dy > 0 ? 1 : 3]++;
      chars.push({ code: glyph, base: rotated ? x0 : base, x0, y0, x1, y1, size, style: object?.style ?? NO_STYLE, rotated, advance: [Math.min(lx, rx), Math.max(lx, rx)], fontSize, font: object?.font, typedSpace: false });
    }
  } finally {
    pdfium.FPDFText_ClosePage(textPage);
  }
  return { chars, unusable, directions };
}

/** A typical font's nominal size over its declared ascent-to-descent height (the loose box), for the fallback. */
const LOOSE_TO_NOMINAL = 0.85;

/** The vertical scale of character `i`'s matrix (text matrix and page transform), 1 when PDFium gives none. */
function verticalScale(raw: RawTextApi, heaps: Heaps, textPage: number, i: number, at: number): number {
  if (!raw.FPDFText_GetMatrix(textPage, i, at)) return 1;
  const f = at >> 2;
  // FS_MATRIX is a, b, c, d, e, f: the glyph's vertical axis is (c, d).
  const scale = Math.hypot(heaps.HEAPF32[f + 2]!, heaps.HEAPF32[f + 3]!);
  return scale > 0 && Number.isFinite(scale) ? scale : 1;
}

const NO_STYLE: GlyphStyle = { bold: false, italic: false, monospace: false, math: false, tinted: false };

/** A line break (10) or a space (32) between glyphs; every Char has the same fields, so that the hot loops stay monomorphic. */
function breakOrSpace(code: 10 | 32, typedSpace = false): Char {
  return { code, base: 0, x0: 0, y0: 0, x1: 0, y1: 0, size: 0, style: NO_STYLE, rotated: false, advance: undefined, fontSize: undefined, font: undefined, typedSpace };
}

/**
 * A bold face by its name: the weight words, URW's "Medi" (NimbusRomNo9L-Medi is Times Bold),
 * Libertine's and Biolinum's "B" (LinLibertineTB, LinBiolinumTBO) and the ".B" suffix of
 * Advent's renamed fonts in journal PDFs (AdvOT3bf1a849.B).
 */
const BOLD_NAME = /bold|black|heavy|semibold|demi|-medi(ital)?$|(^|\+)lin(libertine|biolinum)[a-z]*b[a-z]*$|\.bi?$/;
/**
 * A font named as a face (Helvetica, TimesNewRomanPSMT, AGaramondPro-Regular): a bold face says so
 * in its name, so the name alone decides. The weight PDFium reports is computed from the font
 * descriptor's stem width, which producers often write wrong (Times-Roman comes out at 2140,
 * AGaramondPro-Regular at 768); it is only asked for fonts with no such name (Chromium's unnamed
 * fonts, generic names such as F1 or CMR10).
 */
const NAMED_FACE = /\p{L}{4}/u;

/** TeX's bold and italic text fonts by their short names (CMBX10, SFBX1000, ECTI1000…). */
const TEX_BOLD = /(^|\+)((cm|sf|ec|tc|cmss)bx|cmb|sfb|ecb)[a-z]*\d{1,4}$/;
const TEX_ITALIC = /(^|\+)(cm|sf|ec|tc)(ti|sl|bi|bl|itt)\d{1,4}$/;

/** TeX's math italic, symbol and extension fonts and the common OpenType math fonts. */
const MATH_FONT = /(^|[+_-])(cmmi|cmsy|cmex|cmbsy|cmmib|msam|msbm|eufm|rsfs|stmary|esint|wasy)\d*|math|^symbol$|[+]symbol$|stix|mathjax|katex_(main-italic|math|size|ams)/;

interface FontInfo {
  style: GlyphStyle;
  /** The same style in a tinted colour, made when first needed. */
  tintedStyle?: GlyphStyle;
  /** Base name without the subset prefix (ABCDEF+). */
  font: string;
}

function fontInfo(pdfium: Pdfium, font: number, cache: Map<number, FontInfo>): FontInfo {
  const length = pdfium.FPDFFont_GetBaseFontName(font, 0, 0);
  let name = '';
  if (length > 0 && length < 512) {
    const buffer = pdfium.pdfium.wasmExports.malloc(length);
    pdfium.FPDFFont_GetBaseFontName(font, buffer, length);
    name = new TextDecoder().decode(heapU8(pdfium).subarray(buffer, buffer + length - 1));
    pdfium.pdfium.wasmExports.free(buffer);
  }
  const flags = pdfium.FPDFFont_GetFlags(font);
  const weight = pdfium.FPDFFont_GetWeight(font);
  const lower = name.toLowerCase();
  // The base name without the subset prefix (ABCDEF+).
  const base = name.replace(/^[A-Z]{6}\+/, '');
  const style: GlyphStyle = {
    bold: (flags & FONT_FLAG_FORCE_BOLD) !== 0 || BOLD_NAME.test(lower) || TEX_BOLD.test(lower) || (!NAMED_FACE.test(base) && weight >= 600),
    italic: (flags & FONT_FLAG_ITALIC) !== 0 || /italic|oblique/.test(lower) || TEX_ITALIC.test(lower),
    monospace: (flags & FONT_FLAG_FIXED_PITCH) !== 0 || /mono|courier|consol|menlo|typewriter|cmtt|sfmono|inconsolata/.test(lower),
    // TeX's math fonts of other families by name (kpfonts' Kp--M-…, Euler's EURM, newpx's NewPXMI).
    math: MATH_FONT.test(lower) || isMathFont(base),
    tinted: false,
  };
  // A font without a name (Chromium's Type 3 fonts) is still one font: named by its handle, so
  // that lines in it can be told from lines in another (its bold face has no flag either).
  const info = { style, font: name ? base : `unnamed-${font}` };
  cache.set(font, info);
  return info;
}

/** Spacing accents (as TeX sets them over a letter) and the combining marks they stand for. */
const ACCENTS = new Map<number, number>([
  [0x60, 0x300], [0xb4, 0x301], [0x2c6, 0x302], [0x2dc, 0x303], [0xaf, 0x304], [0x2c9, 0x304],
  [0x2d8, 0x306], [0x2d9, 0x307], [0xa8, 0x308], [0x2da, 0x30a], [0x2dd, 0x30b], [0x2c7, 0x30c], [0xb8, 0x327], [0x2db, 0x328],
]);

/** Width (points) of the page strips letters are filed in for the accent search. */
const ACCENT_STRIP = 8;

/**
 * Puts accents drawn as separate glyphs over (or under) a letter back onto it: "a" with "´"
 * above becomes "á". TeX may emit the accent anywhere in the line, so the letter is found by
 * position: the one under the accent's centre, nearest below it.
 */
export function attachAccents(chars: Char[]): Char[] {
  const markOf = (c: Char) => (c.rotated ? undefined : (ACCENTS.get(c.code) ?? (c.code >= 0x300 && c.code <= 0x36f ? c.code : undefined)));
  if (!chars.some((c) => markOf(c) !== undefined)) return chars;
  // Letters by strips of the page's width, so each accent looks only at the letters under it.
  const letters = new Map<number, Char[]>();
  for (const c of chars) {
    if (c.code <= 32 || c.rotated || !/\p{L}/u.test(String.fromCodePoint(c.code))) continue;
    for (let strip = Math.floor(c.x0 / ACCENT_STRIP); strip <= Math.floor(c.x1 / ACCENT_STRIP); strip++) {
      const list = letters.get(strip) ?? [];
      list.push(c);
      letters.set(strip, list);
    }
  }
  const drop = new Set<Char>();
  for (const accent of chars) {
    const mark = markOf(accent);
    if (mark === undefined) continue;
    const centre = (accent.x0 + accent.x1) / 2;
    const middle = (accent.y0 + accent.y1) / 2;
    const below = mark === 0x327 || mark === 0x328; // cedilla and ogonek hang under the letter
    let best: Char | undefined;
    let bestDistance = Infinity;
    const nearby = [-1, 0, 1].flatMap((d) => letters.get(Math.floor(centre / ACCENT_STRIP) + d) ?? []);
    for (const letter of nearby) {
      if (drop.has(letter)) continue;
      const width = letter.x1 - letter.x0;
      if (centre < letter.x0 - 0.2 * width || centre > letter.x1 + 0.2 * width) continue;
      // Above the letter's top (or below its bottom), not beside it on the line.
      if (below ? middle < letter.y1 : middle > letter.y0 + 0.25 * (letter.y1 - letter.y0)) continue;
      const distance = below ? Math.abs(accent.y0 - letter.y1) : Math.abs(letter.y0 - accent.y1);
      if (distance < 0.6 * letter.size && distance < bestDistance) {
        best = letter;
        bestDistance = distance;
      }
    }
    if (!best) continue;
    const composed = (String.fromCodePoint(best.code) + String.fromCodePoint(mark)).normalize('NFC');
    if ([...composed].length !== 1) continue;
    best.code = composed.codePointAt(0)!;
    drop.add(accent);
  }
  if (!drop.size) return chars;
  // Spaces PDFium put next to a dropped accent go with it when the letters around them touch.
  const out: Char[] = [];
  let prev: Char | undefined;
  chars.forEach((c, i) => {
    if (drop.has(c)) return;
    if (c.code === 32 && (drop.has(chars[i - 1]!) || drop.has(chars[i + 1]!))) {
      const next = chars.slice(i + 1, i + 4).find((n) => n.code !== 32 && !drop.has(n));
      if (prev && next && prev.code !== 10 && next.code !== 10 && Math.abs(next.base - prev.base) < 0.2 * prev.size && Math.abs(next.x0 - prev.x1) < 0.15 * prev.size) return;
    }
    if (c.code !== 32) prev = c;
    out.push(c);
  });
  return out;
}

/**
 * Groups characters (in content order) into visual lines: a line ends at a line break, a jump
 * in vertical position, a step backwards, a horizontal gap wide enough to be a column gutter
 * or a table cell boundary, or a vertical rule (a table's column border) between two glyphs.
 */
export function groupLines(chars: Char[], rules: Box[] = []): TextLine[] {
  const verticals = rules.filter((r) => r[0] === r[2]).sort((a, b) => a[0] - b[0]);
  const lines: TextLine[] = [];
  let current: Char[] = [];
  let pendingSpace = false;
  // The spaces since the last glyph: how many, and whether all are the PDF's own.
  let spaces = 0;
  let typedSpaces = true;

  const flush = () => {
    if (current.length) lines.push(makeLine(untracked(current)));
    current = [];
    pendingSpace = false;
  };

  let pendingBreak = false;
  for (const c of chars) {
    if (c.code === 10) {
      pendingBreak = current.length > 0;
      typedSpaces = false;
      continue;
    }
    if (c.code === 32) {
      if (current.length) pendingSpace = true;
      spaces++;
      typedSpaces &&= c.typedSpace;
      continue;
    }
    // One space of the PDF's own between two words is a word space as far as a justified line
    // stretches it (JUSTIFIED_SPACE); numbers that far apart stay cells (numberColumns: a word
    // processor's table types one space between its numeric cells).
    const oneTypedSpace = spaces === 1 && typedSpaces;
    spaces = 0;
    typedSpaces = true;
    // PDFium starts a new line whenever the text position jumps, also for a superscript or a
    // subscript right after its base: a break is kept only where the geometry agrees.
    if (pendingBreak) {
      const last = current[current.length - 1]!;
      if (!continuesRow(last, c)) flush();
      else if (c.x0 - last.x1 > 0.15 * Math.max(last.size, c.size)) pendingSpace = true;
    }
    pendingBreak = false;
    const last = current[current.length - 1];
    if (last && (last.rotated || c.rotated)) {
      // Vertical runs: one line while the characters stay in the same column, close together.
      const size = Math.max(last.size, c.size, 1);
      const sameColumn = last.rotated && c.rotated && Math.abs((c.x0 + c.x1) / 2 - (last.x0 + last.x1) / 2) < 0.6 * size;
      const near = Math.min(Math.abs(c.y0 - last.y1), Math.abs(last.y0 - c.y1)) < 1.2 * size;
      if (!sameColumn || !near) flush();
      else if (pendingSpace) current.push({ ...c, code: 32 });
    } else if (last) {
      const size = Math.max(last.size, c.size, 1);
      const lastMid = (last.y0 + last.y1) / 2;
      const mid = (c.y0 + c.y1) / 2;
      // Right-to-left scripts advance leftwards: measure the gap between the boxes either way.
      const rtl = isRightToLeft(c.code) || isRightToLeft(last.code);
      const gap = rtl ? Math.max(c.x0 - last.x1, last.x0 - c.x1) : c.x0 - last.x1;
      const sameRow = Math.abs(mid - lastMid) < 0.6 * size || (c.y0 < last.y1 && c.y1 > last.y0 && gap > -0.5 * size);
      // 1.5 em: wider than LaTeX's quad after a section number, narrower than column gutters.
      // Right-to-left steps get more room: in logical order a number inside Arabic or Hebrew
      // text starts at its far (left) end.
      const widest = Math.max(rtl ? 3 : 1.5, oneTypedSpace ? JUSTIFIED_SPACE : 0);
      if (!sameRow || (!rtl && gap < -size) || gap > widest * size || numberColumns(last, c, gap) || ruleBetween(verticals, last, c)) flush();
      // PDFium emits its own spaces at most word gaps. Where it does not (words placed one by
      // one), the advance boxes tell: they touch inside a word, ink boxes need not.
      else if (pendingSpace || gap > 0.5 * Math.min(last.size, c.size) || wordGap(last, c, rtl)) {
        current.push({ ...c, code: 32 });
      }
    }
    pendingSpace = false;
    current.push(c);
  }
  flush();
  return lines;
}

/**
 * The widest a justified line stretches one word space, in ems: a browser's narrow justified
 * column stretches them to 1.5–2. Wider gaps with one space of the PDF's own are cells (a word
 * processor's table header "Others(1)   Total": 2.9 ems; rows written as one string with one
 * space between cells, 2.5 ems and more).
 */
const JUSTIFIED_SPACE = 2;

/**
 * Letter-spaced text (a letterhead or a title in tracked capitals) sets every glyph apart by the
 * same extra space, which the word-gap rule and PDFium both read as word spaces ("H A R B O R").
 * A line is tracked when the median gap between its glyphs' advance boxes is at least
 * TRACKING_MIN ems (normal text: about 0, its advance boxes touch inside words) and at most
 * TRACKING_MAX (above that it is single letters or digits set apart by real spaces, "A B C");
 * its spaces are then where a gap exceeds the tracking by WORD_OVER_TRACKING ems (a word space
 * is some 0.25 em).
 */
const TRACKING_MIN = 0.06;
const TRACKING_MAX = 0.2;
const WORD_OVER_TRACKING = 0.15;
/** Fewer glyphs than this give no reliable median. */
const TRACKING_GLYPHS = 6;

/** A tracked line's glyphs with spaces where its words part; any other line as it is. */
function untracked(line: Char[]): Char[] {
  if (plainlySpaced(line)) return line;
  const glyphs = line.filter((c) => c.code !== 32);
  if (glyphs.length < TRACKING_GLYPHS || glyphs.some((c) => c.rotated || !c.advance)) return line;
  const gaps = glyphs.slice(1).map((c, k) => (c.advance![0] - glyphs[k]!.advance![1]) / Math.max(Math.min(c.size, glyphs[k]!.size), 1));
  // Leader dots are set apart by their own spacing (\dotfill's 0.44 em boxes): not the words' tracking.
  const counted = gaps.filter((_, k) => !isLeaderDot(glyphs[k]!.code) && !isLeaderDot(glyphs[k + 1]!.code));
  if (counted.length < TRACKING_GLYPHS - 1) return line;
  const tracking = counted.sort((a, b) => a - b)[counted.length >> 1]!;
  if (tracking < TRACKING_MIN || tracking > TRACKING_MAX) return line;
  const out: Char[] = [glyphs[0]!];
  glyphs.slice(1).forEach((c, k) => {
    if (gaps[k]! > tracking + WORD_OVER_TRACKING) out.push({ ...c, code: 32 });
    out.push(c);
  });
  return out;
}

/**
 * What `untracked` finds for most lines, without its arrays: a line it leaves as it is because
 * it has a rotated glyph or one without an advance box, fewer than TRACKING_GLYPHS glyphs, or
 * a median gap outside [TRACKING_MIN, TRACKING_MAX] — told by counting the gaps below and above
 * that range (the median of the sorted gaps, at index n >> 1, is below TRACKING_MIN when more
 * than n >> 1 gaps are; above TRACKING_MAX when n - (n >> 1) gaps or more are; gaps next to a
 * leader dot are not counted, as there). A NaN gap
 * leaves the answer to the sort. False: `untracked` decides.
 */
export function plainlySpaced(line: Char[]): boolean {
  let glyphs = 0;
  let n = 0;
  let below = 0;
  let above = 0;
  let prev: Char | undefined;
  for (const c of line) {
    if (c.code === 32) continue;
    if (c.rotated || !c.advance) return true;
    glyphs++;
    if (prev && !isLeaderDot(prev.code) && !isLeaderDot(c.code)) {
      const gap = (c.advance[0] - prev.advance![1]) / Math.max(Math.min(c.size, prev.size), 1);
      if (gap !== gap) return false;
      n++;
      if (gap < TRACKING_MIN) below++;
      else if (gap > TRACKING_MAX) above++;
    }
    prev = c;
  }
  if (glyphs < TRACKING_GLYPHS || n < TRACKING_GLYPHS - 1) return true;
  return below > n >> 1 || above >= n - (n >> 1);
}

/**
 * A word space between two glyphs of a row: their advance boxes are more than 0.1 em apart.
 * Right-to-left text advances leftwards (Arabic and Persian PDFs often place words one by one,
 * without space glyphs, and their joined letters' advances touch inside a word).
 */
function wordGap(last: Char, c: Char, rtl: boolean): boolean {
  if (!last.advance || !c.advance) return false;
  const size = Math.min(last.size, c.size);
  if (rtl) return last.advance[0] - c.advance[1] > 0.1 * size && last.x0 - c.x1 > 0.05 * size;
  return c.advance[0] - last.advance[1] > 0.1 * size && c.x0 - last.x1 > 0.05 * size;
}

/** The next glyph sits right after the last one on the same row (a script, a symbol). */
function continuesRow(last: Char, c: Char): boolean {
  if (last.rotated || c.rotated) return false;
  const gap = c.x0 - last.x1;
  return c.y0 < last.y1 && c.y1 > last.y0 && gap > -0.1 * Math.min(last.size, c.size) && gap < SCRIPT_GAP * Math.max(last.size, c.size);
}

/** A script mark or symbol sits at most this many ems from its text (an LNCS affiliation mark: 0.61). */
const SCRIPT_GAP = 0.8;

/**
 * A gap of over 0.6 em between two numbers: neighbouring cells of a table's numeric columns,
 * set closer than a column gutter. Word spaces measure 0.2–0.3 em between tight glyph boxes
 * (ICDAR 2013 tables: cells 0.7 em apart and more).
 */
function numberColumns(a: Char, b: Char, gap: number): boolean {
  return gap > 0.6 * Math.max(a.size, b.size) && isDigitOrSign(a.code) && isDigitOrSign(b.code);
}

function isDigitOrSign(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || code === 0x25 || code === 0x29 || code === 0x28 || code === 0x2d || code === 0x2212 || code === 0x24;
}

/** Whether a vertical rule runs between two neighbouring glyphs (`verticals` sorted by x). */
function ruleBetween(verticals: Box[], a: Char, b: Char): boolean {
  if (!verticals.length) return false;
  const left = Math.min(a.x1, b.x1) - 0.5;
  const right = Math.max(a.x0, b.x0) + 0.5;
  const mid = (b.y0 + b.y1) / 2;
  // Binary search for the first rule at or right of `left`.
  let lo = 0;
  let hi = verticals.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (verticals[m]![0] < left) lo = m + 1;
    else hi = m;
  }
  for (let i = lo; i < verticals.length && verticals[i]![0] <= right; i++) {
    if (verticals[i]![1] <= mid && verticals[i]![3] >= mid) return true;
  }
  return false;
}

/**
 * Removes lines drawn twice at (almost) the same place, a common way to fake bold or shadow
 * text; readers see one line.
 */
export function dropOverprint(lines: TextLine[]): TextLine[] {
  const kept: TextLine[] = [];
  const byText = new Map<string, TextLine[]>();
  for (const line of lines) {
    const same = byText.get(line.text) ?? [];
    const tolerance = line.fontSize * 0.3;
    if (same.some((o) => Math.abs(o.box[0] - line.box[0]) < tolerance && Math.abs(o.baseline - line.baseline) < tolerance)) continue;
    same.push(line);
    byText.set(line.text, same);
    kept.push(line);
  }
  return kept;
}

/** Arabic lam and the alefs it joins into one ligature glyph (لا لأ لإ لآ). */
const LAM = 0x644;
const ALEFS = new Set([0x627, 0x623, 0x625, 0x622]);

function isRightToLeftLine(chars: Char[]): boolean {
  // Only lines holding a right-to-left glyph need the vote.
  return chars.some((c) => isRightToLeft(c.code)) && isMostlyRightToLeft(chars.map((c) => c.code));
}

/**
 * Logical order of a right-to-left line, whatever order the PDF stored it in (visual or
 * logical): glyphs read from right to left, spaces where words are apart, and runs of
 * left-to-right text inside it (numbers, Latin words) turned back to read left to right.
 */
function rightToLeftText(chars: Char[]): string {
  const glyphs = chars.filter((c) => c.code !== 32).sort((a, b) => b.x0 + b.x1 - (a.x0 + a.x1));
  // The lam-alef ligature, one glyph, comes as two characters on one box, often alef first (the
  // glyph's visual order): in logical order lam comes first ("کالای", not "کاالی").
  for (let i = 1; i < glyphs.length; i++) {
    const [a, b] = [glyphs[i - 1]!, glyphs[i]!];
    if (ALEFS.has(a.code) && b.code === LAM && Math.abs(a.x0 - b.x0) < 0.01 && Math.abs(a.x1 - b.x1) < 0.01) [glyphs[i - 1], glyphs[i]] = [b, a];
  }
  const items: number[] = [];
  glyphs.forEach((g, i) => {
    const prev = glyphs[i - 1];
    if (prev && (prev.x0 - g.x1 > 0.2 * Math.min(prev.size, g.size) || wordGap(prev, g, true))) items.push(32);
    items.push(g.code);
  });
  // Reverse maximal runs of left-to-right characters (and the spaces between them).
  const isLtr = (code: number) => !isRightToLeft(code) && code !== 32;
  const out: number[] = [];
  for (let i = 0; i < items.length; ) {
    if (!isLtr(items[i]!)) {
      out.push(items[i++]!);
      continue;
    }
    let j = i;
    while (j < items.length && (isLtr(items[j]!) || (items[j] === 32 && j + 1 < items.length && isLtr(items[j + 1]!)))) j++;
    out.push(...items.slice(i, j).reverse());
    i = j;
  }
  return String.fromCodePoint(...out);
}

/** Whether every UTF-16 unit of the text is below U+00A0 (no character NFKC changes). */
export function plainBelowNbsp(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0xa0) return false;
  return true;
}

function makeLine(chars: Char[]): TextLine {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const sizes: number[] = [];
  const bases: number[] = [];
  let bold = 0;
  let italic = 0;
  let mono = 0;
  let rotated = 0;
  let glyphs = 0;
  const codes: number[] = [];
  for (const c of chars) {
    codes.push(c.code);
    if (c.code === 32) continue;
    glyphs++;
    x0 = Math.min(x0, c.x0);
    y0 = Math.min(y0, c.y0);
    x1 = Math.max(x1, c.x1);
    y1 = Math.max(y1, c.y1);
    sizes.push(c.size);
    bases.push(c.base);
    if (c.style.bold) bold++;
    if (c.style.italic) italic++;
    if (c.style.monospace) mono++;
    if (c.rotated) rotated++;
  }
  const raw = isRightToLeftLine(chars) ? rightToLeftText(chars) : String.fromCodePoint(...codes);
  // Text below U+00A0 (ASCII and the C1 controls) is its own NFKC form.
  const text = (plainBelowNbsp(raw) ? raw : raw.normalize('NFKC')).replace(/\s+/g, ' ').trim();
  return {
    text,
    glyphs: chars.filter((c) => c.code !== 32),
    box: [x0, y0, x1, y1],
    baseline: middleOf(bases) ?? y1,
    fontSize: middleOf(sizes) ?? y1 - y0,
    bold: bold > glyphs / 2,
    italic: italic > glyphs / 2,
    monospace: mono > glyphs / 2,
    ...(rotated > glyphs / 2 ? { rotated: true } : {}),
  };
}
