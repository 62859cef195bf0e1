// Text rows of a table region: lines on one baseline form a row, and a line that continues a
// wrapped cell above it (the cell's text ran to the column's edge) stays in that cell's row.
import type { TextLine } from '../model.js';

/**
 * Splits lines into table rows, top to bottom. `colOf` gives a line's column; `colRight` the
 * right edge of each column's text, to recognise a wrapped cell. With `stubStarts`, only a
 * line in the table's first column (the row labels) starts a row: between two rules, lines
 * beside a label belong to its row (multi-line cells), and a band without labels (a header)
 * is one row.
 */
export function textRows(lines: TextLine[], colOf: (line: TextLine) => number, colRight: number[], stubStarts = false): TextLine[][] {
  const baselines = baselineGroups(lines);
  const rows: TextLine[][] = [];
  let previous: TextLine[] | undefined;
  for (const group of baselines) {
    const cols = new Set(group.map(colOf));
    const wraps = cols.size === 1 && continuesCell(previous ?? [], group, colOf, colRight);
    const continues = wraps || (stubStarts && !cols.has(0));
    if (previous && continues) previous.push(...group);
    else {
      previous = [...group];
      rows.push(previous);
    }
  }
  return rows;
}

/** Lines grouped by baseline, top to bottom. */
export function baselineGroups(lines: TextLine[]): TextLine[][] {
  const sorted = [...lines].sort((a, b) => a.baseline - b.baseline);
  const groups: TextLine[][] = [];
  let current: TextLine[] = [];
  for (const line of sorted) {
    const last = current[current.length - 1];
    if (last && line.baseline - current[0]!.baseline > 0.4 * Math.min(last.fontSize, line.fontSize)) {
      groups.push(current);
      current = [];
    }
    current.push(line);
  }
  if (current.length) groups.push(current);
  return groups;
}

/**
 * A lone line continues the cell above it when that cell, in the same column, ends right
 * above it and its last line reaches the column's right edge (the text wrapped) or the line
 * starts in lower case.
 */
function continuesCell(row: TextLine[], group: TextLine[], colOf: (line: TextLine) => number, colRight: number[]): boolean {
  const line = group[0]!;
  const col = colOf(line);
  const above = row.filter((l) => colOf(l) === col).sort((a, b) => b.baseline - a.baseline)[0];
  if (!above) return false;
  const size = Math.max(above.fontSize, line.fontSize, 1);
  if (line.baseline - above.baseline > 1.6 * size) return false;
  // A line further left than the cell's text is a new (section) row, not its continuation.
  if (line.box[0] < above.box[0] - 0.5 * size) return false;
  const wrapped = above.box[2] >= (colRight[col] ?? above.box[2]) - 2.5 * size;
  return wrapped || /^\p{Ll}/u.test(line.text);
}
