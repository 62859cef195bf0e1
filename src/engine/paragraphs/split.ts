// Paragraphs: each column segment of the reading order split where a new paragraph starts (a
// gap, a change of size, weight or font, a list item, a first-line indent), and segments joined
// where the reading order cut one paragraph in two. Each paragraph records why it starts.
import type { Paragraph } from '../model/analysis.js';
import type { TextLine } from '../model/document.js';
import { median } from '../model/numbers.js';
import { BULLET, DOT_LEADERS, isListStart } from '../model/text.js';
import { cutLine, cutOcrLine, leadInCut, ocrLeadInCut, RUN_IN_END, sectionNumberGlyphs, SENTENCE_START } from './lines.js';
import { entry, type TraceValue } from '../model/trace.js';
import { firstWordWidth, mainFont, NEXT_LINE_PITCH } from '../model/typography.js';

/** Line pitch assumed for a paragraph's second line, in ems (no pitch of its own yet)… */
const DEFAULT_LEADING = 1.25;
/**
 * …unless the segment's running text is set looser: its lines that run to within this many ems of
 * the segment's right edge (a paragraph's inner lines) show the pitch of 1.5- and double-spaced
 * text (1.7–2.4 em), which broke such text line by line.
 */
const RUNNING_LINE_SLACK = 4;
/** …and are at least this many ems long (prose: a memo's short "To:" and "From:" lines set apart are paragraphs). */
const RUNNING_LINE_EMS = 15;
/** At least this many inner-line pitches tell a segment's running pitch. */
const RUNNING_PITCHES = 3;
/** Pitches up to this many ems count (beyond it, a gap between blocks). */
const MAX_RUNNING_LEADING = 3;
/** A caption's printed label: "Figure 3:", "Fig. 2.", "Table 1:", "Table IV." (capitalised, numbered, then a colon or period). */
const CAPTION_OPENING = /^(?:Figure|Fig\.|Table|Tab\.)\s?(?:\d{1,3}|[IVX]{1,5})[.:]\s/u;
/** A line ending a sentence. */
const SENTENCE_END = /[.!?]["”’)]?$/u;
/** A pitch this much above the paragraph's own, and at least this many ems, is a paragraph gap. */
const GAP_OVER_PITCH = 1.35;
const GAP_EM = 1.5;
/** A line this little below the previous one (or above it) belongs to another segment's row. */
const ROW_BREAK = 0.3;
/** A size change of this share of the size starts a new paragraph. */
const SIZE_CHANGE = 0.15;
/**
 * Between two lines set larger than the body (headings), a size change of this share breaks: a
 * heading's wrapped lines share one size, two levels' headings stacked do not.
 */
const HEADING_SIZE_CHANGE = 0.04;
/** A label in capitals differs from the text under it in size by at least this share (as a small-capital or larger label is set). */
const LABEL_SIZE_CHANGE = 0.05;
/** A label in capitals is at most this many characters ("MORE ON THIS STORY"). */
const LABEL_CHARS = 40;
/** Larger than the body by this factor: display type, not running text. */
const ABOVE_BODY = 1.05;
/** A bold line up to this long can be a heading: a change of weight around it breaks. */
const HEADING_CHARS = 120;
/** A first-line indent measures this many ems (LaTeX's is 1–1.5 em, Word's 0.5 in). */
const INDENT_MIN = 0.8;
const INDENT_MAX = 4;
/** Left edges within this many ems are aligned. */
const ALIGNED = 0.3;
/** A short first line ends this many ems before the full line after it. */
const SHORT_FIRST_LINE = 4;
/** Two segments join when their lines share a left edge within this many ems and sizes within this share. */
const CONTINUATION_EDGE = 1;
const CONTINUATION_SIZE = 0.1;
/** …and the second starts at least this many ems below the first. */
const CONTINUATION_MIN_PITCH = 0.5;

interface Break {
  rule: string;
  values?: Record<string, TraceValue>;
}

/**
 * Splits one column segment (lines in reading order) into paragraphs; `path` says where the
 * segment is, `bodySize` is the page's body text size (0: unknown).
 */
export function splitParagraphs(lines: readonly TextLine[], path: string, bodySize = 0): Paragraph[] {
  const out: Paragraph[] = [];
  let current: TextLine[] = [];
  let why: Break = { rule: 'segment-start', values: { segment: path } };
  const right = Math.max(...lines.map((l) => l.box[2]));
  const left = Math.min(...lines.map((l) => l.box[0]));
  const leading = Math.max(DEFAULT_LEADING, runningLeading(lines, right) ?? 0);
  for (const next of lines) {
    let line = next;
    const prev = current[current.length - 1];
    const cause = prev ? paragraphBreak(prev, line, current, bodySize, [left, right], leading) : null;
    if (prev && cause) {
      out.push({ lines: current, trace: [entry('paragraphs', why.rule, why.values)] });
      current = [];
      why = cause;
    }
    // A paragraph that opens with an italic run-in heading: the heading is a paragraph of its
    // own, and the paragraph goes on from the text after it (its next lines compared with that).
    const runIn = current.length ? null : italicRunIn(line);
    if (runIn) {
      out.push({ lines: [runIn.head], trace: [entry('paragraphs', why.rule, why.values)] });
      why = { rule: 'italic-run-in', values: { lead: runIn.head.text } };
      line = runIn.rest;
    }
    current.push(line);
  }
  if (current.length) out.push({ lines: current, trace: [entry('paragraphs', why.rule, why.values)] });
  return out;
}

/** An italic run-in heading has at least this many words (one italic word opening a paragraph is emphasis). */
const ITALIC_RUN_IN_WORDS = 2;

/**
 * An italic run-in heading ("Sample preparation. The cells were…", IEEE's "a) Results:", LNCS's
 * \paragraph): a paragraph's first line opens with italic words that end a sentence and goes on
 * upright with a new one. Only at a paragraph's start — anywhere else italics are emphasis.
 */
function italicRunIn(line: TextLine): { head: TextLine; rest: TextLine } | null {
  if (line.bold || line.monospace) return null;
  if (!line.glyphs) {
    // An OCR line: its words' slant tells the italic lead-in.
    const cut = ocrLeadInCut(line, 'italic');
    if (!cut || cut.words < ITALIC_RUN_IN_WORDS) return null;
    const [head, rest] = cutOcrLine(line, cut, 'italic');
    return { head, rest };
  }
  const cut = leadInCut(line, (g) => g.style.italic && !g.style.bold && !g.style.math, sectionNumberGlyphs(line));
  if (!cut || !RUN_IN_END.test(cut.lead) || cut.lead.split(/\s+/).length < ITALIC_RUN_IN_WORDS || !SENTENCE_START.test(cut.rest)) return null;
  const [head, body] = cutLine(line, cut);
  return { head, rest: body };
}

/** A line stopping with one of these ends a clause: what follows may start a list. */
const CLAUSE_END = /[.:;!?]["”’)]?$/u;

/**
 * An enumerator opening `line` only because the sentence before wrapped there: `prev` stops
 * mid-clause where the enumerator with its word space would not have fitted before the right
 * edge. A bullet is never set inside a sentence.
 */
function wrappedEnumerator(prev: TextLine, line: TextLine, right: number): boolean {
  // A contents entry runs its leaders to the edge and stops at its page number.
  if (BULLET.test(line.text) || CLAUSE_END.test(prev.text) || DOT_LEADERS.test(prev.text)) return false;
  const perChar = (line.box[2] - line.box[0]) / Math.max(1, line.text.length);
  const firstWord = line.text.split(' ', 1)[0]!.length;
  return right - prev.box[2] < (firstWord + 1) * perChar;
}

/** Letters in a proportional face that make a mostly monospaced line prose (a listing's lines hold none, or a stray one). */
const TEXT_FACE_LETTERS = 2;

/** A mostly monospaced line holding words in a proportional face: prose with code in it. */
function withTextFaceWords(line: TextLine): boolean {
  if (!line.glyphs) return false;
  let letters = 0;
  for (const g of line.glyphs) if (!g.style.monospace && !g.style.math && /\p{L}/u.test(String.fromCodePoint(g.code)) && ++letters >= TEXT_FACE_LETTERS) return true;
  return false;
}

/** A line's type size for comparing lines: an OCR line's from its x-height band where measured. */
function typeSize(line: TextLine): number {
  return line.inkSize ?? line.fontSize;
}

/** A line opening with a small letter or a figure goes on with the sentence of the line before, unless that one stopped. */
const RUNS_ON = /^[\p{Ll}\p{N}]/u;

/**
 * Whether two lines' type sizes differ by more than `share`. Two OCR lines change size only where
 * their ink bands and their boxes both say so, the same way: each measure alone errs with the
 * letters a line holds (a band taken at the figures' height in a line of dates, a box a fifth
 * taller over capitals and descenders), and a paragraph was broken wherever one of them erred.
 */
function sizeChanged(prev: TextLine, line: TextLine, share: number): boolean {
  const differs = (a: number, b: number) => (Math.abs(a - b) > share * Math.max(a, b, 1) ? Math.sign(b - a) : 0);
  const byType = differs(typeSize(prev), typeSize(line));
  // Two heading-like lines stacked (a section's heading over a subsection's) are told apart by their bands alone.
  if (prev.glyphs || line.glyphs || prev.inkSize === undefined || line.inkSize === undefined || (isHeadingLike(prev) && isHeadingLike(line))) return byType !== 0;
  // A sentence running on into the line (no stop before it, a small letter or a figure opening
  // it): a short last line's few letters measure worst of all.
  if (!CLAUSE_END.test(prev.text) && RUNS_ON.test(line.text)) return false;
  return byType !== 0 && differs(prev.fontSize, line.fontSize) === byType;
}

/**
 * Why `line` starts a new paragraph after `prev` (the last line of `block`), or null when it
 * continues it; `right` is the segment's right edge.
 */
function paragraphBreak(prev: TextLine, line: TextLine, block: TextLine[], bodySize: number, [left, right]: [number, number], leading: number): Break | null {
  if (prev.equation || line.equation) return { rule: 'equation' };
  // Lines side by side, not one under the other (a margin note read after the line it stands
  // beside, then the body's next line): they share no column.
  if (Math.max(prev.box[0], line.box[0]) >= Math.min(prev.box[2], line.box[2])) return { rule: 'side-by-side' };
  const size = Math.max(prev.fontSize, line.fontSize, 1);
  // Baseline-to-baseline distance against the paragraph's own line pitch so far.
  const pitch = line.baseline - prev.baseline;
  const usual = block.length >= 2 ? medianPitch(block) : size * leading;
  if (pitch > Math.max(usual * GAP_OVER_PITCH, size * GAP_EM)) return { rule: 'gap', values: { pitchEm: pitch / size, usualEm: usual / size } };
  if (pitch < size * ROW_BREAK) return { rule: 'row-break', values: { pitchEm: pitch / size } };
  // Sizes compared as the type shows them (an OCR line's box height depends on its letters).
  const [a, b] = [typeSize(prev), typeSize(line)];
  if (sizeChanged(prev, line, SIZE_CHANGE)) return { rule: 'size-change', values: { from: a, to: b } };
  const display = bodySize > 0 && Math.min(prev.fontSize, line.fontSize) > ABOVE_BODY * bodySize;
  if ((display || (isHeadingLike(prev) && isHeadingLike(line))) && sizeChanged(prev, line, HEADING_SIZE_CHANGE)) {
    return { rule: 'heading-size-change', values: { from: a, to: b } };
  }
  if (prev.bold !== line.bold && (isHeadingLike(prev) || isHeadingLike(line))) return { rule: 'weight-change' };
  // Another face and another size (a little apart, below SIZE_CHANGE): a heading over its text
  // where fonts carry no weight (Chromium's unnamed Type 3 fonts: a bold face is a font of its own).
  if (Math.abs(a - b) > HEADING_SIZE_CHANGE * Math.max(a, b, 1) && mainFont([prev]) !== mainFont([line])) return { rule: 'face-change' };
  // Into or out of a monospaced face: a listing starts or ends. Not where the monospaced line
  // holds words in the text's face too (prose naming code: "…conventions (e.g., FASTCALL on x86).").
  if (prev.monospace !== line.monospace && !withTextFaceWords(prev.monospace ? prev : line)) return { rule: 'font-change' };
  // A short line in capitals, in another size, over a line in lower case: a label heading what
  // follows ("ABOUT THE AUTHOR", "SEE ALSO", "TAGS" over a sidebar's text), where the fonts carry
  // no weight (Chromium's unnamed fonts) and the column is too narrow for a short first line.
  if (block.length === 1 && isCapitalsLabel(prev) && /\p{Ll}/u.test(line.text) && Math.abs(a - b) > LABEL_SIZE_CHANGE * Math.max(a, b, 1)) {
    return { rule: 'after-capitals-label' };
  }
  // A line all in italic, short of the line after it, over an upright line: a heading set in
  // italic (IEEE's "A. Results" over its indented paragraph), not a paragraph's first line.
  if (block.length === 1 && allItalic(prev) && !line.italic && !prev.bold && line.box[2] - prev.box[2] > size && !/[-,;]$/.test(prev.text) && prev.text.length < HEADING_CHARS) {
    return { rule: 'slant-change' };
  }
  // A caption's label opens a block after a sentence's end ("…with the liability." / "Table 1:
  // Material obligation"): on a scan no font or spacing tells the caption from the paragraph.
  if (CAPTION_OPENING.test(line.text) && SENTENCE_END.test(prev.text)) return { rule: 'caption-start' };
  // A lone line centred in the segment over a line that starts at its left edge: a heading set
  // centred in the text's own size and weight (amsart's small-capital "1. Interfaces" over its
  // run-in "1.1. …"), which no other change of type tells apart.
  if (block.length === 1 && centredIn(prev, left, right, size) && line.box[0] - left < ALIGNED * size) {
    return { rule: 'after-centred-line' };
  }
  // A list item starts a new block unless the block is already a list, or the sentence before
  // carried an enumerator to the line's start ("…used in Apple's WebKit, and / (e) V8, the…").
  if (isListStart(line.text) && !line.monospace && !isListStart(block[0]!.text) && !wrappedEnumerator(prev, line, right)) return { rule: 'list-start' };
  // A numbered heading wrapped over two lines ("1.1 Worst-case controller of / throughput
  // planning") ends short like an item, but its bold second line goes on with it.
  const wrappedHeading = isHeadingLike(prev) && isHeadingLike(line) && Math.abs(prev.fontSize - line.fontSize) <= HEADING_SIZE_CHANGE * size;
  const outdent = wrappedHeading ? null : listEnd(line, block, right);
  if (outdent !== null) return { rule: 'list-end', values: { outdentEm: outdent } };
  const indent = firstLineIndent(prev, line, block);
  if (indent !== null) return { rule: 'first-line-indent', values: { indentEm: indent } };
  const hanging = hangingIndent(line, block);
  if (hanging !== null) return { rule: 'hanging-indent', values: { indentEm: hanging } };
  // A paragraph's first line runs to its right edge: a short first line followed by a full
  // one is a line of its own (a heading whose weight OCR could not tell, a one-line paragraph,
  // a lettered heading "A. Results" over an indented paragraph — not a list item's hanging line;
  // code indents its lines, so there only an aligned one).
  const shift = line.box[0] - prev.box[0];
  const started = line.monospace ? Math.abs(shift) < size : shift > -size && shift < INDENT_MAX * size;
  if (block.length === 1 && !BULLET.test(prev.text) && line.box[2] - prev.box[2] > SHORT_FIRST_LINE * size && started && firstWordFits(prev, line)) {
    return { rule: 'after-short-first-line' };
  }
  return null;
}

/**
 * Whether the first word of `line` and a word space would have fitted after `prev`, in the room up
 * to where `line` ends: where they would not, `prev` is short only because ragged-right text
 * wrapped there ("…(b) the binding / jurisdiction and…"), and is no line of its own.
 */
function firstWordFits(prev: TextLine, line: TextLine): boolean {
  return line.box[2] - prev.box[2] > firstWordWidth(line) + WORD_SPACE * line.fontSize;
}

/** A word space, in ems (some 0.25–0.33 in text faces). */
const WORD_SPACE = 0.3;

/**
 * A first-line indent (as LaTeX and most books set paragraphs, with no space between them):
 * the line starts one to four quads right of the block's left edge, where the line before it
 * started. Lists (hanging indents), code, bold lines and centred lines are left alone. Returns
 * the indent in ems, or null.
 */
function firstLineIndent(prev: TextLine, line: TextLine, block: TextLine[]): number | null {
  if (line.monospace || line.bold || isListStart(block[0]!.text)) return null;
  const left = Math.min(...block.map((l) => l.box[0]));
  const indent = line.box[0] - left;
  const size = line.fontSize;
  if (indent < INDENT_MIN * size || indent > INDENT_MAX * size || Math.abs(prev.box[0] - left) > ALIGNED * size) return null;
  // A centred block has ragged left edges and a short line of its own: only a line that runs
  // on to the block's right edge is a paragraph's first line.
  const right = Math.max(...block.map((l) => l.box[2]));
  return Math.abs(line.box[2] - right) < size || line.box[2] > right ? indent / size : null;
}

/**
 * The next entry of a hanging-indent block (an author–year bibliography, a glossary): every line
 * of the block at its left edge (an entry's first line) or indented alike by one to four quads
 * (the entry's other lines), an entry's first line followed by an indented one somewhere in it
 * (the block may open with the end of an entry begun on the page before), and `line` back at the
 * left edge. Lists (their items' own logic) and code are left alone. Returns the indent in ems, or null.
 */
function hangingIndent(line: TextLine, block: TextLine[]): number | null {
  if (block.length < 2 || line.monospace || isListStart(block[0]!.text)) return null;
  const size = line.fontSize;
  // Entries are set in one size (a drop cap beside a paragraph's first lines is no entry).
  if (block.some((l) => Math.abs(l.fontSize - size) > SIZE_CHANGE * size)) return null;
  const left = Math.min(...block.map((l) => l.box[0]));
  if (Math.abs(line.box[0] - left) > ALIGNED * size) return null;
  const hung = block.find((l) => l.box[0] - left > ALIGNED * size);
  if (!hung) return null;
  const hang = hung.box[0] - left;
  if (hang < INDENT_MIN * size || hang > INDENT_MAX * size) return null;
  const at = (l: TextLine, x: number) => Math.abs(l.box[0] - x) <= ALIGNED * size;
  if (!block.every((l) => at(l, left) || at(l, left + hang))) return null;
  // A paragraph opening with a drop cap hangs its next lines beside the letter: no entry.
  const entryStart = (l: TextLine) => at(l, left) && !l.dropCap;
  return block.some((l, i) => i > 0 && at(l, left + hang) && entryStart(block[i - 1]!)) ? hang / size : null;
}

/**
 * Where a list ends without space after it: in a list block, a line that opens no item and
 * starts left of the items' markers, or back at the markers' edge when the items' own
 * continuation lines hang right of them. Returns how far left of the markers it starts, in ems.
 */
function listEnd(line: TextLine, block: TextLine[], right: number): number | null {
  if (!isListStart(block[0]!.text) || isListStart(line.text)) return null;
  const size = Math.max(line.fontSize, 1);
  // An item whose last line stops short of the right edge ended there: a line after it that
  // opens no item and starts at the markers' edge or left of it starts a paragraph of its own
  // (a line hanging right of the markers goes on with the item: ragged-right lists). Text-layer
  // lines only: OCR often misses a small bullet, and then the markers' edge is the items' text
  // (even under a bullet it found: its box may cover a later item's bullet it did not read).
  const edge = markers(block);
  const outdent = (edge - line.box[0]) / size;
  if (line.glyphs && block[block.length - 1]!.box[2] < right - SHORT_FIRST_LINE * size && outdent > -ALIGNED) return outdent;
  // A first line that runs on to the segment's right edge wrapped, and the lines it wrapped to
  // continue it where they start (an indented "a) Results: The…" whose next lines start at the
  // margin; a numbered item wrapped to the margin).
  const wrapped = block.filter((l) => !isListStart(l.text));
  if (block.length === 1 && block[0]!.box[2] > right - ALIGNED * size) return null;
  if (wrapped.length && wrapped.every((l) => Math.abs(l.box[0] - line.box[0]) < ALIGNED * size) && wrapped[0]!.box[0] < block[0]!.box[0] - ALIGNED * size) return null;
  if (outdent > ALIGNED) return outdent;
  return wrapped.length && wrapped.every((l) => l.box[0] > edge + ALIGNED * size) && Math.abs(outdent) <= ALIGNED ? outdent : null;
}

/** The left edge of a list block's item markers. */
function markers(block: TextLine[]): number {
  return Math.min(...block.filter((l) => isListStart(l.text)).map((l) => l.box[0]));
}

/** A centred line keeps at least this many ems clear on each side of it (a short line with an indent is not centred). */
const CENTRED_MARGIN = 2;
/** Its two margins differ by at most this many ems. */
const CENTRED_TOLERANCE = 1;

/** The line stands centred between the segment's edges, well clear of both. */
function centredIn(line: TextLine, left: number, right: number, size: number): boolean {
  const before = line.box[0] - left;
  const after = right - line.box[2];
  return before > CENTRED_MARGIN * size && after > CENTRED_MARGIN * size && Math.abs(before - after) < CENTRED_TOLERANCE * size;
}

/** A short line of two or more letters, all capitals. */
function isCapitalsLabel(line: TextLine): boolean {
  return line.text.length <= LABEL_CHARS && /\p{Lu}.*\p{Lu}/u.test(line.text) && !/\p{Ll}/u.test(line.text);
}

/** Every letter of the line is italic (the line's flag only says most are). */
function allItalic(line: TextLine): boolean {
  if (!line.italic) return false;
  return !line.glyphs || line.glyphs.every((g) => g.style.italic || !/\p{L}/u.test(String.fromCodePoint(g.code)));
}

function isHeadingLike(line: TextLine): boolean {
  return line.bold && line.text.length < HEADING_CHARS;
}

/** The line pitch in ems of a segment's running text, from lines that run to its right edge; undefined when few do. */
function runningLeading(lines: readonly TextLine[], right: number): number | undefined {
  const pitches: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const [prev, line] = [lines[i - 1]!, lines[i]!];
    const size = Math.max(prev.fontSize, 1);
    if (prev.box[2] < right - RUNNING_LINE_SLACK * size || prev.box[2] - prev.box[0] < RUNNING_LINE_EMS * size) continue;
    if (Math.abs(typeSize(prev) - typeSize(line)) > SIZE_CHANGE * Math.max(typeSize(prev), typeSize(line), 1)) continue;
    const pitch = (line.baseline - prev.baseline) / size;
    if (pitch > 0 && pitch <= MAX_RUNNING_LEADING) pitches.push(pitch);
  }
  return pitches.length >= RUNNING_PITCHES ? median(pitches) : undefined;
}

function medianPitch(lines: TextLine[]): number {
  return median(lines.slice(1).map((l, i) => l.baseline - lines[i]!.baseline));
}

/**
 * Joins a segment to the previous one when its first line continues the previous segment's
 * last line: directly below it, same left edge, same size (e.g. the short last line of a
 * full-width abstract, which the XY-cut puts in the band below).
 */
export function joinContinuations<T extends { lines: TextLine[]; path: string }>(segments: readonly T[]): { lines: TextLine[]; path: string }[] {
  const out: { lines: TextLine[]; path: string }[] = [];
  for (const segment of segments) {
    const prev = out[out.length - 1];
    const last = prev?.lines[prev.lines.length - 1];
    const first = segment.lines[0]!;
    if (
      prev &&
      last &&
      !last.equation &&
      !first.equation &&
      Math.abs(first.fontSize - last.fontSize) < CONTINUATION_SIZE * last.fontSize &&
      Math.abs(first.box[0] - last.box[0]) < CONTINUATION_EDGE * last.fontSize &&
      first.baseline - last.baseline > CONTINUATION_MIN_PITCH * last.fontSize &&
      first.baseline - last.baseline < NEXT_LINE_PITCH * last.fontSize
    ) {
      prev.lines.push(...segment.lines);
    } else out.push({ lines: [...segment.lines], path: segment.path });
  }
  return out;
}
