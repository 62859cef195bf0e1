// The types of running text, decided in one place: an ordered list of named rules, the first
// that fires gives a paragraph its label. Each rule reports the values it saw, for the trace.
import type { ParagraphLabel } from '../model/analysis.js';
import type { Page, TextLine } from '../model/document.js';
import { isListStart } from '../model/text.js';
import type { TraceValue } from '../model/trace.js';
import { isSmallPrint } from '../model/typography.js';

/** What a rule may look at: the paragraph, its page, and where in the document it stands. */
export interface ParagraphFacts {
  lines: readonly TextLine[];
  /** The paragraph's lines joined, hyphenation undone. */
  text: string;
  bodySize: number;
  page: Page;
  /** The page's lines of running text (a paragraph's row may hold other lines). */
  flow: readonly TextLine[];
  /** A display equation. */
  equation: boolean;
  /** After a "References" heading and before the next heading. */
  inReferences: boolean;
}

export interface ClassRule {
  id: string;
  label: ParagraphLabel;
  /** The values seen when the rule fires; null when it does not. */
  test(p: ParagraphFacts): Record<string, TraceValue> | null;
}

/** A title is at most this many lines and this many characters. */
const TITLE_MAX_LINES = 3;
const TITLE_MAX_CHARS = 200;
/** A title set this much larger than the body. */
const TITLE_LARGER = 1.15;
/** A bold title the size of body text is short and not a sentence. */
const BOLD_TITLE_CHARS = 90;
/** A numbered heading ("4.2 Results") of body weight is one line, this short, of so many words. */
const NUMBERED_TITLE_CHARS = 70;
const NUMBERED_TITLE_WORDS = 9;
const NUMBERED_HEADING = /^\d{1,2}(\.\d{1,2}){0,3}\s+\p{Lu}[^.:;!?]*$/u;
/** A footnote starts in the lower part of the page, below this share of its height. */
const FOOTNOTE_TOP = 0.6;
const FOOTNOTE_MARK = /^([*†‡§¶]|\d{1,3}[\s.)]|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)/;
/** A page number, alone or after dot leaders (a table of contents). */
const PAGE_REFERENCE = /^[.·\s]*(\d{1,4}|[ivxlc]{1,6})$/i;
/** A value beside a label sits on its baseline, within this many ems. */
const SAME_BASELINE = 0.3;
/** A figure: 53%, $1.2M, 4,500 (an infographic's label and its value). */
const FIGURE = /^[-+]?[$€£¥]?\d[\d.,]*\s?(%|[kKmMbB]n?)?$/;

function maxSize(p: ParagraphFacts): number {
  return Math.max(...p.lines.map((l) => l.fontSize));
}

/** Short enough and lettered enough to be a title at all. */
function titleShaped(p: ParagraphFacts): boolean {
  return p.lines.length <= TITLE_MAX_LINES && p.text.length <= TITLE_MAX_CHARS && p.text.length >= 2 && /\p{L}/u.test(p.text);
}

/**
 * A one-line paragraph with a page number (a table of contents) or a figure (an infographic's
 * "Overall  53%") at the end of its row is a label with its value, not a heading.
 */
function valueBeside(p: ParagraphFacts): string | null {
  if (p.lines.length !== 1) return null;
  const line = p.lines[0]!;
  for (const [name, pattern] of [['page-reference', PAGE_REFERENCE], ['figure', FIGURE]] as const) {
    if (p.flow.some((l) => l !== line && l.box[0] > line.box[2] && Math.abs(l.baseline - line.baseline) < SAME_BASELINE * line.fontSize && pattern.test(l.text))) return name;
  }
  return null;
}

function largerThanBody(p: ParagraphFacts): number | null {
  const size = maxSize(p);
  return titleShaped(p) && p.bodySize > 0 && size >= p.bodySize * TITLE_LARGER ? size / p.bodySize : null;
}

function shortBold(p: ParagraphFacts): boolean {
  return titleShaped(p) && p.lines.every((l) => l.bold) && p.text.length < BOLD_TITLE_CHARS && !/[.:;,]$/.test(p.text);
}

function numberedHeading(p: ParagraphFacts): boolean {
  return titleShaped(p) && p.lines.length === 1 && p.text.length <= NUMBERED_TITLE_CHARS && NUMBERED_HEADING.test(p.text) && p.text.split(' ').length <= NUMBERED_TITLE_WORDS;
}

const fires = (ok: boolean, values: Record<string, TraceValue> = {}) => (ok ? values : null);

/** In order: the first rule that fires decides. */
export const RULES: readonly ClassRule[] = [
  { id: 'equation.display-formula', label: 'equation', test: (p) => fires(p.equation) },
  { id: 'code.monospace', label: 'code', test: (p) => fires(p.bodySize > 0 && p.lines.every((l) => l.monospace), { lines: p.lines.length }) },
  {
    id: 'title.larger-than-body',
    label: 'title',
    test: (p) => {
      const ratio = largerThanBody(p);
      return ratio !== null && !valueBeside(p) ? { sizeOverBody: ratio } : null;
    },
  },
  { id: 'title.short-bold-line', label: 'title', test: (p) => fires(shortBold(p) && !valueBeside(p), { chars: p.text.length }) },
  { id: 'title.numbered-heading', label: 'title', test: (p) => fires(numberedHeading(p) && !valueBeside(p)) },
  {
    id: 'page_footnote.small-marked-low',
    label: 'page_footnote',
    test: (p) => {
      const first = p.lines[0]!;
      const ok =
        !isListStart(first.text) &&
        p.lines.every((l) => isSmallPrint(l.fontSize, p.bodySize)) &&
        first.box[1] > p.page.height * FOOTNOTE_TOP &&
        FOOTNOTE_MARK.test(first.text);
      return fires(ok, { sizeOverBody: maxSize(p) / p.bodySize, top: first.box[1] / p.page.height });
    },
  },
  { id: 'ref_text.in-references', label: 'ref_text', test: (p) => fires(p.inReferences) },
  {
    id: 'text.title-like-with-value-beside',
    label: 'text',
    test: (p) => {
      const beside = valueBeside(p);
      return beside && (largerThanBody(p) !== null || shortBold(p) || numberedHeading(p)) ? { beside } : null;
    },
  },
  { id: 'list.item-marker', label: 'list', test: (p) => fires(isListStart(p.lines[0]!.text)) },
  { id: 'text.running-text', label: 'text', test: () => ({}) },
];

/** A heading that opens a bibliography. */
export const REFERENCES_HEADING = /^(\d+\.?\s*)?(references|bibliography|works cited|literature cited)$/i;
