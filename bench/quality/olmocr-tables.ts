// olmOCR-Bench table tests, after olmOCR's TableTest: a cell with the given text must exist in
// one of the page's tables, and the cells next to it (up, down, left, right) or its headings
// (top_heading, left_heading: the heading cells found walking up or left, else the cells at the
// edge) must hold the given texts. Texts match when their similarity (rapidfuzz's ratio:
// 2·LCS / total length) reaches max(0.5, 1 − max_diffs / length).
import { normalizeKeepCase } from './metrics.js';
import { cellText, parseTable, placeCells } from './teds.js';

export interface OlmocrTableTest {
  cell: string;
  up?: string;
  down?: string;
  left?: string;
  right?: string;
  top_heading?: string;
  left_heading?: string;
  max_diffs?: number;
}

type Direction = 'up' | 'down' | 'left' | 'right';

interface CellGraph {
  text: string[];
  heading: boolean[];
  /** Per cell, per direction, the cells next to it (several where spans meet). */
  next: Record<Direction, Set<number>[]>;
}

/** A table as cells and their neighbours, spans taken into account. */
function cellGraph(html: string): CellGraph | null {
  const table = parseTable(html);
  if (!table) return null;
  const cells = placeCells(table);
  const text = cells.map((p) => cellText(p.cell).trim());
  const heading = cells.map((p) => p.cell.heading ?? false);
  const place = cells.map((p) => ({ row: p.row, col: p.col, rows: p.cell.rowspan, cols: p.cell.colspan }));
  const grid: number[][] = [];
  place.forEach((p, id) => {
    for (let r = p.row; r < p.row + p.rows; r++) for (let c = p.col; c < p.col + p.cols; c++) (grid[r] ??= [])[c] = id;
  });
  if (!text.length) return null;
  const at = (r: number, c: number) => grid[r]?.[c];
  const width = Math.max(...Array.from(grid, (r) => r?.length ?? 0));
  const next: CellGraph['next'] = { up: [], down: [], left: [], right: [] };
  place.forEach((p, id) => {
    // The first other cell met walking from each edge position of the cell.
    const walk = (starts: [number, number][], dr: number, dc: number) => {
      const found = new Set<number>();
      for (let [r, c] of starts) {
        for (r += dr, c += dc; r >= 0 && c >= 0 && r < grid.length && c < width; r += dr, c += dc) {
          const other = at(r, c);
          if (other === undefined || other === id) continue;
          found.add(other);
          break;
        }
      }
      return found;
    };
    const rows = Array.from({ length: p.rows }, (_, i) => p.row + i);
    const cols = Array.from({ length: p.cols }, (_, i) => p.col + i);
    next.up[id] = walk(cols.map((c) => [p.row, c]), -1, 0);
    next.down[id] = walk(cols.map((c) => [p.row + p.rows - 1, c]), 1, 0);
    next.left[id] = walk(rows.map((r) => [r, p.col]), 0, -1);
    next.right[id] = walk(rows.map((r) => [r, p.col + p.cols - 1]), 0, 1);
  });
  return { text, heading, next };
}

/** Heading cells reached walking in a direction; the cells at the edge when there are none. */
function headings(graph: CellGraph, start: number, direction: Direction): Set<number> {
  const found = new Set<number>();
  const ends = new Set<number>();
  const seen = new Set<number>();
  const queue = [start];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (graph.heading[id]) found.add(id);
    const next = graph.next[direction][id]!;
    if (next.size === 0) ends.add(id);
    queue.push(...next);
  }
  found.delete(start);
  ends.delete(start);
  return found.size ? found : ends;
}

/** rapidfuzz's ratio on 0-1: twice the longest common subsequence over the total length. */
export function similarity(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = [0];
    for (let j = 1; j <= b.length; j++) current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    previous = current;
  }
  return (2 * previous[b.length]!) / (a.length + b.length);
}

/** Whether one of the tables (HTML) passes the test. */
export function passesTableTest(test: OlmocrTableTest, tables: string[]): boolean {
  const matches = (expected: string, actual: string) => {
    const e = normalizeKeepCase(expected);
    return similarity(e, normalizeKeepCase(actual)) >= Math.max(0.5, 1 - (test.max_diffs ?? 0) / Math.max(e.length, 1));
  };
  const relations: [keyof OlmocrTableTest, (g: CellGraph, id: number) => Set<number>][] = [
    ['up', (g, id) => g.next.up[id]!],
    ['down', (g, id) => g.next.down[id]!],
    ['left', (g, id) => g.next.left[id]!],
    ['right', (g, id) => g.next.right[id]!],
    ['top_heading', (g, id) => headings(g, id, 'up')],
    ['left_heading', (g, id) => headings(g, id, 'left')],
  ];
  for (const html of tables) {
    const graph = cellGraph(html);
    if (!graph) continue;
    for (let id = 0; id < graph.text.length; id++) {
      if (!matches(test.cell, graph.text[id]!)) continue;
      const ok = relations.every(([key, related]) => {
        const expected = test[key] as string | undefined;
        return !expected || [...related(graph, id)].some((other) => matches(expected, graph.text[other]!));
      });
      if (ok) return true;
    }
  }
  return false;
}
