// Floats: tables and charts found among a page's body lines, their captions and notes, and
// their place among the text blocks in reading order.
import { detectCharts } from '../charts/detect.js';
import type { Block, Box, Page, TextLine } from '../model/document.js';
import { borderlessTables } from '../tables/borderless.js';
import { ruledTables } from '../tables/detect.js';
import { tableHtml, type DetectedTable } from '../tables/table.js';

export const FIGURE_CAPTION = /^(fig(ure)?|image|chart|graph|plate|photo)\.?\s*[\dIVX]+/i;
const TABLE_CAPTION = /^(table|tab\.)\s*[\dIVXA-Z]+\b/i;
/** Notes under a table: "Note:", "Source:", a mark (*, †, a) …) before the text. */
const TABLE_NOTE = /^(notes?|sources?)\b|^[*†‡§¶]|^\(?[a-z]\)\s|^[a-z]\s\p{Lu}/iu;

/**
 * Tables (ruled, then borderless) and charts among a page's body lines (and its `vertical`
 * lines, for ruled tables). Returns their blocks (without captions yet), the lines left for the
 * text flow, and the lines they use: a table's lines are its cells, a chart's lines are its
 * labels, and neither reaches the text.
 */
export function findFloats(page: Page, lines: TextLine[], vertical: TextLine[] = []): { floats: Block[]; rest: TextLine[]; used: Set<TextLine> } {
  // Vertical text (a column header set sideways) can be a ruled table's cell, nothing else.
  const ruled = ruledTables([...lines, ...vertical], page.rules ?? []);
  const tableBoxes = ruled.tables.map((t) => t.table.box);
  const graphics = (page.graphics ?? []).filter((g) => !tableBoxes.some((b) => containsCenter(b, g)));
  const inRuled = new Set(ruled.tables.flatMap((t) => t.lines));
  const charts = detectCharts(page.width, page.height, lines.filter((l) => !inRuled.has(l)), graphics, ruled.otherRules, FIGURE_CAPTION).filter(
    // Shaded rows and row rules look like drawings too: text that reads as a full table is one
    // (a chart's labels leave most cells of such a grid empty).
    (chart) => {
      const full = borderlessTables(chart.lines, ruled.looseRules).filter((t) => t.table.cells.length >= 0.7 * t.table.rows * t.table.cols);
      return full.reduce((n, t) => n + t.lines.length, 0) < 0.6 * chart.lines.length || !chart.lines.length;
    },
  );
  const floats: Block[] = [];
  const used = new Set<TextLine>();
  const addTable = (t: DetectedTable) => {
    floats.push({ type: 'table', pageIndex: page.index, box: t.table.box, tableHtml: tableHtml(t.table) });
    for (const l of t.lines) used.add(l);
  };
  for (const chart of charts) {
    floats.push({ type: 'chart', pageIndex: page.index, box: chart.box, captions: [] });
    for (const l of chart.lines) used.add(l);
  }
  ruled.tables.forEach(addTable);
  borderlessTables(lines.filter((l) => !used.has(l) && !ruled.gridLines.has(l)), ruled.looseRules).forEach(addTable);
  return { floats: floats.sort((a, b) => a.box[1] - b.box[1]), rest: lines.filter((l) => !used.has(l)), used };
}

/**
 * Places table and chart blocks among the page's blocks, with their captions ("Table 2: …"
 * above or below a table, "Figure 3: …" by a chart) and, for tables, the notes right below.
 */
export function placeFloats(page: Page, pageBlocks: Block[], floats: Block[]): void {
  for (const float of floats) {
    if (float.type === 'table') {
      float.captions = takeCaption(page, pageBlocks, float.box, TABLE_CAPTION, 'above');
      const notes = takeNotes(page, pageBlocks, float.box);
      if (notes.length) float.footnotes = notes;
    } else float.captions = takeCaption(page, pageBlocks, float.box, FIGURE_CAPTION, 'below');
    placeInOrder(pageBlocks, float);
  }
}

/**
 * Removes from `pageBlocks` and returns the caption of a float: a text block matching
 * `pattern` close above or below it, the `prefer`red side first.
 */
