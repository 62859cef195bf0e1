// Tables split over a page break are one table. A table that closes its page (running matter and
// footnotes aside) and a table that opens the next page (running matter and a "(continued)" line
// aside), with the same columns, are the two parts of one table: the second part's rows join the
// first's (a header the second part repeats is dropped), and the block stays where the first part
// is, on its page with its box (a block belongs to one page: the page the table starts on).
import type { LabelledParagraph, ParagraphLabel, PlacedRegion, Region, Unit } from '../model/analysis.js';
import type { Box } from '../model/document.js';
import { unionOf } from '../model/geometry.js';
import type { Cell, Table } from '../model/table.js';
import { CONTINUED_CAPTION, CONTINUED_FOOTER, joinLines, LOWER_START, TABLE_CAPTION } from '../model/text.js';
import { entry } from '../model/trace.js';
import { readingSort } from '../model/typography.js';
import { cellFragments } from '../tables/fragments.js';

/** Paragraphs beside the text flow: they neither end a table at the page foot nor open the next page. */
const BESIDE_THE_FLOW = new Set<ParagraphLabel>(['header', 'footer', 'page_number', 'aside_text', 'page_footnote']);
/**
 * A column of the second part lies over the same column of the first when their spans, each
 * measured across its own part's width (0 at the table's left edge, 1 at its right), overlap
 * within this share of the width: parts set from the same column widths line up whatever the
 * page, whatever the part's own width.
 */
const COLUMN_SLACK = 0.03;
/**
 * A table set to a fixed width (an HTML or Word table) keeps its left and right edges on every
 * page, within this share of its width, whatever its cells hold.
 */
const EXTENT_SLACK = 0.02;

/** A table's next part starts within this share of the first part's width from its left edge. */
const CONTINUATION_START = 0.5;

type TableRegion = Region & { kind: 'table' };
type RegionUnit = Unit & { kind: 'region' };

/** Where the table open at a page's foot is: its unit, and the "Continued on next page" lines after it. */
interface Open {
  page: number;
  index: number;
  placed: PlacedRegion;
  /** The page its last part is on. */
  lastPage: number;
  /** Indices, on `lastPage`, of the "Continued on next page" lines under its last part. */
  footers: number[];
}

/**
 * The pages' units with each table continued on the next page merged into its first part. The
 * units given are not changed (a failure here leaves the pages as they were).
 */
export function mergeContinuedTables(pages: readonly (readonly Unit[])[]): Unit[][] {
  const out: Unit[][] = pages.map((units) => [...units]);
  const drop = pages.map(() => new Set<number>());
  let open: Open | undefined;
  let header: EdgeRows | undefined;
  // Tables joined to the rows that closed their page: read after the rest of that page's text.
  const atFoot = new Set<Region>();
  out.forEach((units, page) => {
    const first = tableAtEdge(units, 'start');
    let continued: { placed: PlacedRegion; ends: boolean; at: { page: number; index: number } } | undefined;
    if (open && open.lastPage === page - 1 && first) {
      const merged = mergeParts(open.placed, (units[first.index] as RegionUnit).placed, page);
      if (merged) {
        for (const i of open.footers) drop[open.lastPage]!.add(i);
        continued = { ...merged, at: open };
      }
    } else if (open && open.lastPage === page - 1 && !first) {
      // Rows opening the page, too few to be a table, under the table that closed the last page.
      const opening = rowsAtEdge(units, page, 'start');
      const placed = opening && withRowsBelow(open.placed, opening, page);
      if (placed && opening) {
        for (const i of open.footers) drop[open.lastPage]!.add(i);
        for (const i of opening.indices) drop[page]!.add(i);
        out[open.page]![open.index] = { kind: 'region', placed };
      }
    } else if (header && header.page === page - 1 && first) {
      const placed = withHeaderRow(header, (units[first.index] as RegionUnit).placed, page);
      if (placed) {
        for (const i of header.indices.slice(1)) drop[header.page]!.add(i);
        continued = { placed, ends: false, at: { page: header.page, index: header.indices[0]! } };
        atFoot.add(placed.region);
      }
    }
    let last = tableAtEdge(units, 'end');
    if (continued && first) {
      out[continued.at.page]![continued.at.index] = { kind: 'region', placed: continued.placed };
      for (const i of [...first.marks, first.index]) drop[page]!.add(i);
      // A part that fills its page may go on to the next, unless a caption or notes under it end the table.
      const fills = last?.index === first.index;
      open = fills && !continued.ends ? { ...continued.at, placed: continued.placed, lastPage: page, footers: last!.marks } : undefined;
      if (fills) last = undefined;
    } else open = undefined;
    if (last) open = { page, index: last.index, placed: (units[last.index] as RegionUnit).placed, lastPage: page, footers: last.marks };
    header = open ? undefined : rowsAtEdge(units, page, 'end');
  });
  return captionsOverPageBreak(out.map((units, page) => readAtFoot(units.filter((_, i) => !drop[page]!.has(i)), atFoot)));
}

