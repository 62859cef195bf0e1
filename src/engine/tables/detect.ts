// Ruled tables on one page: grids of crossing rules whose cells hold text. What is left (rules
// that form no table, lines outside tables) goes on to chart and borderless detection.
import type { Box, TextLine } from '../model/document.js';
import { latticeTable, mergeRules, ruleGrids, type HRule, type VRule } from './lattice.js';
import type { DetectedTable } from './table.js';

export interface RuledResult {
  tables: DetectedTable[];
  /** Horizontal rules of no ruled table: they may bound a borderless table. */
  looseRules: HRule[];
  /** Rules of no table, as boxes: they may be a chart's axes and gridlines. */
  otherRules: Box[];
  /** Lines inside a grid of rules that is no table (a form, a plot): no borderless table either. */
  gridLines: Set<TextLine>;
}

export function ruledTables(lines: TextLine[], rules: Box[]): RuledResult {
  const { h, v } = mergeRules(rules);
  const result: RuledResult = { tables: [], looseRules: [], otherRules: [], gridLines: new Set() };
  let remaining = lines;
  for (const grid of ruleGrids(h, v)) {
    const lattice = grid.v.length ? latticeTable(grid, remaining) : null;
    if (!lattice) {
      if (grid.h.length >= 3 && grid.v.length >= 3) for (const l of linesInside(remaining, grid)) result.gridLines.add(l);
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

function linesInside(lines: TextLine[], grid: { h: HRule[]; v: VRule[] }): TextLine[] {
  const x0 = Math.min(...grid.h.map((r) => r.x0));
  const x1 = Math.max(...grid.h.map((r) => r.x1));
  const y0 = Math.min(...grid.v.map((r) => r.y0));
  const y1 = Math.max(...grid.v.map((r) => r.y1));
  return lines.filter((l) => l.box[0] >= x0 && l.box[2] <= x1 && l.box[1] >= y0 && l.box[3] <= y1);
}
