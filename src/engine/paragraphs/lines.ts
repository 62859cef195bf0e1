// Repairs to the text flow before it is read as paragraphs: pieces the text layer set apart
// that belong to the line beside them.
import type { Box, Glyph, TextLine } from '../model/document.js';
import { FIGURE_CAPTION, LONE_BULLET, TABLE_CAPTION, underContentsHeading } from '../model/text.js';
import { isMostlyRightToLeftText } from '../model/script.js';
import { lean, strokeWidth } from '../model/typography.js';

/** A lone bullet's text starts within this many ems right of it (a tab stop). */
const BULLET_TAB = 5;
/** …on the same baseline, within this many ems. */
const BULLET_BASELINE = 0.6;
/** A drop cap is at least this many times the body size. */
const DROP_CAP_SIZE = 1.8;
/** The first line beside a drop cap starts within this many body ems right of it, and its top within one. */
const DROP_CAP_GAP = 2;

/** `line` with a piece set apart before it (a bullet, a number) put back in front of it: `text` first, boxes joined. */
function withPieceInFront(text: string, box: Box, line: TextLine, pieceGlyphs?: readonly Glyph[]): TextLine {
  const joined: TextLine = { ...line, text: `${text} ${line.text}`, box: [box[0], Math.min(box[1], line.box[1]), line.box[2], Math.max(box[3], line.box[3])] };
  // The piece's letters keep their glyphs, or get glyphs of their own across its box (a drawn
  // bullet): stages that map the text's letters to glyphs one to one (inline math, cells,
  // run-in headings) stay aligned.
  const first = line.glyphs?.[0];
  if (!first) return joined;
  const letters = [...text].filter((ch) => ch.trim());
  if (pieceGlyphs?.length === letters.length) return { ...joined, glyphs: [...pieceGlyphs, ...line.glyphs!] };
  const step = (box[2] - box[0]) / Math.max(letters.length, 1);
  const front = letters.map((ch, k): Glyph => ({ code: ch.codePointAt(0)!, x0: box[0] + k * step, x1: box[0] + (k + 1) * step, y0: box[1], y1: box[3], base: first.base, size: first.size, style: { ...first.style, math: false }, ...(first.font ? { font: first.font } : {}) }));
  return { ...joined, glyphs: [...front, ...line.glyphs!] };
}

/** Whether a vertical rule runs between `left` and `right` at `right`'s height: they are cells of a ruled table. */
function ruledApart(rules: readonly Box[], left: TextLine, right: TextLine): boolean {
  return rules.some((r) => r[0] === r[2] && r[0] >= left.box[2] && r[0] <= right.box[0] && r[1] <= right.baseline && r[3] >= right.box[1]);
}

/**
 * A bullet glyph extracted as a line of its own (a tab stop after it made a wide gap) is put
 * back in front of the text on its right, so the item is recognised as a list item. Not across a
 * vertical rule, and not onto another lone mark: a row of ruled cells holding "*" (data not
 * available) is no list item.
 */
export function attachLoneBullets(lines: readonly TextLine[], rules: readonly Box[] = []): TextLine[] {
  const out = [...lines];
  for (let i = out.length - 1; i >= 0; i--) {
    const bullet = out[i]!;
    if (!LONE_BULLET.test(bullet.text)) continue;
    const size = Math.max(bullet.fontSize, 1);
    const at = out.findIndex(
      (l) =>
        l !== bullet &&
        Math.abs(l.baseline - bullet.baseline) < size * BULLET_BASELINE &&
        l.box[0] > bullet.box[0] &&
        l.box[0] - bullet.box[2] < size * BULLET_TAB &&
        !LONE_BULLET.test(l.text) &&
        !ruledApart(rules, bullet, l) &&
        // Right-to-left text has its bullet on its right: a dash on its left is its own.
        !isMostlyRightToLeftText([l.text]),
    );
    if (at < 0) continue;
    out[at] = withPieceInFront(bullet.text, bullet.box, out[at]!, bullet.glyphs);
    out.splice(i, 1);
  }
  return out;
}

