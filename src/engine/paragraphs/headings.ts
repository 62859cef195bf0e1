// A heading set on two lines apart: "Chapter 3" above its title ("Instrumentation") is one
// heading, "Chapter 3 Instrumentation", as the book's own table of contents prints it. And a
// heading wrapped over two lines that the paragraph stage parted ("Threats to" / "validity").
import type { LabelledParagraph } from '../model/analysis.js';
import { unionOf } from '../model/geometry.js';
import { isListStart, joinLines, LOWER_START } from '../model/text.js';
import { entry } from '../model/trace.js';

/** A division's label alone: "Chapter 3", "Part II", "Appendix A", "Lecture 4". */
const DIVISION_LABEL = /^(chapter|part|appendix|book|lecture|unit|module|section|kapitel|chapitre)\s+([\dIVXLC]{1,6}|[A-Z])\.?$/i;
/** The title follows its label within this many ems of the label's size. */
const LABEL_TO_TITLE = 5;

export function joinDivisionLabels(paragraphs: readonly LabelledParagraph[]): LabelledParagraph[] {
  return joinHeadingPairs(paragraphs, labelsItsTitle, 'title.division-label-joined');
}

/** `above` is a division's label alone and `below` its title, set under it within LABEL_TO_TITLE. */
function labelsItsTitle(above: LabelledParagraph, below: LabelledParagraph): boolean {
  if (!DIVISION_LABEL.test(joinLines(above.lines.map((l) => l.text)))) return false;
  const a = unionOf(above.lines);
  const b = unionOf(below.lines);
  const size = Math.max(...above.lines.map((l) => l.fontSize), 1);
  return b[1] >= a[1] && b[1] - a[3] < LABEL_TO_TITLE * size;
}

/** Each heading that `joins` the heading before it (as joined so far) is made one with it, traced as `rule`. */
function joinHeadingPairs(paragraphs: readonly LabelledParagraph[], joins: (above: LabelledParagraph, below: LabelledParagraph) => boolean, rule: string): LabelledParagraph[] {
  const out: LabelledParagraph[] = [];
  for (const p of paragraphs) {
    const prev = out[out.length - 1];
    if (prev && prev.label === 'title' && p.label === 'title' && joins(prev, p)) {
      out[out.length - 1] = { ...prev, lines: [...prev.lines, ...p.lines], trace: [...prev.trace, entry('paragraphs', rule)] };
      continue;
    }
    out.push(p);
  }
  return out;
}

/** A heading's next line starts within this many ems of the line above's bottom (a wrapped line's leading; the gap after a heading is larger only where the next line is body text). */
const WRAPPED_HEADING_GAP = 1;
/** Its lines' sizes differ by this share at most. */
const WRAPPED_HEADING_SIZE = 0.15;
/** Their left edges (or, set centred, their middles) lie within this many ems… */
const WRAPPED_HEADING_ALIGN = 1;
/** …or the second line hangs this many ems right at most, under the text after the heading's number ("1.1 Exclusive…" / "in licensee"). */
const WRAPPED_HEADING_HANG = 4;

/**
 * Two headings in a row that are one heading wrapped: the second goes on in lower case
 * ("Limitation of" / "liability") or the first ends in a hyphen ("…under tri-" / "bunal results").
 * No heading starts in lower case, so this is no new heading; it takes the one above's line,
 * in its size and column. On a scan OCR measures a large line's size short of its type, so
 * the line pitch of a wrapped heading looks like a paragraph's gap and the lines were parted.
 */
export function joinWrappedHeadings(paragraphs: readonly LabelledParagraph[]): LabelledParagraph[] {
  return joinHeadingPairs(paragraphs, wrapsOn, 'title.wrapped-line-joined');
}

function wrapsOn(above: LabelledParagraph, below: LabelledParagraph): boolean {
  const last = above.lines[above.lines.length - 1]!;
  const next = below.lines[0]!;
  // A lettered heading of the next level ("a) Results:") starts in lower case too.
  const goesOn = (LOWER_START.test(next.text.trim()) && !isListStart(next.text.trim())) || /\p{L}-$/u.test(last.text.trim());
  if (!goesOn) return false;
  const size = Math.max(last.fontSize, next.fontSize, 1);
  if (Math.abs(last.fontSize - next.fontSize) > WRAPPED_HEADING_SIZE * size) return false;
  const gap = next.box[1] - last.box[3];
  if (gap < -0.5 * size || gap > WRAPPED_HEADING_GAP * size) return false;
  const a = unionOf(above.lines);
  const b = unionOf(below.lines);
  const hangs = b[0] - a[0] >= -WRAPPED_HEADING_ALIGN * size && b[0] - a[0] <= WRAPPED_HEADING_HANG * size && b[2] <= a[2] + WRAPPED_HEADING_ALIGN * size;
  return hangs || Math.abs((a[0] + a[2]) / 2 - (b[0] + b[2]) / 2) <= WRAPPED_HEADING_ALIGN * size;
}
