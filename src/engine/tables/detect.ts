// Table detection on one page: ruled grids first (their rules are unambiguous), then
// borderless tables among the remaining lines, confirmed by loose horizontal rules.
import type { Box, TextLine } from '../model.js';
import { borderlessTables } from './borderless.js';
import { latticeTable, mergeRules, ruleGrids, type HRule } from './lattice.js';
import type { Table } from './table.js';

export interface DetectedTable {
  table: Table;
  /** The lines the table's cells hold (every line inside its region). */
  lines: TextLine[];
}

export function detectTables(lines: TextLine[], rules: Box[]): DetectedTable[] {
  const { h, v } = mergeRules(rules);
  const found: DetectedTable[] = [];
  const looseRules: HRule[] = [];
  let remaining = lines;
  for (const grid of ruleGrids(h, v)) {
    const lattice = grid.v.length ? latticeTable(grid, remaining) : null;
    if (!lattice) {
      looseRules.push(...grid.h);
      continue;
    }
    found.push(lattice);
    const used = new Set(lattice.lines);
    remaining = remaining.filter((l) => !used.has(l));
  }
  found.push(...borderlessTables(remaining, looseRules));
  return found.sort((a, b) => a.table.box[1] - b.table.box[1]);
}
