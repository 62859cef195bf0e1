// The layout stage: pages of lines in, one flat list of typed blocks in reading order out.
import type { Block, Box, Page, TextLine } from '../model/document.js';
import { classify, LONE_BULLET, paragraphs, unionBox } from './blocks.js';
import { groupEquations } from '../equations/detect.js';
import { findFloats, FIGURE_CAPTION, linkContinuedTables, placeFloats, placeInOrder, takeCaption } from './floats.js';
import { detectFurniture } from './furniture.js';
import { turnedTables } from '../tables/rotated.js';
import { orderLines } from './order.js';

const REFERENCES = /^(\d+\.?\s*)?(references|bibliography|works cited|literature cited)$/i;

export function analyzeLayout(pages: Page[]): Block[] {
  const furniture = detectFurniture(pages);
  const blocks: Block[] = [];
  let inReferences = false;
  for (const page of pages) {
    const marks = furniture[page.index] ?? new Map();
    const bodyLines: TextLine[] = [];
    let pageFurniture: Block[] = [];
    const asides = new Map<Block, TextLine>();
    // A table printed sideways: its vertical text is the table's, not margin notes.
    const turned = turnedTables(page);
    page.lines.forEach((line, i) => {
      if (turned.lines.has(line)) return;
      const kind = marks.get(i);
      if (kind) pageFurniture.push({ type: kind, pageIndex: page.index, box: line.box, text: line.text });
      // Rotated text (arXiv stamps, vertical margin labels) is a margin note, not body text.
      else if (line.rotated) {
        const aside: Block = { type: 'aside_text', pageIndex: page.index, box: line.box, text: line.text };
        asides.set(aside, line);
        pageFurniture.push(aside);
      }
      else bodyLines.push(line);
    });
    attachLoneBullets(bodyLines);
    // Tables and charts take their lines first; equations are then found among the rest.
    const { floats, rest, used } = findFloats(page, bodyLines, [...asides.values()]);
    // Vertical text in a table's cells is the table's.
    pageFurniture = pageFurniture.filter((b) => !used.has(asides.get(b)!));
    floats.push(...turned.blocks);
    const contentLines = groupEquations(rest, bodyFontSize(rest));
    const bodySize = bodyFontSize(contentLines);
    attachDropCaps(contentLines, bodySize);

    const pageBlocks: Block[] = [];
    for (const segment of mergeContinuations(orderLines(contentLines, page.width))) {
      for (const para of paragraphs(segment)) {
        const block = classify(para, page.index, bodySize);
        // A table-of-contents entry ("2 Methods ..... 7") is set like a heading but is not one,
        // nor is a label with its value beside it ("Overall  53%" in an infographic).
        if (block.type === 'title' && para.length === 1 && [PAGE_REFERENCE, FIGURE].some((p) => endsRowWith(para[0]!, contentLines, p))) block.type = 'text';
        if (block.type === 'text' && isFootnote(para, page, bodySize)) block.type = 'page_footnote';
        if (block.type === 'title') inReferences = REFERENCES.test(block.text ?? '');
        else if (inReferences && (block.type === 'text' || block.type === 'list')) {
          pageBlocks.push(...referenceEntries(block));
          continue;
        }
        pageBlocks.push(block);
      }
    }
    insertImages(page, pageBlocks);
    placeFloats(page, pageBlocks, floats);
    // Headers first, footers and page numbers last: the order a reader meets them.
    const first = pageFurniture.filter((b) => b.type === 'header' || b.type === 'aside_text');
    const last = pageFurniture.filter((b) => b.type === 'footer' || b.type === 'page_number');
    blocks.push(...first, ...pageBlocks, ...last);
  }
  linkContinuedTables(blocks);
  return blocks;
}

/**
 * The body text size: the largest size that sets at least a quarter of the page's characters.
 * (A plain median fails on a page whose smaller bibliography outweighs the body text above it.)
 */
export function bodyFontSize(lines: TextLine[]): number {
  const chars = new Map<number, number>();
  let total = 0;
  for (const l of lines) {
    if (l.equation) continue;
    const size = Math.round(l.fontSize * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + l.text.length);
    total += l.text.length;
  }
  let best = 0;
  for (const [size, n] of chars) if (n >= total / 4 && size > best) best = size;
  return best;
}

/** A page number, alone or after dot leaders. */
const PAGE_REFERENCE = /^[.·\s]*(\d{1,4}|[ivxlc]{1,6})$/i;
/** A figure: 53%, $1.2M, 4,500. */
const FIGURE = /^[-+]?[$€£¥]?\d[\d.,]*\s?(%|[kKmMbB]n?)?$/;

/** Another line on the same row, to the right, holds only text matching `pattern`. */
function endsRowWith(line: TextLine, lines: TextLine[], pattern: RegExp): boolean {
  return lines.some((l) => l !== line && l.box[0] > line.box[2] && Math.abs(l.baseline - line.baseline) < 0.3 * line.fontSize && pattern.test(l.text));
}

