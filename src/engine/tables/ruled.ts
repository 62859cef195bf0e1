// Ruled tables: rules that cross each other form a grid; its cells are the rectangles between
// neighbouring rules, merged where a rule is missing (a spanning cell). A grid row holding
// several rows of text (a table ruled only between columns) is split into text rows. Grids
// that are no table (a form, a plot's gridlines, a frame around prose) are reported as such:
// their rules may still bound a borderless table or belong to a chart.
import type { Box, TextLine } from '../model/document.js';
import { median } from '../model/numbers.js';
import { FORMATTED_VALUE } from '../model/text.js';
import type { Cell, Table } from '../model/table.js';
import { columnEdges, GROUP_HEADING_CENTRED } from './columns.js';
import { cellFragments } from './fragments.js';
import { baselineGroups, textRows } from './rows.js';
import { isMostlyRightToLeftText } from '../model/script.js';
import { isolatedBoxes, mergeRules, POSITION_SNAP, RULE_SNAP, ruledBoxes, ruleGrids, straddlesBox, type Grid, type HRule } from './rules.js';

/** Share of a grid's positions that must hold text: a form to fill in or a plot's grid holds little. */
const MIN_FILLED = 0.42;
/** The same, counted over the table after empty rows and columns are dropped. */
const MIN_FILLED_TABLE = 0.4;
/** Lines longer than this many characters, running across the whole grid, are prose in a frame. */
const PROSE_CHARS = 60;
/** Share of a grid's lines that may be such prose. */
const MAX_PROSE_SHARE = 0.2;
/** A cell holds at most this many lines on average: more is a text box. */
const MAX_LINES_PER_CELL = 4;
/** A column between two rules splits at text gaps when this many rows (and half of them) hold 2+ fragments. */
const SUB_COLUMN_ROWS = 3;
/** Grids with this many rules each way hold a form or a plot when they are no table: no borderless table there. */
const GRID_MIN_RULES = 3;
/** Tolerances in ems of the page's text: a glyph touching a rule, a column's text edge. */
const TOUCH = 0.1;
const CELL_PADDING = 0.2;

export interface TableFound {
  table: Table;
  /** Every line inside the table's region. */
  lines: TextLine[];
  /** The rule that found it and what it saw. */
  rule: string;
  values: Record<string, number>;
}

export interface RuledResult {
  tables: TableFound[];
  /** Horizontal rules of no ruled table: they may bound a borderless table. */
  looseRules: HRule[];
  /** Rules of no table, as boxes: they may be a chart's axes and gridlines. */
  otherRules: Box[];
  /** Lines inside a grid of rules that is no table (a form, a plot): no borderless table either. */
  gridLines: Set<TextLine>;
}

/** Ruled tables among `lines`, from the page's rules. */
export function ruledTables(lines: readonly TextLine[], rules: readonly Box[]): RuledResult {
  const size = median(lines.map((l) => l.fontSize)) || 10;
  const snap = RULE_SNAP * size;
  const near = POSITION_SNAP * size;
  const result: RuledResult = { tables: [], looseRules: [], otherRules: [], gridLines: new Set() };
  let remaining = [...lines];
  // A grid inside another's cell (a table nested in a ruled form) takes its lines first: the
  // outer grid's cell keeps the text around it.
  for (const grid of nestedFirst(ruleGrids(mergeRules(rules, snap), snap))) {
    const lattice = grid.v.length ? latticeTable(grid, remaining, near) : null;
    if (!lattice) {
      if (grid.h.length >= GRID_MIN_RULES && grid.v.length >= GRID_MIN_RULES) for (const l of linesInside(remaining, grid)) result.gridLines.add(l);
      result.looseRules.push(...grid.h);
      result.otherRules.push(...grid.h.map((r): Box => [r.x0, r.y, r.x1, r.y]), ...grid.v.map((r): Box => [r.x, r.y0, r.x, r.y1]));
      continue;
    }
    result.tables.push(lattice);
    const used = new Set(lattice.lines);
    remaining = remaining.filter((l) => !used.has(l));
  }
  return result;
}

/** The grids, each one inside another (its extent within the other's) before that one. */
function nestedFirst(grids: Grid[]): Grid[] {
  const extent = (g: Grid): Box => [
    Math.min(...g.h.map((r) => r.x0), ...g.v.map((r) => r.x)),
    Math.min(...g.v.map((r) => r.y0), ...g.h.map((r) => r.y)),
    Math.max(...g.h.map((r) => r.x1), ...g.v.map((r) => r.x)),
    Math.max(...g.v.map((r) => r.y1), ...g.h.map((r) => r.y)),
  ];
  const boxes = grids.map(extent);
  const within = (a: Box, b: Box) => a !== b && a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3];
  const depth = boxes.map((a) => boxes.filter((b) => within(a, b)).length);
  return grids.map((g, i) => ({ g, i })).sort((a, b) => depth[b.i]! - depth[a.i]! || a.i - b.i).map((x) => x.g);
}