/**
 * A page's units with a table that starts in rows at the page's foot moved after the rest of the
 * page's text flow: the reading order may have put those rows before the prose above them (a
 * column of the page read after the other), and the table goes on from the foot to the next page.
 */
function readAtFoot(units: Unit[], atFoot: ReadonlySet<Region>): Unit[] {
  const k = units.findIndex((u) => u.kind === 'region' && atFoot.has(u.placed.region));
  if (k < 0) return units;
  const rest = units.filter((_, i) => i !== k);
  let last = rest.length - 1;
  while (last >= 0 && besideTheFlow(rest[last]!)) last--;
  return [...rest.slice(0, last + 1), units[k]!, ...rest.slice(last + 1)];
}

/**
 * A table's caption that closes its page, the table under it on the next page (a word processor
 * moves a table whose first rows do not fit, or its head row alone, or a few rows the detectors
 * did not take, and leaves the caption behind): a caption opening with a table label, after which
 * the page holds only table cells' short paragraphs (or a table of its own without a caption, its header row joined here from the next page), is the caption of that table, or of
 * the table opening the next page when it has no caption.
 */
function captionsOverPageBreak(pages: Unit[][]): Unit[][] {
  pages.forEach((units, page) => {
    let target: RegionUnit | undefined;
    let at = -1;
    for (let i = units.length - 1; i >= 0; i--) {
      const u = units[i]!;
      if (besideTheFlow(u)) continue;
      if (isTable(u) && !target && !captioned(u.placed)) {
        target = u;
        continue;
      }
      if (u.kind !== 'paragraph') break;
      const p = u.paragraph;
      if ((p.label === 'caption' || p.label === 'text' || p.label === 'title') && TABLE_CAPTION.test(textOf(p))) {
        at = i;
        break;
      }
      // What the detectors left of the table's first rows: short cells side by side.
      if ((p.label !== 'text' && p.label !== 'title') || p.lines.length > HEADER_CELL_LINES || textOf(p).length > HEADER_CELL_CHARS) break;
    }
    if (at < 0) return;
    const next = pages[page + 1];
    const first = !target && next ? tableAtEdge(next, 'start') : undefined;
    const [holder, index] = target ? [units, units.indexOf(target)] : first && next ? [next, first.index] : [undefined, -1];
    const u = holder?.[index];
    if (!holder || !isTable(u) || captioned(u.placed)) return;
    const caption = (units.splice(at, 1)[0] as Unit & { kind: 'paragraph' }).paragraph;
    const taken = { ...caption, trace: [...caption.trace, entry('floats', 'caption.table-above-across-page-break', { where: target ? 'same-page' : 'next-page' })] };
    holder[holder.indexOf(u)] = { kind: 'region', placed: { ...u.placed, captions: [taken, ...u.placed.captions] } };
  });
  return pages;
}

/** Whether a table has a caption of its own, over or under it (a "(continued)" line aside): one set under it says the document's captions go under their tables. */
function captioned(placed: PlacedRegion): boolean {
  return placed.captions.some((c) => !CONTINUED_CAPTION.test(textOf(c)));
}

function isTable(u: Unit | undefined): u is RegionUnit {
  return u?.kind === 'region' && u.placed.region.kind === 'table';
}

function besideTheFlow(u: Unit): boolean {
  return u.kind === 'paragraph' && BESIDE_THE_FLOW.has(u.paragraph.label);
}