/** A heading's or entry's number alone: "4", "2.1", "3.2.1.", "IV.", "B.". */
const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|[IVX]{1,5}\.|[A-Z]\.)$/u;
/** OCR reads a number and its title as two lines when the gap between them is this many ems or less (TeX sets a quad or two). */
const SECTION_NUMBER_GAP = 4;

/**
 * A page read by OCR: a section number the detector cut off its title (the gap after it is
 * wider than a word space) is put back in front of it, so "1.1" and "Tail latency" read as the
 * heading "1.1 Tail latency". Only where the number opens its row and the title closes it, with
 * no vertical rule between them: a row with more pieces, or ruled apart, is a table's. On a page
 * of two columns (`pageWidth` given) the other column's text may share the row: it is no piece of it.
 */
export function attachLoneSectionNumbers(lines: readonly TextLine[], rules: readonly Box[] = [], pageWidth?: number): TextLine[] {
  const out = [...lines];
  for (let i = out.length - 1; i >= 0; i--) {
    const number = out[i]!;
    if (!SECTION_NUMBER.test(number.text.trim())) continue;
    const size = Math.max(number.fontSize, 1);
    const onRow = out.filter((l) => l !== number && Math.abs(l.baseline - number.baseline) < size * BULLET_BASELINE);
    const row = pageWidth ? onRow.filter((l) => !isOtherColumnsLine(l, number, out, pageWidth)) : onRow;
    const right = row.filter((l) => l.box[0] >= number.box[2]);
    if (right.length !== 1 || row.length !== 1) continue;
    const title = right[0]!;
    if (title.box[0] - number.box[2] > size * SECTION_NUMBER_GAP || !/^\p{Lu}/u.test(title.text) || ruledApart(rules, number, title)) continue;
    out[out.indexOf(title)] = withPieceInFront(number.text.trim(), number.box, title, number.glyphs);
    out.splice(i, 1);
  }
  return out;
}

/** A line of a page column's text is at least this share of the page wide (a two-column page's column is about 0.4)… */
const OTHER_COLUMN_LINE = 0.25;
/** …and the other column's text is looked for within this many ems above and below the row. */
const OTHER_COLUMN_REACH = 3;

/**
 * A line of the other page column: wholly in the other half of the page from `from`, with a
 * line as wide as a column's text (itself, or one just above or below it) in that half. A
 * table's cells there are narrow, and a table's caption or a paragraph above it crosses the middle.
 */
function isOtherColumnsLine(l: TextLine, from: TextLine, lines: readonly TextLine[], pageWidth: number): boolean {
  const middle = pageWidth / 2;
  const inHalf = (x: TextLine) => (from.box[2] <= middle ? x.box[0] >= middle : from.box[0] >= middle && x.box[2] <= middle);
  if (!inHalf(l)) return false;
  const reach = OTHER_COLUMN_REACH * Math.max(from.fontSize, 1);
  return lines.some((x) => inHalf(x) && x.box[2] - x.box[0] >= OTHER_COLUMN_LINE * pageWidth && x.box[1] < l.box[3] + reach && x.box[3] > l.box[1] - reach);
}

/** A drawn bullet is this many ems across at most (a browser's disc is about 0.35 em)… */
const VECTOR_BULLET_MAX = 0.7;
/** …and this many at least (smaller marks are dots of a rule or of a drawing). */
const VECTOR_BULLET_MIN = 0.15;
/** Its sides differ by this ratio at most: a dot or a square, not a dash or a bar. */
const VECTOR_BULLET_ASPECT = 1.6;
/** Its item's text starts within this many ems right of it. */
const VECTOR_BULLET_GAP = 2.5;
/** Lines set smaller than this share of the body size (chart labels beside legend swatches) take no drawn bullet. */
const VECTOR_BULLET_TEXT_SIZE = 0.8;

/**
 * A bullet drawn as a shape rather than set as a glyph (browsers paint list markers as small
 * filled or outlined discs and squares, so a web page printed to PDF has no bullet in its text
 * layer) is put in front of the line it marks, as the glyph "•": a small, square-ish drawing,
 * its middle between the line's top and baseline, the line's text starting just right of it.
 * The shapes taken are added to `taken`, when given.
 */