function linesInside(lines: readonly TextLine[], grid: Grid): TextLine[] {
  const x0 = Math.min(...grid.h.map((r) => r.x0));
  const x1 = Math.max(...grid.h.map((r) => r.x1));
  const y0 = Math.min(...grid.v.map((r) => r.y0));
  const y1 = Math.max(...grid.v.map((r) => r.y1));
  return lines.filter((l) => l.box[0] >= x0 && l.box[2] <= x1 && l.box[1] >= y0 && l.box[3] <= y1);
}

/** Sorted positions, those within `near` taken as one. */
function snapPositions(values: number[], near: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of sorted) {
    if (out.length && v - out[out.length - 1]! <= near) continue;
    out.push(v);
  }
  return out;
}

function indexOf(positions: number[], v: number): number {
  for (let i = 0; i < positions.length - 1; i++) if (v < positions[i + 1]!) return i;
  return positions.length - 2;
}

/**
 * The table of one grid of rules and the lines inside it, or null when the grid is not a
 * table (a frame around a paragraph, a lone underline).
 */
function latticeTable(grid: Grid, lines: readonly TextLine[], near: number): TableFound | null {
  // Four rules alone are a frame around a box (an infobox, a sidebar): the box's text is read
  // inside it, its table (if any) found among its lines as a borderless one, which the frame's
  // edges confirm.
  if (grid.h.length < 2 || grid.v.length < 2 || (grid.h.length === 2 && grid.v.length === 2)) return null;
  const box: Box = [
    Math.min(...grid.h.map((r) => r.x0), ...grid.v.map((r) => r.x)),
    Math.min(...grid.v.map((r) => r.y0), ...grid.h.map((r) => r.y)),
    Math.max(...grid.h.map((r) => r.x1), ...grid.v.map((r) => r.x)),
    Math.max(...grid.v.map((r) => r.y1), ...grid.h.map((r) => r.y)),
  ];
  const inside = lines.filter((l) => {
    const cx = (l.box[0] + l.box[2]) / 2;
    const cy = (l.box[1] + l.box[3]) / 2;
    return cx > box[0] && cx < box[2] && cy > box[1] && cy < box[3];
  });
  // Rules around a sidebar that run on under the text beside it (headings' underlines): the text
  // straddles the sidebar's frame, and the grid is no table. A table whose cells are drawn as
  // rectangles, each abutting the next, has no such frame.
  if (!inside.length || straddlesBox(inside, isolatedBoxes(ruledBoxes(grid, near), near))) return null;
  const size = median(inside.map((l) => l.fontSize));
  const xs = textColumns(snapPositions([box[0], box[2], ...grid.v.map((r) => r.x)], near), inside, size);
  const ys = snapPositions([box[1], box[3], ...grid.h.map((r) => r.y)], near);
  const cols = xs.length - 1;
  const bands = ys.length - 1;
  if (cols < 1 || bands < 1) return null;

  const bandOf = (l: TextLine) => indexOf(ys, (l.box[1] + l.box[3]) / 2);
  const colOf = (l: TextLine) => indexOf(xs, (l.box[0] + l.box[2]) / 2);
  const byPosition = mergedCells(grid, xs, ys, near);
  // A line running across a column edge where no rule parts its cells (values set close: "-   -   42")
  // is its cells, when each of its pieces keeps to one column.
  const columnsOf = (l: TextLine): [number, number] => [indexOf(xs, l.box[0] + TOUCH * size), indexOf(xs, l.box[2] - TOUCH * size)];
  const oneColumn = (l: TextLine) => {
    const [first, last] = columnsOf(l);
    return first === last;
  };
  const pieces = inside.flatMap((l) => {
    if (oneColumn(l)) return [l];
    const parts = cellFragments(l);
    return parts.length > 1 && (parts.every(oneColumn) || apartInColumns(parts, columnsOf)) ? parts : [l];
  });
  for (const l of pieces) byPosition.get(bandOf(l) * cols + colOf(l))!.lines.push(l);
  splitUnruledRows(byPosition, xs, colOf, TOUCH * size);
  const groups = [...new Set(byPosition.values())];

  // Text rows per band: a band ruled only at its top and bottom may hold many rows of text.
  const colRight = xs.slice(1).map((x) => x - CELL_PADDING * size);
  // A right-to-left table (Hebrew, Arabic) has its row labels in its last column.
  const labelCol = isMostlyRightToLeftText(inside.map((l) => l.text)) ? cols - 1 : 0;
  const bandRows: TextLine[][][] = [];
  for (let b = 0; b < bands; b++) {
    const own = groups.filter((g) => g.b0 === b && g.b1 === b).flatMap((g) => g.lines);
    const rows = own.length ? textRows(own, colOf, colRight, true, true, undefined, labelCol) : [];
    // Lines of the label column alone under the band's first row of values are its label's wrapped
    // lines, whatever their case ("The pediatric clinic / improved in / Göteborg between"): between
    // two rules no other row starts.
    const labelOnly = (r: TextLine[]) => r.every((l) => colOf(l) === labelCol);
    if (rows.length > 1 && rows[0]!.some((l) => colOf(l) === labelCol) && !labelOnly(rows[0]!) && rows.slice(1).every(labelOnly)) bandRows.push([rows.flat()]);
    else bandRows.push(rows);
  }
  const firstRow: number[] = [];
  let rows = 0;
  for (let b = 0; b < bands; b++) {
    firstRow.push(rows);
    rows += Math.max(1, bandRows[b]!.length);
  }
  firstRow.push(rows);

  const cells: Cell[] = [];
  for (const g of groups) {
    const colSpan = g.c1 - g.c0 + 1;
    let headings: ReturnType<typeof groupHeadings> = null;
    if (g.b0 === g.b1 && bandRows[g.b0]!.length > 1) {
      // One cell per text row of the band.
      bandRows[g.b0]!.forEach((rowLines, i) => {
        const own = rowLines.filter((l) => g.lines.includes(l));
        if (!own.length) return;
        // A cell spanning columns unruled between them holds a row whose lines each keep to a column
        // (the columns' headings under a group's heading): those are cells of their own.
        const byColumn = new Set(own.map(colOf));
        const split = colSpan > 1 && !own.every(oneColumn) ? groupHeadings(own, g.c0, g.c1, xs, size, columnsOf) : null;
        if (colSpan > 1 && byColumn.size > 1 && own.every(oneColumn)) for (const c of byColumn) cells.push({ row: firstRow[g.b0]! + i, col: c, rowSpan: 1, colSpan: 1, lines: own.filter((l) => colOf(l) === c) });
        else if (split) for (const h of split) cells.push({ row: firstRow[g.b0]! + i, col: h.c0, rowSpan: 1, colSpan: h.c1 - h.c0 + 1, lines: h.lines });
        else cells.push({ row: firstRow[g.b0]! + i, col: g.c0, rowSpan: 1, colSpan, lines: own });
      });
    } else if (g.b0 === g.b1 && colSpan > 1 && (headings = groupHeadings(g.lines, g.c0, g.c1, xs, size, columnsOf))) {
      for (const h of headings) cells.push({ row: firstRow[g.b0]!, col: h.c0, rowSpan: 1, colSpan: h.c1 - h.c0 + 1, lines: h.lines });
    } else if (g.lines.length || colSpan > 1 || g.b1 > g.b0) {
      cells.push({ row: firstRow[g.b0]!, col: g.c0, rowSpan: firstRow[g.b1 + 1]! - firstRow[g.b0]!, colSpan, lines: g.lines });
    }
  }
  // Mostly empty cells: a form to fill in, or the gridlines and bar outlines of a plot. Thin
  // empty bands between two rules across the whole grid (double rules) are no cells to fill.
  const across = (y: number) => grid.h.some((r) => Math.abs(r.y - y) <= near && r.x1 - r.x0 >= 0.9 * (box[2] - box[0]));
  const thinBands = [...Array(bands).keys()].filter(
    (b) => ys[b + 1]! - ys[b]! < size && across(ys[b]!) && across(ys[b + 1]!) && !inside.some((l) => bandOf(l) === b),
  ).length;
  const filled = cells.filter((c) => c.lines.length).reduce((n, c) => n + c.rowSpan * c.colSpan, 0);
  const filledShare = filled / Math.max(1, (rows - thinBands) * cols);
  if (filledShare < MIN_FILLED) return null;
  const table = dropEmptyRowsAndCols({ box, rows, cols, cells });
  if (table.rows < 2 || table.cols < 2 || !looksLikeTable(table, inside)) return null;
  return { table, lines: inside, rule: 'table.ruled-grid', values: { rules: grid.h.length + grid.v.length, rows: table.rows, cols: table.cols, filled: filledShare } };
}