function textOf(p: LabelledParagraph): string {
  return joinLines(p.lines.map((l) => l.text)).trim();
}

/**
 * The table opening the page (`edge` 'start') or closing it ('end'), if one does, and the lines
 * between it and that edge that mark a continuation: "(continued)" over it, "Continued on next
 * page" under it.
 */
function tableAtEdge(units: readonly Unit[], edge: 'start' | 'end'): { index: number; marks: number[] } | undefined {
  const mark = edge === 'start' ? CONTINUED_CAPTION : CONTINUED_FOOTER;
  const marks: number[] = [];
  for (let k = 0; k < units.length; k++) {
    const i = edge === 'start' ? k : units.length - 1 - k;
    const u = units[i]!;
    if (besideTheFlow(u)) continue;
    if (u.kind === 'paragraph' && mark.test(textOf(u.paragraph))) {
      marks.push(i);
      continue;
    }
    return isTable(u) ? { index: i, marks } : undefined;
  }
  return undefined;
}

/**
 * A table's header row alone at a page's foot (a word processor does not keep it with the rows
 * on the next page): its cells are short paragraphs side by side, at most this many lines each…
 */
const HEADER_CELL_LINES = 3;
/** …and this many characters. */
const HEADER_CELL_CHARS = 60;
/** Cells of one row start within this many of their ems of each other. */
const SAME_ROW_EM = 0.6;
/** A header cell may start this many of its ems left of where the column left of it ends (cell padding). */
const HEADER_SLACK_EM = 0.5;

/**
 * …with the table's first rows under it, when the page ends a row or two into the table (too few
 * rows under the header for the detectors to take as a table of their own): at most this many
 * rows in all.
 */
const FOOT_ROWS = 3;

/**
 * Short paragraphs side by side, in rows, at a page's edge: a header row (and the first rows under
 * it) closing a page, waiting for its table on the next; or a table's last rows opening a page.
 */
interface EdgeRows {
  page: number;
  /** Their indices in the page's units, in order. */
  indices: number[];
  /** The rows, top to bottom, each left to right. */
  rows: LabelledParagraph[][];
}

/**
 * Rows of short paragraphs side by side that close the page (`edge` 'end') or open it ('start'):
 * up to FOOT_ROWS, each of two paragraphs or more.
 */
function rowsAtEdge(units: readonly Unit[], page: number, edge: 'start' | 'end'): EdgeRows | undefined {
  // The short paragraphs nearest the edge, nearest first: by their place on the page, as the
  // reading order may put a row of short cells at the foot before the prose above it (a column
  // of the page read after the other)…
  const closing: { index: number; paragraph: LabelledParagraph }[] = [];
  const flow = units.flatMap((u, index) => (besideTheFlow(u) ? [] : [{ u, index, top: unitBox(u)[1] }])).sort((a, b) => (edge === 'end' ? b.top - a.top : a.top - b.top));
  for (const { u, index } of flow) {
    if (u.kind !== 'paragraph' || (u.paragraph.label !== 'text' && u.paragraph.label !== 'title')) break;
    const p = u.paragraph;
    if (p.lines.length > HEADER_CELL_LINES || textOf(p).length > HEADER_CELL_CHARS) break;
    // A row set on one line, its cells a column gap apart, is read cell by cell.
    const pieces = p.lines.length === 1 ? cellFragments(p.lines[0]!) : [];
    if (pieces.length >= 2) for (const piece of pieces) closing.push({ index, paragraph: { ...p, lines: [piece] } });
    else closing.push({ index, paragraph: p });
  }
  // …in rows by their tops, top to bottom (the page's reading order may give them column by column)…
  const rows: (typeof closing)[] = [];
  for (const c of [...closing].sort((a, b) => paragraphBox(a.paragraph)[1] - paragraphBox(b.paragraph)[1])) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(paragraphBox(c.paragraph)[1] - paragraphBox(row[0]!.paragraph)[1]) <= SAME_ROW_EM * c.paragraph.lines[0]!.fontSize) row.push(c);
    else rows.push([c]);
  }
  // …the rows nearest the edge, up to FOOT_ROWS, each of two paragraphs or more.
  const fromEdge = edge === 'end' ? [...rows].reverse() : rows;
  let n = 0;
  while (n < fromEdge.length && fromEdge[n]!.length >= 2 && n < FOOT_ROWS) n++;
  const kept = edge === 'end' ? rows.slice(rows.length - n) : rows.slice(0, n);
  if (!kept.length) return undefined;
  const indices = [...new Set(kept.flat().map((c) => c.index))];
  // Side by side, left to right, none over another.
  for (const row of kept) {
    const boxes = row.map((c) => paragraphBox(c.paragraph)).sort((a, b) => a[0] - b[0]);
    if (boxes.some((b, k) => k > 0 && b[0] < boxes[k - 1]![2])) return undefined;
  }
  return { page, indices: indices.sort((a, b) => a - b), rows: kept.map((row) => row.map((c) => c.paragraph)) };
}