export function attachVectorBullets(lines: readonly TextLine[], graphics: readonly Box[], bodySize: number, taken?: Set<Box>): TextLine[] {
  if (!graphics.length) return [...lines];
  const out = [...lines];
  const largest = Math.max(...lines.map((l) => l.fontSize));
  for (const g of graphics) {
    const w = g[2] - g[0];
    const h = g[3] - g[1];
    if (w <= 0 || h <= 0 || Math.max(w, h) > VECTOR_BULLET_MAX * largest || Math.max(w, h) > VECTOR_BULLET_ASPECT * Math.min(w, h)) continue;
    const cy = (g[1] + g[3]) / 2;
    const at = out.findIndex((l) => {
      const size = Math.max(l.fontSize, 1);
      if (size < VECTOR_BULLET_TEXT_SIZE * bodySize || l.rotated) return false;
      if (Math.max(w, h) > VECTOR_BULLET_MAX * size || Math.min(w, h) < VECTOR_BULLET_MIN * size) return false;
      return cy >= l.box[1] && cy <= l.baseline && g[2] <= l.box[0] && l.box[0] - g[2] < VECTOR_BULLET_GAP * size;
    });
    if (at < 0) continue;
    const target = out[at]!;
    // Something else between the shape and the line (another line's text) means it marks no item.
    if (out.some((l) => l !== target && l.box[2] > g[2] && l.box[0] < target.box[0] && l.box[1] < cy && l.box[3] > cy)) continue;
    if (LONE_BULLET.test(target.text[0] ?? '')) continue;
    out[at] = withPieceInFront('•', g, target);
    taken?.add(g);
  }
  return out;
}

/** A table of contents' page number: arabic or roman, nothing else (no amounts, no decimals). */
const TOC_NUMBER = /^(\d{1,4}|[ivxlcdm]{1,7}|[IVXLCDM]{1,7})$/;
/** An entry ending in dot leaders: ". . . ." or "....", "…", "· · ·". */
const LEADERS_END = /((\.\s?){3,}|…+|(·\s?){3,})\s*$/;
/** An entry and its page number share a baseline within this many ems. */
const TOC_BASELINE = 0.5;
/** The page numbers of one table of contents end at the same x within this many ems. */
const TOC_ALIGN = 0.5;
/** Without leaders, a page number stands a tab (this many ems at least) right of its entry… */
const TOC_TAB = 2;
/** …in a column of at least this many numbers that never go down (any number under a "Contents" heading: a short paper's two sections). */
const TOC_MIN_ROWS = 3;
/** What an amount column looks like: an entry this shape is a table's number, not a heading. */
const AMOUNT = /^[\d\s.,%()$€£+-]+$/;

/**
 * A table of contents' page number set apart from its entry (the tab to the right margin made
 * a wide gap) is put back at the end of the entry: "1.1 Scope . . . . 2" reads as one line. A
 * number joins when its entry ends in dot leaders, when it ends at the same x as such a number
 * (a chapter entry without leaders), or when it is one of a column of three or more page
 * numbers a tab away from their entries that never go down; never when an amount stands beside it, so a
 * table's rows of amounts keep their cells (the other column's text may: two-column pages), nor
 * across a vertical rule (`rules`: the page's rules; a ruled table's column of counts).
 */
