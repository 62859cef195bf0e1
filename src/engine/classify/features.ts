// The features of a paragraph the learned classifier reads: its type size and weight relative to
// the body, where it stands on the page, the space around it relative to the body size, its
// alignment among its neighbours, how it opens (a number, a bullet, a caption's "Figure 3"), how
// long it is, whether its text repeats on other pages, and what its neighbours are like. All are
// relative to the page (body size, page size), and all exist for text layers and OCR alike
// (OCR has no fonts: `ocr` says so, bold comes from ink density, sizes from box heights).
// bench/train extracts them from the generated corpus with these same functions.
import type { Paragraph } from '../model/analysis.js';
import type { Box, Glyph, Page, TextLine } from '../model/document.js';
import { unionOf } from '../model/geometry.js';
import { median } from '../model/numbers.js';
import { BULLET, DOT_LEADERS, ENUMERATOR, FIGURE_CAPTION, isSentenceReference, joinLines, LOWER_START, TABLE_CAPTION } from '../model/text.js';
import { mainFont, SAME_ROW } from '../model/typography.js';

/** What the classifier knows of the whole document: how often a line's text recurs across pages. */
export interface DocumentFacts {
  pageCount: number;
  /** Per signature (digits folded): the pages on which a line with it is printed. */
  pagesWith: Map<string, number>;
}