/**
 * The rows' paragraphs left to right, when every row has one paragraph over each of the table's
 * columns: each starts after the column left of it ends and before its own column ends (header
 * cells start at their cell's left, the values under them may be set flush left or flush right).
 */
function rowsOver(rows: EdgeRows, t: Table): LabelledParagraph[][] | undefined {
  const width = t.box[2] - t.box[0];
  const spans = columnSpans(t).map((s) => s && ([t.box[0] + s[0] * width, t.box[0] + s[1] * width] as const));
  if (spans.some((s) => !s)) return undefined;
  const sorted = rows.rows.map((row) => [...row].sort((x, y) => paragraphBox(x)[0] - paragraphBox(y)[0]));
  const fits = (cells: LabelledParagraph[]) =>
    cells.length === t.cols &&
    cells.every((p, c) => {
      const box = paragraphBox(p);
      const slack = HEADER_SLACK_EM * p.lines[0]!.fontSize;
      return (c === 0 || box[0] >= spans[c - 1]![1] - slack) && box[0] <= spans[c]![1];
    });
  return sorted.every(fits) ? sorted : undefined;
}

/** One cell per paragraph of rows laid over a table's columns (rowsOver), the first at row `firstRow`. */
function cellsOf(rows: readonly LabelledParagraph[][], firstRow: number): Cell[] {
  return rows.flatMap((row, r) => row.map((p, c) => ({ row: firstRow + r, col: c, rowSpan: 1, colSpan: 1, lines: [...p.lines] })));
}

/**
 * The table that closed the previous page with the rows that open this page under it (too few
 * for the detectors to take as a table of their own: an invoice's last totals row), one
 * paragraph over each of its columns in every row. Columns are compared on the table's own
 * page's coordinates: a table set to a fixed width keeps its columns' places on every page.
 */
function withRowsBelow(open: PlacedRegion, opening: EdgeRows, page: number): PlacedRegion | undefined {
  const b = open.region as TableRegion;
  const t = b.table;
  const rows = rowsOver(opening, t);
  if (!rows) return undefined;
  const cells = cellsOf(rows, t.rows);
  const table: Table = { ...t, rows: t.rows + rows.length, cells: [...t.cells, ...cells] };
  const region: TableRegion = {
    ...b,
    table,
    lines: [...b.lines, ...cells.flatMap((c) => c.lines)],
    trace: [...b.trace, entry('floats', 'table.rows-at-next-page-head', { page, rowsAtHead: rows.length })],
  };
  return { ...open, region };
}

/**
 * The table opening a page with the header row (and rows) that closed the previous page over its
 * rows: one paragraph over each of its columns, in order, in every row. The table is the previous
 * page's, with the box of those rows.
 */