export function attachTocNumbers(lines: readonly TextLine[], rules: readonly Box[] = []): TextLine[] {
  const onRow = (a: TextLine, b: TextLine) => Math.abs(a.baseline - b.baseline) < TOC_BASELINE * Math.max(a.fontSize, b.fontSize, 1);
  const pairs = lines
    .filter((n) => TOC_NUMBER.test(n.text.trim()) && !n.rotated)
    .flatMap((n) => {
      const row = lines.filter((l) => l !== n && onRow(l, n));
      const entry = row.filter((l) => l.box[2] <= n.box[0]).sort((a, b) => b.box[2] - a.box[2])[0];
      const right = row.filter((l) => l.box[0] >= n.box[2]).sort((a, b) => a.box[0] - b.box[0])[0];
      if (!entry || entry.equation || AMOUNT.test(entry.text.trim()) || (right && AMOUNT.test(right.text.trim())) || ruledApart(rules, entry, n)) return [];
      return [{ n, entry, leaders: LEADERS_END.test(entry.text) }];
    });
  const ends = pairs.filter((p) => p.leaders).map((p) => p.n.box[2]);
  const aligned = (a: (typeof pairs)[number], b: (typeof pairs)[number]) => Math.abs(a.n.box[2] - b.n.box[2]) < TOC_ALIGN * Math.max(a.n.fontSize, 1);
  // Without leaders (a report's chapter list): a column of page numbers at one right edge, a tab
  // away from their entries, running up down the page.
  const tabbed = pairs.filter((p) => p.n.box[0] - p.entry.box[2] > TOC_TAB * Math.max(p.n.fontSize, 1) && /^\d+$/.test(p.n.text.trim()));
  const column = (p: (typeof pairs)[number]) => {
    const run = tabbed.filter((q) => aligned(p, q)).sort((a, b) => a.n.box[1] - b.n.box[1]);
    const pages = run.map((q) => Number(q.n.text.trim()));
    return (run.length >= TOC_MIN_ROWS || underContentsHeading(run[0]!.entry.box, lines)) && pages.every((v, i) => i === 0 || v >= pages[i - 1]!);
  };
  const joined = pairs.filter((p) => p.leaders || ends.some((x) => Math.abs(x - p.n.box[2]) < TOC_ALIGN * Math.max(p.n.fontSize, 1)) || (tabbed.includes(p) && column(p)));
  if (!joined.length) return [...lines];
  const numberOf = new Map(joined.map((p) => [p.entry, p.n]));
  const taken = new Set(joined.map((p) => p.n));
  return lines
    .filter((l) => !taken.has(l))
    .map((l) => {
      const n = numberOf.get(l);
      if (!n) return l;
      const glyphs = l.glyphs && n.glyphs ? [...l.glyphs, ...n.glyphs] : l.glyphs;
      return { ...l, text: `${l.text} ${n.text.trim()}`, box: [l.box[0], Math.min(l.box[1], n.box[1]), Math.max(l.box[2], n.box[2]), Math.max(l.box[3], n.box[3])], glyphs };
    });
}

/**
 * A drop cap (a large initial letter beside the first lines of a paragraph) is put back in
 * front of the first line it stands beside: "T" + "his chapter…" reads "This chapter…".
 */
export function attachDropCaps(lines: readonly TextLine[], bodySize: number): TextLine[] {
  const out = [...lines];
  for (let i = out.length - 1; i >= 0; i--) {
    const cap = out[i]!;
    if (!/^\p{L}$/u.test(cap.text) || bodySize <= 0 || cap.fontSize < DROP_CAP_SIZE * bodySize) continue;
    const first = out
      .filter((l) => l !== cap && l.box[0] >= cap.box[2] - 0.1 * bodySize && l.box[0] - cap.box[2] < DROP_CAP_GAP * bodySize && Math.abs(l.box[1] - cap.box[1]) < bodySize)
      .sort((a, b) => a.box[1] - b.box[1])[0];
    if (!first) continue;
    out[out.indexOf(first)] = { ...first, text: cap.text + first.text, box: [cap.box[0], Math.min(cap.box[1], first.box[1]), first.box[2], first.box[3]], dropCap: true };
    out.splice(i, 1);
  }
  return out;
}

/** A run-in heading is at least this many bold glyphs, and the text after it at least this many. */
const RUN_IN_MIN_GLYPHS = 3;

/**
 * A run-in heading ("Detailed metrics. In Figure 11 we show…": a bold lead-in set on the first
 * line of its paragraph) is cut from its line, so that it becomes a paragraph of its own and the
 * text after it stays text. Exact structure: the line's glyphs open with a run of bold words and
 * go on in a regular weight after a word space. OCR lines have no glyph styles: their words'
 * strokes are compared instead (ocrLeadInCut).
 */
