// Tables turned on an upright page (a wide table printed sideways): their text runs vertically.
// The page's vertical text and its rules are turned upright, searched for tables as usual, and
// the tables' boxes turned back onto the displayed page.
import type { Page, TextLine } from '../model/document.js';
import { mapBox } from '../model/geometry.js';
import { borderlessTables } from './borderless.js';
import { ruledTables, type TableFound } from './ruled.js';

/** Fewer vertical lines than this are margin stamps and labels, not a table. */
const MIN_LINES = 8;

/**
 * Tables made of the page's vertical lines: their boxes on the displayed page, and the page's
 * own (vertical) lines they use.
 */
export function turnedTables(page: Page): TableFound[] {
  const vertical = page.lines.filter((l) => l.rotated && (l.glyphs?.length ?? 0) >= 2);
  if (vertical.length < MIN_LINES) return [];
  // Text read bottom to top is turned a quarter clockwise to stand upright; top to bottom, the
  // other way. The turned page is as wide as the displayed one is high.
  const bottomUp = vertical.filter((l) => l.glyphs![0]!.y0 > l.glyphs![l.glyphs!.length - 1]!.y0).length >= vertical.length / 2;
  const { width, height } = page;
  const turn = (x: number, y: number): [number, number] => (bottomUp ? [height - y, x] : [y, width - x]);
  const turnBack = (x: number, y: number): [number, number] => (bottomUp ? [y, height - x] : [width - y, x]);
  const original = new Map<TextLine, TextLine>();
  for (const line of vertical) {
    const box = mapBox(line.box, turn);
    original.set({ ...line, box, baseline: box[3], rotated: false, glyphs: undefined }, line);
  }
  const upright = [...original.keys()];
  const ruled = ruledTables(upright, (page.rules ?? []).map((r) => mapBox(r, turn)));
  const inRuled = new Set(ruled.tables.flatMap((t) => t.lines));
  const found = [...ruled.tables, ...borderlessTables(upright.filter((l) => !inRuled.has(l) && !ruled.gridLines.has(l)), ruled.looseRules)];
  return found.map((t) => ({
    ...t,
    table: { ...t.table, box: mapBox(t.table.box, turnBack) },
    lines: t.lines.map((l) => original.get(l)!),
    rule: `${t.rule}.turned`,
  }));
}