export function takeCaption(page: Page, pageBlocks: Block[], box: Box, pattern: RegExp, prefer: 'above' | 'below'): string[] {
  const candidates = pageBlocks
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => (b.type === 'text' || b.type === 'title') && pattern.test(b.text ?? '') && verticalDistance(b.box, box) < page.height * 0.06 && overlapsX(b.box, box))
    .sort((x, y) => score(x.b) - score(y.b));
  function score(b: Block): number {
    const side = b.box[3] <= box[1] + 1 ? 'above' : 'below';
    return verticalDistance(b.box, box) + (side === prefer ? 0 : page.height);
  }
  const hit = candidates[0];
  if (!hit) return [];
  pageBlocks.splice(hit.i, 1);
  return [hit.b.text!];
}

/** Notes right below a table, one after the other, removed from `pageBlocks`. */
function takeNotes(page: Page, pageBlocks: Block[], box: Box): string[] {
  const notes: string[] = [];
  let bottom = box[3];
  for (;;) {
    const i = pageBlocks.findIndex(
      (b) =>
        (b.type === 'text' || b.type === 'page_footnote') &&
        b.box[1] >= bottom - 1 &&
        b.box[1] - bottom < page.height * 0.03 &&
        overlapsX(b.box, box) &&
        TABLE_NOTE.test(b.text ?? ''),
    );
    if (i < 0) return notes;
    const note = pageBlocks.splice(i, 1)[0]!;
    notes.push(note.text!);
    bottom = note.box[3];
  }
}

/** Inserts a block before the first body block that starts below its top and overlaps it horizontally. */
export function placeInOrder(pageBlocks: Block[], block: Block): void {
  let at = pageBlocks.findIndex((b) => b.box[1] >= block.box[1] && overlapsX(b.box, block.box) && !isFurniture(b));
  if (at < 0) at = pageBlocks.length;
  pageBlocks.splice(at, 0, block);
}

function isFurniture(b: Block): boolean {
  return b.type === 'header' || b.type === 'footer' || b.type === 'page_number';
}

export function verticalDistance(a: Box, b: Box): number {
  if (a[1] >= b[3]) return a[1] - b[3];
  if (b[1] >= a[3]) return b[1] - a[3];
  return 0;
}

export function overlapsX(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2];
}

function containsCenter(outer: Box, inner: Box): boolean {
  const cx = (inner[0] + inner[2]) / 2;
  const cy = (inner[1] + inner[3]) / 2;
  return cx >= outer[0] && cx <= outer[2] && cy >= outer[1] && cy <= outer[3];
}

/**
 * A table that opens a page without a caption, right after a table that closed the previous
 * page with the same number of columns, continues that table: it stays a block of its own
 * page (blocks never span pages) and carries the first part's caption marked "(continued)".
 */
export function linkContinuedTables(blocks: Block[]): void {
  let previous: Block | undefined;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type !== 'table') continue;
    const before = blocks.slice(0, i).filter((x) => !isMargin(x));
    const opensPage = before.length === 0 || before[before.length - 1]!.pageIndex < b.pageIndex;
    if (
      previous &&
      previous.pageIndex === b.pageIndex - 1 &&
      opensPage &&
      before[before.length - 1] === previous &&
      !b.captions?.length &&
      columnCount(previous.tableHtml) === columnCount(b.tableHtml)
    ) {
      const caption = previous.captions?.[0]?.replace(/\s*\(continued\)$/, '');
      if (caption) b.captions = [`${caption} (continued)`];
    }
    previous = b;
  }
}

function isMargin(b: Block): boolean {
  return isFurniture(b) || b.type === 'aside_text' || b.type === 'page_footnote';
}

/** Columns of a table's first row (spans counted). */
function columnCount(html: string | undefined): number {
  const first = /<tr>(.*?)<\/tr>/.exec(html ?? '')?.[1] ?? '';
  let count = 0;
  for (const m of first.matchAll(/<td(?: rowspan="\d+")?(?: colspan="(\d+)")?>/g)) count += Number(m[1] ?? 1);
  return count;
}