export function splitRunInHeadings(lines: readonly TextLine[]): TextLine[] {
  return lines.flatMap((line) => {
    if (!line.glyphs) {
      // An OCR line: its words' strokes tell the bold lead-in.
      const cut = ocrLeadInCut(line, 'bold');
      return cut ? cutOcrLine(line, cut, 'bold') : [line];
    }
    const number = sectionNumberGlyphs(line);
    if (!line.glyphs?.[number]?.style.bold) return [line];
    const cut = leadInCut(line, (g) => g.style.bold, number);
    if (!cut) return [line];
    const sentenceEnds = RUN_IN_END.test(cut.lead);
    // A heading ends a sentence, or a new one starts after it: bold words the sentence runs on
    // from are emphasis ("Jim Bainbridge is a consultant…", "WHERE <condition>"). A line mostly
    // in bold is a heading unless its lead-in ends a sentence (a long run-in heading over a short rest).
    if (!(sentenceEnds || SENTENCE_START.test(cut.rest)) || (line.bold && !sentenceEnds)) return [line];
    return cutLine(line, cut);
  });
}

/**
 * An OCR lead-in's strokes are at least this many times as wide as the rest of its line's: bold
 * against regular. On the tune scans the run-in headings measured 1.42 and more, the most of a
 * regular lead-in of two words or more 1.22: the threshold is the middle.
 */
const OCR_BOLD_LEAD = 1.32;
/**
 * An OCR lead-in leans at least this many times more than the rest of its line (`lean`): italic
 * against upright. Tune scans: italic run-in headings 1.42 and more, upright lead-ins 1.23 at most.
 */
const OCR_ITALIC_LEAD = 1.32;

/** Where an OCR line is cut after its run-in heading: the heading's word count and the text on each side. */
export interface OcrLeadInCut {
  words: number;
  lead: string;
  rest: string;
  /** The lead-in's stroke width or lean over the rest's. */
  ratio: number;
}

/**
 * Where an OCR line (no glyphs; its words measured in the page's pixels) is cut after a run-in
 * heading set in `style` against the rest of the line: a lead-in that ends a sentence, a new one
 * after it, and the lead-in's words bolder (or more slanted) than the rest's by the margin above.
 * Of several such places the one with the largest contrast; null when there is none.
 */
export function ocrLeadInCut(line: TextLine, style: 'bold' | 'italic'): OcrLeadInCut | null {
  const ink = line.wordInk;
  const words = line.text.trim().split(/\s+/u).filter(Boolean);
  if (!ink || line.glyphs || line.rotated || line.equation || ink.length !== words.length || line.words?.length !== words.length) return null;
  const measure = style === 'bold' ? strokeWidth : lean;
  let best: OcrLeadInCut | null = null;
  for (let k = 1; k < words.length; k++) {
    const lead = words.slice(0, k).join(' ');
    const rest = words.slice(k).join(' ');
    if (!RUN_IN_END.test(lead) || !SENTENCE_START.test(rest) || rest.length < RUN_IN_MIN_GLYPHS) continue;
    if ((lead.match(/\p{L}/gu) ?? []).length < RUN_IN_MIN_GLYPHS || FIGURE_CAPTION.test(lead) || TABLE_CAPTION.test(lead) || FRONT_MATTER_LABEL.test(lead)) continue;
    const other = measure(ink.slice(k));
    const ratio = other > 0 ? measure(ink.slice(0, k)) / other : 0;
    if (ratio >= (style === 'bold' ? OCR_BOLD_LEAD : OCR_ITALIC_LEAD) && ratio > (best?.ratio ?? 0)) best = { words: k, lead, rest, ratio };
  }
  return best;
}

/** An OCR line cut in two after its run-in heading: the heading in `style`, the rest in the body's. */
export function cutOcrLine(line: TextLine, cut: OcrLeadInCut, style: 'bold' | 'italic'): [TextLine, TextLine] {
  const spans = line.words!;
  const ink = line.wordInk!;
  const [x0, y0, x1, y1] = line.box;
  const head: TextLine = { ...line, text: cut.lead, box: [x0, y0, spans[cut.words - 1]![1], y1], words: spans.slice(0, cut.words), wordInk: ink.slice(0, cut.words), bold: style === 'bold' || line.bold, italic: style === 'italic' };
  const rest: TextLine = { ...line, text: cut.rest, box: [spans[cut.words]![0], y0, x1, y1], words: spans.slice(cut.words), wordInk: ink.slice(cut.words), bold: false, italic: false };
  return [head, rest];
}

