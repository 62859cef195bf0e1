// The table model shared by detection and rendering: a grid of rows and columns whose cells
// may span several of either, and its minimal HTML.
import { joinLines } from '../layout/blocks.js';
import { sortTopDown } from '../layout/order.js';
import type { Box, TextLine } from '../model/document.js';

export interface Cell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  /** The cell's lines, in reading order. */
  lines: TextLine[];
}

export interface Table {
  box: Box;
  rows: number;
  cols: number;
  cells: Cell[];
}

/** A table found on a page, with the lines its cells hold (every line inside its region). */
export interface DetectedTable {
  table: Table;
  lines: TextLine[];
}

/** A cell's text: its lines read row by row, left to right, hyphenation undone. */
export function cellText(cell: Cell): string {
  return joinLines(sortTopDown(cell.lines).map((l) => l.text));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c]!);
}

/**
 * Minimal HTML: `<table><tr><td>…</td></tr></table>`, `colspan`/`rowspan` where a cell spans,
 * and an empty `<td></td>` for every grid position no cell covers.
 */
export function tableHtml(table: Table): string {
  const covered = new Set<number>();
  const starts = new Map<number, Cell>();
  for (const cell of table.cells) {
    starts.set(cell.row * table.cols + cell.col, cell);
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++) {
      for (let c = cell.col; c < cell.col + cell.colSpan; c++) covered.add(r * table.cols + c);
    }
  }
  let html = '<table>';
  for (let r = 0; r < table.rows; r++) {
    html += '<tr>';
    for (let c = 0; c < table.cols; c++) {
      const cell = starts.get(r * table.cols + c);
      if (cell) {
        const span = (cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : '') + (cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : '');
        html += `<td${span}>${escapeHtml(cellText(cell))}</td>`;
      } else if (!covered.has(r * table.cols + c)) html += '<td></td>';
    }
    html += '</tr>';
  }
  return html + '</table>';
}