function withHeaderRow(header: EdgeRows, second: PlacedRegion, page: number): PlacedRegion | undefined {
  const b = second.region as TableRegion;
  const t = b.table;
  if (second.captions.some((c) => !CONTINUED_CAPTION.test(textOf(c)) && !below(c, b.box))) return undefined;
  const rows = rowsOver(header, t);
  if (!rows) return undefined;
  const headerCells = cellsOf(rows, 0);
  const headerTable: Table = { box: unionOf(headerCells.flatMap((c) => c.lines)), rows: rows.length, cols: t.cols, cells: headerCells };
  const repeated = repeatedHeader(headerTable, t);
  const table = appendRows(headerTable, t, repeated);
  const region: TableRegion = {
    ...b,
    box: headerTable.box,
    table,
    lines: [...headerCells.flatMap((c) => c.lines), ...b.lines],
    trace: [...b.trace, entry('floats', 'table.header-row-at-previous-page-foot', { page, rows: table.rows - rows.length, rowsAtFoot: rows.length, headerRowsDropped: repeated })],
  };
  return { ...second, region, captions: second.captions.filter((c) => !CONTINUED_CAPTION.test(textOf(c))) };
}

function unitBox(u: Unit): Box {
  return u.kind === 'paragraph' ? paragraphBox(u.paragraph) : u.placed.region.box;
}

function paragraphBox(p: LabelledParagraph): Box {
  return unionOf(p.lines);
}

/** Whether a caption is set below its table (at its foot rather than its head). */
function below(caption: LabelledParagraph, table: Box): boolean {
  return paragraphBox(caption)[1] >= table[3] - 1;
}

/**
 * The first part with the second's rows, or undefined when the second is a table of its own: a
 * caption or notes under the first part end it; a caption over the second (other than a
 * "(continued)" line) opens a new table; the parts must have as many columns, lined up. `ends`:
 * the second part has a caption or notes under it, so the table ends there.
 */
function mergeParts(first: PlacedRegion, second: PlacedRegion, page: number): { placed: PlacedRegion; ends: boolean } | undefined {
  const a = first.region as TableRegion;
  const b = second.region as TableRegion;
  if (first.notes.length || first.captions.some((c) => below(c, a.box))) return undefined;
  const continuation = second.captions.filter((c) => CONTINUED_CAPTION.test(textOf(c)));
  const captions = second.captions.filter((c) => !continuation.includes(c));
  if (captions.some((c) => !below(c, b.box))) return undefined;
  if (a.table.cols !== b.table.cols) return undefined;
  // A table goes on from its left edge (its first column's rows): a block set under the right part
  // of the table alone (an invoice's totals opening the next page) is a table of its own.
  if (b.box[0] - a.box[0] > CONTINUATION_START * (a.box[2] - a.box[0])) return undefined;
  const by = columnsLineUp(a.table, b.table) ? 'columns' : sameExtent(a.box, b.box) ? 'edges' : undefined;
  if (!by) return undefined;
  const header = repeatedHeader(a.table, b.table);
  const cut = joinRowCutByPageBreak(a.table, b.table, header);
  const table = appendRows(cut.first, cut.second, header);
  const region: TableRegion = {
    ...a,
    table,
    lines: [...a.lines, ...b.lines],
    trace: [...a.trace, entry('floats', 'table.continued-on-next-page', { page, rows: table.rows - a.table.rows, headerRowsDropped: header, linedUpBy: by, continuedCaptionDropped: continuation.length > 0, rowCutByPageBreak: cut.joined })],
  };
  return { placed: { ...first, region, captions: [...first.captions, ...captions], notes: [...second.notes] }, ends: captions.length > 0 || second.notes.length > 0 };
}

function cellText(c: Cell): string {
  return joinLines(readingSort(c.lines).map((l) => l.text)).replace(/\s+/g, ' ').trim();
}

/** Each column's span, as shares of the table's width, from the cells of that column alone. */
function columnSpans(t: Table): (readonly [number, number] | undefined)[] {
  const width = t.box[2] - t.box[0];
  const spans: ([number, number] | undefined)[] = Array.from({ length: t.cols }, () => undefined);
  if (width <= 0) return spans;
  for (const c of t.cells) {
    if (c.colSpan !== 1) continue;
    for (const l of c.lines) {
      const x0 = (l.box[0] - t.box[0]) / width;
      const x1 = (l.box[2] - t.box[0]) / width;
      const s = spans[c.col];
      spans[c.col] = s ? [Math.min(s[0], x0), Math.max(s[1], x1)] : [x0, x1];
    }
  }
  return spans;
}

