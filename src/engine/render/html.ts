// A table's minimal HTML: `<table><tr><td>…</td></tr></table>`, `colspan`/`rowspan` where a
// cell spans, and an empty `<td></td>` for every grid position no cell covers.
import type { TableStructure } from '../model/table.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c]!);
}

export function tableHtml(table: TableStructure): string {
  const covered = new Set<number>();
  const starts = new Map<number, TableStructure['cells'][number]>();
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
        html += `<td${span}>${escapeHtml(cell.text)}</td>`;
      } else if (!covered.has(r * table.cols + c)) html += '<td></td>';
    }
    html += '</tr>';
  }
  return html + '</table>';
}
