// Tables: a grid of rows and columns whose cells may span several of either. As found on a page
// a cell holds its text lines; in a block, its text.
import type { Box, TextLine } from './document.js';

export interface GridPosition {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

/** A cell as found: its lines, in any order. */
export interface Cell extends GridPosition {
  lines: TextLine[];
}

/** A table as found on a page. */
export interface Table {
  box: Box;
  rows: number;
  cols: number;
  cells: Cell[];
}

/** A cell of a table block: its text in reading order. */
export interface TableCell extends GridPosition {
  text: string;
}

/** The structure of a table block; positions no cell covers are empty. */
export interface TableStructure {
  rows: number;
  cols: number;
  cells: TableCell[];
}
