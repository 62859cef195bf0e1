// One block per list: list items the paragraph splitter set apart (a little extra space between
// items, an item's second paragraph) are joined back into the list they belong to.
import type { LabelledParagraph } from '../model/analysis.js';
import type { Box, TextLine } from '../model/document.js';
import { unionOf } from '../model/geometry.js';
import { BULLET, isListStart } from '../model/text.js';
import { entry } from '../model/trace.js';
import { NEXT_LINE_PITCH } from '../model/typography.js';

/** Items of one list follow each other within this many ems (space between items included; a LaTeX column set flush at the bottom stretches it to some 2.6 ems). */
const ITEM_GAP = 2.8;
/** A nested item starts at most this many ems right of the list's first marker… */
const NEST_MAX = 6;
/** …and never more than this many ems left of it. */
const ALIGNED = 0.5;
/** Items of one list differ in size by at most this share. */
const SAME_SIZE = 0.15;

/**
 * What the reading order may put between a list's part at a column's foot and its part at the
 * next column's top: the first column's footnotes, a page's furniture, the caption of a figure
 * set at the next column's top.
 */
const BETWEEN_COLUMN_PARTS: ReadonlySet<string> = new Set(['page_footnote', 'footer', 'page_number', 'caption']);

/** The page's labelled paragraphs with consecutive parts of one list joined. */
export function joinListItems(paragraphs: readonly LabelledParagraph[]): LabelledParagraph[] {
  const out: LabelledParagraph[] = [];
  // A list joined across a column break: its part in the new column, which the next parts follow.
  const tails = new Map<LabelledParagraph, LabelledParagraph>();
  // What was read between a list's two columns' parts; it follows the whole list.
  let held: LabelledParagraph[] = [];
  for (const p of paragraphs) {
    const prev = out[out.length - 1];
    const tail = prev && tails.get(prev);
    if (prev && prev.label === 'list' && p.label === 'list' && continuesList(tail ?? prev, p)) {
      const joined = { ...prev, lines: [...prev.lines, ...p.lines], trace: [...prev.trace, entry('paragraphs', isListStart(p.lines[0]!.text) ? 'list.next-item' : 'list.item-continued')] };
      out[out.length - 1] = joined;
      if (tail) tails.set(joined, { ...tail, lines: [...tail.lines, ...p.lines] });
      continue;
    }
    // Footnotes at a column's foot (or a figure's caption at the next column's top) are read
    // between a list and its part at the top of the next column: the list goes on past them.
    let before = out.length - 1;
    while (before >= 0 && BETWEEN_COLUMN_PARTS.has(out[before]!.label)) before--;
    const list = out[before];
    if (p.label === 'list' && list?.label === 'list' && acrossColumnBreak(partsOf(tails.get(list) ?? list, p))) {
      const joined = { ...list, lines: [...list.lines, ...p.lines], trace: [...list.trace, entry('paragraphs', 'list.next-column')] };
      held = [...held, ...out.splice(before + 1)];
      out[before] = joined;
      tails.set(joined, p);
      continue;
    }
    out.push(...held, p);
    held = [];
  }
  out.push(...held);
  return out;
}

/** A list and the part after it: their boxes, their first lines and the larger of those lines' sizes. */
interface ListParts {
  a: Box;
  b: Box;
  first: TextLine;
  line: TextLine;
  size: number;
}

function partsOf(list: LabelledParagraph, next: LabelledParagraph): ListParts {
  const first = list.lines[0]!;
  const line = next.lines[0]!;
  return { a: unionOf(list.lines), b: unionOf(next.lines), first, line, size: Math.max(first.fontSize, line.fontSize, 1) };
}

function continuesList(list: LabelledParagraph, next: LabelledParagraph): boolean {
  const parts = partsOf(list, next);
  if (acrossColumnBreak(parts)) return true;
  // A list already taken on into the next column is measured by its part in that column.
  const { a, b, first, line, size } = partsOf(inColumnOf(list, next), next);
  const gap = b[1] - a[3];
  if (gap < -0.5 * size || gap > ITEM_GAP * size || b[0] >= a[2] || a[0] >= b[2]) return false;
  const indent = b[0] - first.box[0];
  if (indent < -ALIGNED * size || indent > NEST_MAX * size) return false;
  if (Math.abs(first.fontSize - line.fontSize) > SAME_SIZE * size) {
    // A smaller line close under an item (the next line of its text, by the item's ems), at its
    // text's indent and opening no item, is the item's own (a related-articles list's date, a
    // byline under a linked title); items are set further apart.
    const last = list.lines[list.lines.length - 1]!;
    return line.fontSize < last.fontSize && !isListStart(line.text) && indent > ALIGNED * size && line.baseline - last.baseline <= NEXT_LINE_PITCH * last.fontSize;
  }
  // Without a marker, the text continues an item only at its text's indent, right of the marker.
  return isListStart(line.text) || indent > ALIGNED * size;
}

/** The list's last lines standing over `next` (its part in next's column), or the whole list when none does. */
function inColumnOf(list: LabelledParagraph, next: LabelledParagraph): LabelledParagraph {
  const [x0, , x1] = unionOf(next.lines);
  let k = list.lines.length;
  while (k > 0 && list.lines[k - 1]!.box[0] < x1 && list.lines[k - 1]!.box[2] > x0) k--;
  return k === 0 || k === list.lines.length ? list : { ...list, lines: list.lines.slice(k) };
}

/**
 * A list the reading order takes on at the top of the next column: the next part is read right
 * after the list, starts right of it and a line or more above its top, opens an item of the same
 * kind (bullet or enumerator) in the same size. (Two lists side by side start level.)
 */
function acrossColumnBreak({ a, b, first, line, size }: ListParts): boolean {
  if (Math.abs(first.fontSize - line.fontSize) > SAME_SIZE * size || !isListStart(line.text)) return false;
  if (BULLET.test(first.text) !== BULLET.test(line.text)) return false;
  return b[0] > a[2] && b[1] < a[1] - size;
}