const FOOTNOTE_MARK = /^([*†‡§¶]|\d{1,3}[\s.)]|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)/;

/**
 * A footnote: smaller than the body text, in the lower part of the page, opening with a note
 * mark (a number, *, †, ‡…).
 */
function isFootnote(lines: TextLine[], page: Page, bodySize: number): boolean {
  const first = lines[0]!;
  return (
    bodySize > 0 &&
    lines.every((l) => l.fontSize <= bodySize * 0.88) &&
    first.box[1] > page.height * 0.6 &&
    FOOTNOTE_MARK.test(first.text)
  );
}

/**
 * A bullet glyph extracted as a line of its own (a tab stop after it made a wide gap) is put
 * back in front of the text on its right, so the item is recognised as a list item.
 */
function attachLoneBullets(lines: TextLine[]): void {
  for (let i = lines.length - 1; i >= 0; i--) {
    const bullet = lines[i]!;
    if (!LONE_BULLET.test(bullet.text)) continue;
    const size = Math.max(bullet.fontSize, 1);
    const target = lines.find(
      (l) => l !== bullet && Math.abs(l.baseline - bullet.baseline) < size * 0.6 && l.box[0] > bullet.box[0] && l.box[0] - bullet.box[2] < size * 5,
    );
    if (!target) continue;
    target.text = `${bullet.text} ${target.text}`;
    target.box = [bullet.box[0], Math.min(bullet.box[1], target.box[1]), target.box[2], Math.max(bullet.box[3], target.box[3])];
    lines.splice(i, 1);
  }
}

/**
 * A drop cap (a large initial letter beside the first lines of a paragraph) is put back in
 * front of the first line it stands beside: "T" + "his chapter…" reads "This chapter…".
 */
function attachDropCaps(lines: TextLine[], bodySize: number): void {
  for (let i = lines.length - 1; i >= 0; i--) {
    const cap = lines[i]!;
    if (!/^\p{L}$/u.test(cap.text) || bodySize <= 0 || cap.fontSize < 1.8 * bodySize) continue;
    const first = lines
      .filter((l) => l !== cap && l.box[0] >= cap.box[2] - 1 && l.box[0] - cap.box[2] < 2 * bodySize && Math.abs(l.box[1] - cap.box[1]) < bodySize)
      .sort((a, b) => a.box[1] - b.box[1])[0];
    if (!first) continue;
    first.text = cap.text + first.text;
    first.box = [cap.box[0], Math.min(cap.box[1], first.box[1]), first.box[2], first.box[3]];
    lines.splice(i, 1);
  }
}

/**
 * Joins a segment to the previous one when its first line continues the previous segment's
 * last line: directly below it, same left edge, same size (e.g. the short last line of a
 * full-width abstract, which the XY-cut puts in the band below).
 */
function mergeContinuations(segments: TextLine[][]): TextLine[][] {
  const out: TextLine[][] = [];
  for (const segment of segments) {
    const prev = out[out.length - 1];
    const last = prev?.[prev.length - 1];
    const first = segment[0]!;
    if (
      last &&
      !last.equation &&
      !first.equation &&
      Math.abs(first.fontSize - last.fontSize) < 0.1 * last.fontSize &&
      Math.abs(first.box[0] - last.box[0]) < last.fontSize &&
      first.baseline - last.baseline > 0.5 * last.fontSize &&
      first.baseline - last.baseline < 1.6 * last.fontSize
    ) {
      prev!.push(...segment);
    } else out.push([...segment]);
  }
  return out;
}

/** Bibliography paragraphs become one ref_text block per entry. */
function referenceEntries(block: Block): Block[] {
  const entries = block.listItems ?? [block.text ?? ''];
  return entries.filter((t) => t.trim()).map((text) => ({ type: 'ref_text' as const, pageIndex: block.pageIndex, box: block.box, text }));
}

/**
 * Places image blocks among the text blocks by vertical position and attaches a caption
 * ("Figure 3: …") found right below or above the image.
 */
function insertImages(page: Page, pageBlocks: Block[]): void {
  const minArea = page.width * page.height * 0.003;
  const images = mergeOverlapping(page.images.filter((b) => (b[2] - b[0]) * (b[3] - b[1]) >= minArea));
  for (const box of images) {
    const captions = takeCaption(page, pageBlocks, box, FIGURE_CAPTION, 'below');
    placeInOrder(pageBlocks, { type: 'image', pageIndex: page.index, box, captions });
  }
}

function mergeOverlapping(boxes: Box[]): Box[] {
  const out: Box[] = [];
  for (const box of boxes) {
    const hit = out.findIndex((o) => o[0] < box[2] && box[0] < o[2] && o[1] < box[3] && box[1] < o[3]);
    if (hit >= 0) out[hit] = unionBox([{ box: out[hit]! }, { box }]);
    else out.push(box);
  }
  return out.sort((a, b) => a[1] - b[1]);
}