/** A line's text with digits folded and case ignored: "Page 3" and "Page 4" compare equal. */
export function signature(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

export function documentFacts(pages: readonly Page[]): DocumentFacts {
  const pagesWith = new Map<string, number>();
  for (const page of pages) for (const s of new Set(page.lines.map((l) => signature(l.text)))) pagesWith.set(s, (pagesWith.get(s) ?? 0) + 1);
  return { pageCount: pages.length, pagesWith };
}

/** A float the detectors found on the page. */
export interface Float {
  box: Box;
  table: boolean;
}

/** One page's paragraphs in reading order, and what the features are measured against. */
export interface PageContext {
  page: Page;
  paragraphs: readonly Paragraph[];
  flow: readonly TextLine[];
  bodySize: number;
  doc: DocumentFacts;
  floats?: readonly Float[];
}

/** A numbered heading's number: "2.1", "2.1.", "IV.", "A." before a capital. */
const SECTION_NUMBER = /^(\d{1,2}(\.\d{1,2}){0,4}\.?|[IVX]{1,5}\.|[A-H]\.)\s+\p{Lu}/u;
const OTHER_CAPTION = /^(listing|algorithm|scheme|box|exhibit|plate|chart|diagram)\s*[\dIVX]+/i;
const FOOTNOTE_MARK = /^([*†‡§¶]|\d{1,3}\s|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)/;
const PAGE_NUMBER = /^(page\s*)?[-–—]?\s*(\d{1,4}|[ivxlc]{1,6})\s*[-–—]?(\s*(of|\/)\s*\d{1,4})?$/i;
const REFERENCE_ENTRY = /^(\[\d{1,3}\]|\d{1,3}\.\s+\p{Lu}[\p{L}'-]+,\s)/u;
/** Document-control lines: revisions, versions, document and part numbers, dates, stamps. */
const CONTROL = /\b(rev(ision)?\.?\s*[\d.A-Z]|version\s*\d|v\d+\.\d|doc(ument)?\.?\s*(no|id|number|#)|part\s*(no|number|#)|ref(erence)?\.?\s*(no|#)|confidential|draft|proprietary|internal use|page\s+\d+\s+of\s+\d+|printed|issued?|effective|©|copyright)\b/i;
const DATE = /\b(\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2}|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4})\b/i;
const URL_OR_MAIL = /(https?:\/\/|www\.|\S+@\S+\.\w+)/i;
/** Set in capitals: at least this many letters, none of them lower case. */
const ALL_CAPS_LETTERS = 4;

/** A line's last number stands this many ems or more right of the glyph before it: a tab to a page number. */
const TAB_GAP = 1.2;

/** The line ends in a page number set apart by a tab, as a table of contents entry does ("1 Scope      3"). */
function endsInTabbedNumber(line: TextLine): boolean {
  const glyphs = line.glyphs?.filter((g) => g.code > 32);
  if (!glyphs || glyphs.length < 2) return false;
  let k = glyphs.length;
  while (k > 0 && /[0-9ivxlcdmIVXLCDM]/.test(String.fromCodePoint(glyphs[k - 1]!.code))) k--;
  if (k === glyphs.length || k === 0 || glyphs.length - k > 4) return false;
  return glyphs[k]!.x0 - glyphs[k - 1]!.x1 > TAB_GAP * line.fontSize;
}

/** A feature the page cannot measure (a font or a colour on an OCR line): apart from every measured value. */
const UNKNOWN = -1;

/** No neighbour in that direction: a gap this large (in body ems) stands for "none". */
const NO_NEIGHBOUR = 50;

export const FEATURE_NAMES = [
  'lines',
  'chars',
  'words',
  'sizeOverBody',
  'minSizeOverBody',
  'boldShare',
  'italicShare',
  'monoShare',
  'firstBoldShare',
  'allCaps',
  'digitShare',
  'endsPeriod',
  'endsColon',
  'startsLower',
  'sentences',
  'bullet',
  'enumerator',
  'sectionNumber',
  'numberDepth',
  'captionPattern',
  'footnoteMark',
  'pageNumberText',
  'referenceEntry',
  'controlText',
  'dateText',
  'urlText',
  'top',
  'bottom',
  'left',
  'right',
  'widthShare',
  'widthOverColumn',
  'centreOffset',
  'centredInColumn',
  'gapAbove',
  'gapBelow',
  'pitch',
  'lastLineFill',
  'indentVsNext',
  'indentVsPrev',
  'prevSize',
  'nextSize',
  'prevBold',
  'nextBold',
  'prevListStart',
  'nextListStart',
  'nextLines',
  'sameRow',
  'numberBeside',
  'dotLeaders',
  'repeatShare',
  'repeatPages',
  'firstPage',
  'paragraphsOnPage',
  'indexOnPage',
  'ocr',
  'inReferences',
  'tintShare',
  'underlined',
  'endsComma',
  'otherFontShare',
  'floatGapAbove',
  'floatGapBelow',
  'nearFloat',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

function boxOf(p: Paragraph): Box {
  return p.equation?.box ?? unionOf(p.lines);
}

function share(lines: readonly TextLine[], test: (l: TextLine) => boolean): number {
  const total = lines.reduce((n, l) => n + l.text.length, 0);
  return total ? lines.reduce((n, l) => n + (test(l) ? l.text.length : 0), 0) / total : 0;
}

/** The share of a line's letters set in bold (glyph styles where the text layer has them). */
function boldLetters(line: TextLine): number {
  const glyphs = line.glyphs?.filter((g) => g.code > 32);
  if (!glyphs?.length) return line.bold ? 1 : 0;
  return glyphs.filter((g) => g.style.bold).length / glyphs.length;
}

/** The share of the lines' glyphs (not spaces) that pass `test`; 0 without glyphs. */
function glyphShare(lines: readonly TextLine[], test: (g: Glyph) => boolean): number {
  let all = 0;
  let passed = 0;
  for (const l of lines) for (const g of l.glyphs ?? []) if (g.code > 32) {
    all++;
    if (test(g)) passed++;
  }
  return all ? passed / all : 0;
}

/** The font most of a page's glyphs are set in (its body font), once per page's flow. */
const bodyFonts = new WeakMap<readonly TextLine[], string | undefined>();

function bodyFontOf(flow: readonly TextLine[]): string | undefined {
  if (!bodyFonts.has(flow)) bodyFonts.set(flow, mainFont(flow));
  return bodyFonts.get(flow);
}

/**
 * The share of a paragraph's letters set in another font than the page's body font: a heading's
 * face where fonts carry no style flags or names (Chromium's Type 3 fonts: bold is a font of its
 * own, unnamed), or a family of its own. Lines that come without their glyphs count their bold,
 * italic or monospaced lines instead (faces other than a body's regular).
 */
function otherFontShare(lines: readonly TextLine[], flow: readonly TextLine[]): number {
  if (!lines.some((l) => l.glyphs?.length)) return share(lines, (l) => l.bold || l.italic || l.monospace);
  const body = bodyFontOf(flow);
  return body === undefined ? 0 : glyphShare(lines, (g) => g.font !== body);
}

/** An underline sits at most this many ems below the baseline, and spans at least this share of the line (not a separator rule: at most UNDERLINE_OVERHANG times its width). */
const UNDERLINE_DEPTH = 0.4;
const UNDERLINE_COVER = 0.8;
const UNDERLINE_OVERHANG = 1.3;

/** A horizontal rule (or a hairline fill) drawn just under the line's baseline, about as wide as its text. */
function underlined(page: Page, line: TextLine): boolean {
  const width = line.box[2] - line.box[0];
  if (width <= 0) return false;
  const under = (b: Box) => {
    const y = (b[1] + b[3]) / 2;
    const w = b[2] - b[0];
    const covered = Math.min(b[2], line.box[2]) - Math.max(b[0], line.box[0]);
    return b[3] - b[1] < 0.15 * line.fontSize && y >= line.baseline - 0.05 * line.fontSize && y <= line.baseline + UNDERLINE_DEPTH * line.fontSize && covered >= UNDERLINE_COVER * width && w <= UNDERLINE_OVERHANG * width;
  };
  return (page.rules ?? []).some((r) => r[1] === r[3] && under(r)) || (page.fills ?? []).some(under);
}

/** The width of a full line of the page's text: the widest lines of real length. */
function columnWidth(flow: readonly TextLine[], fallback: number): number {
  return fullLineWidth(flow) ?? fallback;
}

/** The width of a full line of the flow, undefined without lines of real length; once per page's flow (every paragraph asks). */
const fullLineWidths = new WeakMap<readonly TextLine[], number | undefined>();

function fullLineWidth(flow: readonly TextLine[]): number | undefined {
  if (fullLineWidths.has(flow)) return fullLineWidths.get(flow);
  const widths = flow.filter((l) => l.text.length >= 30).map((l) => l.box[2] - l.box[0]).sort((a, b) => a - b);
  const width = widths.length ? widths[Math.floor(widths.length * 0.9)]! : undefined;
  fullLineWidths.set(flow, width);
  return width;
}

/** What `nearFloat` says of the nearest float above or below: none within reach, a figure (chart, image), a table. */
const NEAR_NONE = 0;
const NEAR_FIGURE = 1;
const NEAR_TABLE = 2;
/** A float this many body ems away or closer is near the paragraph (a caption's or a note's distance). */
const FLOAT_NEAR = 4;

/** The gaps (in body ems) to the nearest floats above and below the box that share its width, and what the nearer one is. */
function floatsAround(box: Box, floats: readonly Float[], body: number): { above: number; below: number; near: number } {
  let above = NO_NEIGHBOUR;
  let below = NO_NEIGHBOUR;
  let nearest: { gap: number; table: boolean } | undefined;
  for (const f of floats) {
    if (f.box[0] >= box[2] || f.box[2] <= box[0]) continue;
    const up = (box[1] - f.box[3]) / body;
    const down = (f.box[1] - box[3]) / body;
    // A paragraph inside a float's box (a label the detector left) is at gap 0 on both sides.
    const gap = Math.max(up, down, 0);
    if (up >= -1 && up < above && f.box[1] < box[1]) above = Math.max(up, 0);
    if (down >= -1 && down < below && f.box[3] > box[3]) below = Math.max(down, 0);
    if (gap <= FLOAT_NEAR && (!nearest || gap < nearest.gap)) nearest = { gap, table: f.table };
  }
  return { above, below, near: nearest ? (nearest.table ? NEAR_TABLE : NEAR_FIGURE) : NEAR_NONE };
}

/** The features of paragraph `i` of the page, in FEATURE_NAMES order. */
export function paragraphFeatures(ctx: PageContext, i: number, inReferences: boolean): number[] {
  const { page, paragraphs, flow, doc } = ctx;
  const p = paragraphs[i]!;
  const body = ctx.bodySize > 0 ? ctx.bodySize : median(flow.map((l) => l.fontSize)) || 10;
  const text = joinLines(p.lines.map((l) => l.text));
  const words = text.split(/\s+/).filter(Boolean);
  const letters = text.replace(/[^\p{L}]/gu, '');
  const box = boxOf(p);
  const sizes = p.lines.map((l) => l.fontSize);
  const first = p.lines[0]!;
  const prev = paragraphs[i - 1];
  const next = paragraphs[i + 1];
  const prevBox = prev && boxOf(prev);
  const nextBox = next && boxOf(next);
  const gapAbove = prevBox && prevBox[3] <= box[1] + body ? (box[1] - prevBox[3]) / body : NO_NEIGHBOUR;
  const gapBelow = nextBox && nextBox[1] >= box[3] - body ? (nextBox[1] - box[3]) / body : NO_NEIGHBOUR;
  const column = columnWidth(flow, page.width);
  const width = box[2] - box[0];
  // Centred in the column: as far from the left edge of the neighbourhood as from its right.
  const near = [prevBox, nextBox].filter((b): b is Box => b !== undefined);
  const colLeft = near.length ? Math.min(...near.map((b) => b[0]), box[0]) : box[0];
  const colRight = near.length ? Math.max(...near.map((b) => b[2]), box[2]) : box[2];
  const centred = Math.abs(box[0] - colLeft - (colRight - box[2])) / body;
  const pitches = p.lines.slice(1).map((l, k) => l.baseline - p.lines[k]!.baseline);
  const widest = Math.max(...p.lines.map((l) => l.box[2] - l.box[0]), 1);
  const last = p.lines[p.lines.length - 1]!;
  const own = new Set(p.lines);
  // Lines on the paragraph's first row, counted within the span of the neighbours just above and
  // below it only (a neighbour in reading order from the other column is not one): a heading
  // beside the other column's text is not a cell of a table row.
  const stacked = [gapAbove < NO_NEIGHBOUR ? prevBox : undefined, gapBelow < NO_NEIGHBOUR ? nextBox : undefined].filter((b): b is Box => b !== undefined);
  const rowLeft = Math.min(box[0], ...stacked.map((b) => b[0]));
  const rowRight = Math.max(box[2], ...stacked.map((b) => b[2]));
  const sameRow = flow.filter((l) => Math.abs(l.baseline - first.baseline) < SAME_ROW * first.fontSize && l.box[0] < rowRight && l.box[2] > rowLeft && !own.has(l)).length;
  const repeat = Math.max(...p.lines.map((l) => doc.pagesWith.get(signature(l.text)) ?? 1));
  const listStart = (q: Paragraph | undefined) => (q ? Number(BULLET.test(q.lines[0]!.text) || ENUMERATOR.test(q.lines[0]!.text)) : 0);
  const number = /^(\d{1,2}(\.\d{1,2})*)/.exec(text);
  // OCR lines have no glyphs: their colours and fonts are unknown, not "none".
  const ocr = page.source === 'ocr';
  const around = floatsAround(box, ctx.floats ?? [], body);
  const values: Record<FeatureName, number> = {
    lines: p.lines.length,
    chars: text.length,
    words: words.length,
    sizeOverBody: Math.max(...sizes) / body,
    minSizeOverBody: Math.min(...sizes) / body,
    boldShare: share(p.lines, (l) => l.bold),
    italicShare: share(p.lines, (l) => l.italic),
    monoShare: share(p.lines, (l) => l.monospace),
    firstBoldShare: boldLetters(first),
    allCaps: Number(letters.length >= ALL_CAPS_LETTERS && letters === letters.toUpperCase()),
    digitShare: text.length ? text.replace(/\D/g, '').length / text.length : 0,
    endsPeriod: Number(/[.!?]["')\]]?$/.test(text)),
    endsColon: Number(/:$/.test(text)),
    startsLower: Number(LOWER_START.test(text)),
    sentences: (text.match(/[.!?]\s+\p{Lu}/gu) ?? []).length,
    bullet: Number(BULLET.test(first.text)),
    enumerator: Number(ENUMERATOR.test(first.text)),
    sectionNumber: Number(SECTION_NUMBER.test(text)),
    numberDepth: number ? number[1]!.split('.').length : 0,
    captionPattern: Number((FIGURE_CAPTION.test(text) || TABLE_CAPTION.test(text) || OTHER_CAPTION.test(text)) && !isSentenceReference(text)),
    footnoteMark: Number(FOOTNOTE_MARK.test(text)),
    pageNumberText: Number(PAGE_NUMBER.test(text.trim())),
    referenceEntry: Number(REFERENCE_ENTRY.test(text)),
    controlText: Number(CONTROL.test(text)),
    dateText: Number(DATE.test(text)),
    urlText: Number(URL_OR_MAIL.test(text)),
    top: box[1] / page.height,
    bottom: box[3] / page.height,
    left: box[0] / page.width,
    right: box[2] / page.width,
    widthShare: width / page.width,
    widthOverColumn: width / column,
    centreOffset: Math.abs((box[0] + box[2]) / 2 - page.width / 2) / page.width,
    centredInColumn: centred,
    gapAbove,
    gapBelow,
    pitch: pitches.length ? median(pitches) / body : 0,
    lastLineFill: (last.box[2] - last.box[0]) / widest,
    indentVsNext: nextBox ? (box[0] - nextBox[0]) / body : 0,
    indentVsPrev: prevBox ? (box[0] - prevBox[0]) / body : 0,
    prevSize: prev ? Math.max(...prev.lines.map((l) => l.fontSize)) / body : 0,
    nextSize: next ? Math.max(...next.lines.map((l) => l.fontSize)) / body : 0,
    prevBold: prev ? share(prev.lines, (l) => l.bold) : 0,
    nextBold: next ? share(next.lines, (l) => l.bold) : 0,
    prevListStart: listStart(prev),
    nextListStart: listStart(next),
    nextLines: next ? next.lines.length : 0,
    sameRow,
    numberBeside: Number(
      endsInTabbedNumber(first) || flow.some((l) => Math.abs(l.baseline - first.baseline) < SAME_ROW * first.fontSize && l.box[0] > first.box[2] && !own.has(l) && PAGE_NUMBER.test(l.text.replace(/^[.·\s]+/, ''))),
    ),
    dotLeaders: Number(DOT_LEADERS.test(text)),
    repeatShare: repeat / Math.max(doc.pageCount, 1),
    repeatPages: repeat,
    firstPage: Number(page.index === 0),
    paragraphsOnPage: paragraphs.length,
    indexOnPage: paragraphs.length > 1 ? i / (paragraphs.length - 1) : 0,
    ocr: Number(ocr),
    inReferences: Number(inReferences),
    tintShare: ocr ? UNKNOWN : glyphShare(p.lines, (g) => g.style.tinted === true),
    underlined: Number(underlined(page, first)),
    endsComma: Number(/,$/.test(text)),
    otherFontShare: ocr ? UNKNOWN : otherFontShare(p.lines, flow),
    floatGapAbove: around.above,
    floatGapBelow: around.below,
    nearFloat: around.near,
  };
  return FEATURE_NAMES.map((n) => values[n]);
}