/**
 * Column positions refined by the text: a column between two rules that holds two or more
 * columns of text in most of its rows (sub-columns without a rule between them) is split at
 * the gaps between them.
 */
function textColumns(xs: number[], lines: readonly TextLine[], size: number): number[] {
  const out = [xs[0]!];
  for (let c = 0; c + 1 < xs.length; c++) {
    const own = lines.filter((l) => l.box[0] >= xs[c]! - TOUCH * size && l.box[2] <= xs[c + 1]! + TOUCH * size);
    const rows = baselineGroups(own);
    const split = rows.filter((r) => r.length >= 2).length;
    if (split >= SUB_COLUMN_ROWS && split >= 0.5 * rows.length) out.push(...columnEdges(rows, [xs[c]!, 0, xs[c + 1]!, 0], size).slice(1, -1));
    out.push(xs[c + 1]!);
  }
  return out;
}

interface CellGroup {
  /** First and last band (the rows between rules) and column the cell covers. */
  b0: number;
  b1: number;
  c0: number;
  c1: number;
  lines: TextLine[];
}

/**
 * The cells of a grid with bands between `ys` and columns between `xs`: neighbouring grid
 * positions with no rule between them are one cell (a span). Keyed by band × columns + column;
 * the positions of one cell share its object.
 */