/** Whether every column both parts fill lies over the same column of the other part. */
function columnsLineUp(a: Table, b: Table): boolean {
  const sa = columnSpans(a);
  const sb = columnSpans(b);
  let compared = 0;
  for (let c = 0; c < a.cols; c++) {
    const x = sa[c];
    const y = sb[c];
    if (!x || !y) continue;
    if (Math.min(x[1], y[1]) - Math.max(x[0], y[0]) < -COLUMN_SLACK) return false;
    compared++;
  }
  return compared >= 2;
}

function sameExtent(a: Box, b: Box): boolean {
  const slack = EXTENT_SLACK * Math.max(a[2] - a[0], b[2] - b[0]);
  return Math.abs(a[0] - b[0]) <= slack && Math.abs(a[2] - b[2]) <= slack;
}

/** A row's cells as (column, span, text), for comparing rows of the two parts. */
function rowKey(t: Table, row: number): string | undefined {
  const cells = t.cells.filter((c) => c.row === row).sort((x, y) => x.col - y.col);
  if (!cells.some((c) => c.lines.length)) return undefined;
  return cells.map((c) => `${c.col}/${c.colSpan}/${c.rowSpan}/${cellText(c)}`).join('|');
}

/**
 * How many first rows of the second part repeat the first part's first rows (a header set again
 * on each page): the same cells with the same text, none reaching below them, and rows left after them.
 */
function repeatedHeader(a: Table, b: Table): number {
  let k = 0;
  while (k < a.rows && k + 1 < b.rows) {
    const key = rowKey(b, k);
    if (key === undefined || key !== rowKey(a, k)) break;
    k++;
  }
  while (k > 0 && b.cells.some((c) => c.row < k && c.row + c.rowSpan > k)) k--;
  return k;
}

/**
 * A row the page break cut through: the second part's first row (after a repeated header) holds
 * only the rest of some cells of the first part's last row, each going on in lower case in a
 * column that row fills, and fills fewer columns than it. Its lines join those cells, set under
 * their last line (the two pages' coordinates differ; the cell's text is read top to bottom),
 * and the row goes.
 */
function joinRowCutByPageBreak(first: Table, second: Table, skip: number): { first: Table; second: Table; joined: boolean } {
  const unchanged = { first, second, joined: false };
  const last = first.rows - 1;
  const rest = second.cells.filter((c) => c.row === skip && c.lines.length);
  const ending = first.cells.filter((c) => c.row + c.rowSpan - 1 === last && c.lines.length);
  if (!rest.length || second.rows - skip < 2 || rest.length >= ending.length) return unchanged;
  const target = (c: Cell) => ending.find((o) => o.col === c.col && o.colSpan === c.colSpan);
  if (!rest.every((c) => c.rowSpan === 1 && target(c) && LOWER_START.test(cellText(c)))) return unchanged;
  const joined = new Map(rest.map((c) => [target(c)!, c]));
  const cells = first.cells.map((cell) => {
    const more = joined.get(cell);
    if (!more) return cell;
    const bottom = Math.max(...cell.lines.map((l) => l.box[3]));
    const size = Math.max(...cell.lines.map((l) => l.fontSize));
    const dy = bottom + LINE_GAP_EM * size - Math.min(...more.lines.map((l) => l.box[1]));
    const moved = more.lines.map((l) => ({ ...l, box: [l.box[0], l.box[1] + dy, l.box[2], l.box[3] + dy] as Box, baseline: l.baseline + dy }));
    return { ...cell, lines: [...cell.lines, ...moved] };
  });
  const rows = second.cells.filter((c) => c.row !== skip).map((c) => (c.row > skip ? { ...c, row: c.row - 1 } : c));
  return { first: { ...first, cells }, second: { ...second, rows: second.rows - 1, cells: rows }, joined: true };
}

/** The gap, in ems, left between a cell's last line and the rest of it moved under it. */
const LINE_GAP_EM = 0.2;

/** The first table with the second's rows after the first `skip` under its own. */
function appendRows(a: Table, b: Table, skip: number): Table {
  const shift = a.rows - skip;
  const cells = [...a.cells, ...b.cells.filter((c) => c.row >= skip).map((c) => ({ ...c, row: c.row + shift }))];
  return { box: a.box, rows: a.rows + b.rows - skip, cols: a.cols, cells };
}