/** How a run-in heading ends: a full stop or a colon (IEEE's "a) Results:"), or a dash. */
export const RUN_IN_END = /[.:—–]$/;
/** How the sentence after a run-in heading starts. */
export const SENTENCE_START = /^[\p{Lu}\d]/u;
/** The labels that open an abstract and its keywords: part of that text, no heading of it. */
const FRONT_MATTER_LABEL = /^(abstract|summary|keywords?|key words|index terms)\b/i;

/** Where a line's lead-in ends (in glyphs and in characters of its text), and the text on each side of the cut. */
export interface LeadInCut {
  glyphs: number;
  chars: number;
  lead: string;
  rest: string;
}

/** A line cut in two at a lead-in: the lead-in and the rest, each with its glyphs' weight and slant. */
export function cutLine(line: TextLine, cut: LeadInCut): [TextLine, TextLine] {
  const head = line.glyphs!.slice(0, cut.glyphs);
  const rest = line.glyphs!.slice(cut.glyphs);
  const boxOf = (gs: typeof head): TextLine['box'] => [Math.min(...gs.map((g) => g.x0)), Math.min(...gs.map((g) => g.y0)), Math.max(...gs.map((g) => g.x1)), Math.max(...gs.map((g) => g.y1))];
  return [
    { ...line, text: cut.lead, glyphs: head, box: boxOf(head), bold: head.every((g) => g.style.bold), italic: head.every((g) => g.style.italic) },
    { ...line, text: cut.rest, glyphs: rest, box: boxOf(rest), bold: false, italic: rest.every((g) => g.style.italic) },
  ];
}

/** A section number opening a line: "2.", "1.1.", "3.2.1" followed by a space. */
const OPENING_SECTION_NUMBER = /^\d+(?:\.\d+)*\.?(?=\s)/;

/**
 * How many glyphs of the line an opening section number takes (0 when it has none): amsart
 * sets "1.1. **Critical firmware.** The text…" with the number in the text's weight and only the
 * title in bold (its subsubsections the same in italic).
 */
export function sectionNumberGlyphs(line: TextLine): number {
  const number = OPENING_SECTION_NUMBER.exec(line.text)?.[0];
  const glyphs = line.glyphs;
  if (!number || !glyphs || glyphs.length <= number.length) return 0;
  for (let i = 0; i < number.length; i++) if (glyphs[i]!.code !== number.charCodeAt(i)) return 0;
  return number.length;
}

/**
 * Where a line's lead-in (its opening glyphs of the style `inLead` picks, after the first
 * `opening` glyphs whatever their style) ends; null when it has none or it is no heading (a
 * caption's label, an abstract's or keywords' label).
 */
export function leadInCut(line: TextLine, inLead: (g: Glyph) => boolean, opening = 0): LeadInCut | null {
  const glyphs = line.glyphs;
  if (!glyphs || line.rotated || line.equation || !glyphs[opening] || !inLead(glyphs[opening])) return null;
  let lead = opening;
  while (lead < glyphs.length && inLead(glyphs[lead]!)) lead++;
  const text = String.fromCodePoint(...glyphs.slice(0, lead).map((g) => g.code));
  if (lead < RUN_IN_MIN_GLYPHS || glyphs.length - lead < RUN_IN_MIN_GLYPHS || !/\p{L}/u.test(text)) return null;
  // A caption's bold label ("Table 1.", "Fig. 3:") opens its caption; it heads nothing.
  if (FIGURE_CAPTION.test(text) || TABLE_CAPTION.test(text)) return null;
  // Walk the text along the glyphs: the cut must fall on a word space.
  let at = 0;
  for (let i = 0; i < lead; i++) {
    const s = String.fromCodePoint(glyphs[i]!.code).normalize('NFKC');
    while (at < line.text.length && /\s/.test(line.text[at]!)) at++;
    if (!line.text.startsWith(s, at)) return null;
    at += s.length;
  }
  if (!/^\s/.test(line.text.slice(at))) return null;
  const cut = { glyphs: lead, chars: at, lead: line.text.slice(0, at).trim(), rest: line.text.slice(at).trim() };
  return FRONT_MATTER_LABEL.test(cut.lead) ? null : cut;
}
