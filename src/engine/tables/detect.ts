// Ruled tables on one page: grids of crossing rules whose cells hold text. What is left (rules
// that form no table, lines outside tables) goes on to chart and borderless detection.
import type { Box, TextLine } from '../model.js';
import { latticeTable, mergeRules, ruleGrids, type HRule } from './lattice.js';
import type { DetectedTable } from './table.js';

export interface RuledResult {
  tables: DetectedTable[];
  /** Horizontal rules of no ruled table: they may bound a borderless table. */
  looseRules: HRule[];
  /** Rules of no table, as boxes: they may be a chart's axes and gridlines. */
  otherRules: Box[];
}

export function ruledTables(lines: TextLine[], rules: Box[]): RuledResult {
  const { h, v } = mergeRules(rules);
  const result: RuledResult = { tables: [], looseRules: [], otherRules: [] };
  let remaining = lines;
  for (const grid of ruleGrids(h, v)) {
    const lattice = grid.v.length ? latticeTable(grid, remaining) : null;
    if (!lattice) {
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
