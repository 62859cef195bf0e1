// Tables turned on an upright page (a wide table printed sideways): their text runs vertically.
// The page's vertical text and its rules are turned upright, searched for tables as usual, and
// the tables' boxes turned back onto the displayed page.
import type { Block, Box, Page, TextLine } from '../model/document.js';
import { borderlessTables } from './borderless.js';
import { ruledTables } from './detect.js';
import { tableHtml } from './table.js';

/** Fewer vertical lines than this are margin stamps and labels, not a table. */
const MIN_LINES = 8;

/**
 * Table blocks (boxes on the displayed page) made of the page's vertical lines, and the lines
 * they use.
 */
export function turnedTables(page: Page): { blocks: Block[]; lines: Set<TextLine> } {
  const vertical = page.lines.filter((l) => l.rotated && (l.glyphs?.length ?? 0) >= 2);
  const none = { blocks: [], lines: new Set<TextLine>() };
  if (vertical.length < MIN_LINES) return none;
  // Text read bottom to top is turned a quarter clockwise to stand upright; top to bottom, the
  // other way. The turned page is as wide as the displayed one is high.
  const bottomUp = vertical.filter((l) => l.glyphs![0]!.y0 > l.glyphs![l.glyphs!.length - 1]!.y0).length >= vertical.length / 2;
  const { width, height } = page;
  const turn = (x: number, y: number): [number, number] => (bottomUp ? [height - y, x] : [y, width - x]);
  const turnBack = (x: number, y: number): [number, number] => (bottomUp ? [y, height - x] : [width - y, x]);
  const upright = new Map<TextLine, TextLine>();
  for (const line of vertical) {
    const box = mapBox(line.box, turn);
    upright.set({ ...line, box, baseline: box[3], rotated: false, glyphs: undefined }, line);
  }
  const uprightLines = [...upright.keys()];
  const ruled = ruledTables(uprightLines, (page.rules ?? []).map((r) => mapBox(r, turn)));
  const inRuled = new Set(ruled.tables.flatMap((t) => t.lines));
  const found = [...ruled.tables, ...borderlessTables(uprightLines.filter((l) => !inRuled.has(l) && !ruled.gridLines.has(l)), ruled.looseRules)];
  return {
    blocks: found.map((t) => ({ type: 'table', pageIndex: page.index, box: mapBox(t.table.box, turnBack), tableHtml: tableHtml(t.table) })),
    lines: new Set(found.flatMap((t) => t.lines.map((l) => upright.get(l)!))),
  };
}

/** A box through a quarter turn: its corners mapped, then ordered again. */
function mapBox(box: Box, map: (x: number, y: number) => [number, number]): Box {
  const [ax, ay] = map(box[0], box[1]);
  const [bx, by] = map(box[2], box[3]);
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}
