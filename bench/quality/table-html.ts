// True tables as the benchmarks write them: regions on a page, and cells on a grid turned into
// the HTML that TEDS compares. Shared by the table documents the benchmark generates and by
// the scoring, so neither imports the other.

/** [x0, y0, x1, y1] in 0-1000 of the displayed page, origin top-left (content_list's bbox). */
export type PageBox = [number, number, number, number];

/** A table (true or predicted) with its place: 0-based page index and region. */
export interface RegionTable {
  page: number;
  box: PageBox;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A true cell of a table: its top-left grid position, spans and text. */
export interface GridCell {
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  text: string;
}

/** HTML of a table given as cells on a grid; grid positions no cell covers become empty cells. */
export function cellsToHtml(cells: GridCell[]): string {
  const rows = Math.max(0, ...cells.map((c) => c.row + c.rowspan));
  const cols = Math.max(0, ...cells.map((c) => c.col + c.colspan));
  const covered = Array.from({ length: rows }, () => new Array<boolean>(cols).fill(false));
  const at = new Map(cells.map((c) => [`${c.row},${c.col}`, c]));
  let html = '<table>';
  for (let r = 0; r < rows; r++) {
    html += '<tr>';
    for (let c = 0; c < cols; c++) {
      if (covered[r]![c]) continue;
      const cell = at.get(`${r},${c}`);
      if (!cell) {
        html += '<td></td>';
        continue;
      }
      for (let i = 0; i < cell.rowspan; i++) for (let j = 0; j < cell.colspan; j++) if (covered[r + i]) covered[r + i]![c + j] = true;
      const spans = (cell.rowspan > 1 ? ` rowspan="${cell.rowspan}"` : '') + (cell.colspan > 1 ? ` colspan="${cell.colspan}"` : '');
      html += `<td${spans}>${escapeHtml(cell.text.replace(/\s+/g, ' ').trim())}</td>`;
    }
    html += '</tr>';
  }
  return html + '</table>';
}

/** HTML of a plain grid of cell texts (no spans). */
export function gridToHtml(grid: string[][]): string {
  return cellsToHtml(grid.flatMap((row, r) => row.map((text, c) => ({ row: r, col: c, rowspan: 1, colspan: 1, text }))));
}