function mergedCells(grid: Grid, xs: number[], ys: number[], near: number): Map<number, CellGroup> {
  const cols = xs.length - 1;
  const bands = ys.length - 1;
  const parent = [...Array(bands * cols).keys()];
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let b = 0; b < bands; b++) {
    const mid = (ys[b]! + ys[b + 1]!) / 2;
    for (let c = 1; c < cols; c++) {
      const x = xs[c]!;
      if (!grid.v.some((r) => Math.abs(r.x - x) <= near && r.y0 <= mid && r.y1 >= mid)) parent[find(b * cols + c)] = find(b * cols + c - 1);
    }
  }
  for (let c = 0; c < cols; c++) {
    const mid = (xs[c]! + xs[c + 1]!) / 2;
    for (let b = 1; b < bands; b++) {
      const y = ys[b]!;
      if (!grid.h.some((r) => Math.abs(r.y - y) <= near && r.x0 <= mid && r.x1 >= mid)) parent[find(b * cols + c)] = find((b - 1) * cols + c);
    }
  }
  const byRoot = new Map<number, CellGroup>();
  const cells = new Map<number, CellGroup>();
  for (let b = 0; b < bands; b++) {
    for (let c = 0; c < cols; c++) {
      const root = find(b * cols + c);
      let g = byRoot.get(root);
      if (!g) byRoot.set(root, (g = { b0: b, b1: b, c0: c, c1: c, lines: [] }));
      g.b1 = Math.max(g.b1, b);
      g.c0 = Math.min(g.c0, c);
      g.c1 = Math.max(g.c1, c);
      cells.set(b * cols + c, g);
    }
  }
  return cells;
}

/**
 * A row ruled above and below but not between its cells, whose lines each sit in one column,
 * is a row of separate cells, not one cell spanning the table.
 */
function splitUnruledRows(cells: Map<number, CellGroup>, xs: number[], colOf: (l: TextLine) => number, touch: number): void {
  const cols = xs.length - 1;
  for (const g of new Set(cells.values())) {
    if (g.b0 !== g.b1 || g.c0 === g.c1) continue;
    const fits = g.lines.every((l) => indexOf(xs, l.box[0] + touch) === indexOf(xs, l.box[2] - touch));
    if (!fits || new Set(g.lines.map(colOf)).size < 2) continue;
    for (let c = g.c0; c <= g.c1; c++) cells.set(g.b0 * cols + c, { b0: g.b0, b1: g.b0, c0: c, c1: c, lines: g.lines.filter((l) => colOf(l) === c) });
  }
}

/** Pieces of one row, two or more, each over columns of its own (group headings set apart on one line). */
function apartInColumns(parts: readonly TextLine[], columnsOf: (l: TextLine) => [number, number]): boolean {
  const ranges = [...parts].sort((a, b) => a.box[0] - b.box[0]).map(columnsOf);
  return ranges.length > 1 && ranges.every((r, i) => i === 0 || r[0] > ranges[i - 1]![1]);
}

/**
 * The cells of a row of a cell spanning unruled columns c0..c1 whose lines stand over columns
 * of their own, each over several ("Fiscal balance sheet" over two years, "Regional invoice"
 * over three, in one band between two rules): one cell per heading, the columns between two
 * headings going to the one they centre it on. Null when the row is one heading, its lines
 * share a column (words of one cell), or one of them is a value or not centred over its columns.
 */
function groupHeadings(lines: readonly TextLine[], c0: number, c1: number, xs: number[], size: number, columnsOf: (l: TextLine) => [number, number]): Array<{ c0: number; c1: number; lines: TextLine[] }> | null {
  const sorted = [...lines].sort((a, b) => a.box[0] - b.box[0]);
  if (sorted.length < 2 || !apartInColumns(sorted, columnsOf)) return null;
  const out: Array<{ c0: number; c1: number; lines: TextLine[] }> = [];
  let start = c0;
  sorted.forEach((l, i) => {
    const middle = (l.box[0] + l.box[2]) / 2;
    let end = c1;
    if (i + 1 < sorted.length) {
      // The cut after column k, between this heading's last column and the next one's first: where this heading is best centred.
      const [, last] = columnsOf(l);
      const [nextFirst] = columnsOf(sorted[i + 1]!);
      end = last;
      for (let k = last; k < nextFirst; k++) if (Math.abs((xs[start]! + xs[k + 1]!) / 2 - middle) < Math.abs((xs[start]! + xs[end + 1]!) / 2 - middle)) end = k;
    }
    out.push({ c0: start, c1: Math.max(start, end), lines: [l] });
    start = Math.max(start, end) + 1;
  });
  // Headings centred each over its columns; a note across the table ("Source: … 12/14/15") is one cell.
  const centred = (h: (typeof out)[number]) => Math.abs((h.lines[0]!.box[0] + h.lines[0]!.box[2]) / 2 - (xs[h.c0]! + xs[h.c1 + 1]!) / 2) <= GROUP_HEADING_CENTRED * size;
  return out.every((h) => h.c0 <= c1 && centred(h) && !FORMATTED_VALUE.test(h.lines[0]!.text)) ? out : null;
}

/**
 * A grid of rules is a table when its cells hold short text and most of them hold some: a
 * frame around paragraphs, or a chart's gridlines with scattered labels, is not.
 */
function looksLikeTable(table: Table, lines: readonly TextLine[]): boolean {
  const across = table.cells.filter((c) => c.colSpan === table.cols).flatMap((c) => c.lines);
  if (across.filter((l) => l.text.length > PROSE_CHARS).length > MAX_PROSE_SHARE * lines.length) return false;
  let filled = 0;
  for (const cell of table.cells) if (cell.lines.length) filled += cell.rowSpan * cell.colSpan;
  const nonEmpty = table.cells.filter((c) => c.lines.length).length;
  return filled >= MIN_FILLED_TABLE * table.rows * table.cols && lines.length <= MAX_LINES_PER_CELL * nonEmpty;
}

/** Rows and columns no cell starts in and no text occupies (thin bands between double rules). */
function dropEmptyRowsAndCols(table: Table): Table {
  const rowUsed = new Array<boolean>(table.rows).fill(false);
  const colUsed = new Array<boolean>(table.cols).fill(false);
  for (const cell of table.cells) {
    if (!cell.lines.length) continue;
    rowUsed[cell.row] = true;
    colUsed[cell.col] = true;
  }
  const rowMap = remap(rowUsed);
  const colMap = remap(colUsed);
  const cells = table.cells
    .filter((c) => rowUsed[c.row] && colUsed[c.col])
    .map((c) => {
      const rowEnd = lastUsed(rowMap, c.row, c.rowSpan);
      const colEnd = lastUsed(colMap, c.col, c.colSpan);
      return { ...c, row: rowMap[c.row]!, col: colMap[c.col]!, rowSpan: rowEnd - rowMap[c.row]! + 1, colSpan: colEnd - colMap[c.col]! + 1 };
    });
  return { box: table.box, rows: rowUsed.filter(Boolean).length, cols: colUsed.filter(Boolean).length, cells };
}

/** New index of each used position (-1 for dropped ones). */
function remap(used: boolean[]): number[] {
  let next = 0;
  return used.map((u) => (u ? next++ : -1));
}

/** The new index of the last used position in [start, start + span). */
function lastUsed(map: number[], start: number, span: number): number {
  let last = map[start]!;
  for (let i = start; i < start + span; i++) if (map[i]! >= 0) last = map[i]!;
  return last;
}
