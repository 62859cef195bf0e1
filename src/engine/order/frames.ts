// Text inside a framed box (a sidebar or an infobox drawn with a border, or set on a background
// of its own) is read as a unit of its own: the body beside it reads on without it, and the box
// comes right after the body line above its top. Without frames this is the plain reading order.
import type { Box, TextLine } from '../model/document.js';
import { containsCentre, intersects } from '../model/geometry.js';
import type { Segment } from './xy-cut.js';

type Order = (lines: readonly TextLine[], width: number) => Segment[];

/** Text that runs on past a box: the line after it is within this many ems below the line before it. */
const FLOW_PITCH = 2.5;

/**
 * `frames` are drawn borders, always read apart; `backgrounds` (filled boxes) only when the plain
 * order breaks their text up or reads it in the middle of the text running past it: where it
 * reads a background's lines in one run between other columns (a shaded box in a column of its
 * own), that order stands.
 */
export function orderAroundFrames(lines: readonly TextLine[], frames: readonly Box[], width: number, order: Order, backgrounds: readonly Box[] = []): Segment[] {
  const segments = order(lines, width);
  const sequence = segments.flatMap((s) => s.lines);
  // A background's text is moved when the plain order breaks it up, or reads it in the middle
  // of a column's text: the lines before and after it one under the other, at one left edge.
  const interrupts = (frame: Box) => {
    const at = sequence.flatMap((l, i) => (containsCentre(frame, l.box) ? [i] : []));
    if (!at.length) return false;
    if (at[at.length - 1]! - at[0]! + 1 > at.length) return true;
    const before = sequence[at[0]! - 1];
    const after = sequence[at[at.length - 1]! + 1];
    if (!before || !after) return false;
    const size = Math.max(before.fontSize, 1);
    return Math.abs(before.box[0] - after.box[0]) < size && after.box[1] >= before.box[1] && after.baseline - before.baseline < FLOW_PITCH * size;
  };
  // Frames holding some of the lines, with body text beside them (a frame around the whole text is no box of its own).
  const boxes = [...frames, ...backgrounds.filter(interrupts)]
    .map((frame) => ({ frame, lines: lines.filter((l) => containsCentre(frame, l.box)) }))
    .filter((b) => b.lines.length && b.lines.length < lines.length);
  if (!boxes.length) return segments;
  // The page is cut as it is (the box's text shapes its columns too); the box's lines are then
  // taken out of the segments they fell in and read on their own.
  const boxed = new Set(boxes.flatMap((b) => b.lines));
  const body = segments.map((s) => ({ ...s, lines: s.lines.filter((l) => !boxed.has(l)) })).filter((s) => s.lines.length);
  // Boxes are read top to bottom, boxes side by side at one top left to right. Each comes right
  // after the line that ends nearest above its top (a float stands where its block starts): a
  // body line, or the last line of a box already placed over it (boxes stacked in a side column
  // read one after the other); after the boxes already placed there.
  const sameTop = (x: Box, y: Box) => Math.abs(x[1] - y[1]) < Math.min(x[3] - x[1], y[3] - y[1]) / 2;
  boxes.sort((x, y) => (sameTop(x.frame, y.frame) ? x.frame[0] - y.frame[0] : x.frame[1] - y.frame[1]));
  const placedLines = new Set<TextLine>();
  const placedAfter = new Map<TextLine | undefined, number>();
  for (const b of boxes) {
    const own = order(b.lines, width).map((s) => ({ ...s, path: `frame › ${s.path}` }));
    const over = (l: TextLine) => l.box[0] < b.frame[2] && l.box[2] > b.frame[0];
    const above = body
      .flatMap((s) => s.lines)
      .filter((l) => (!boxed.has(l) || (placedLines.has(l) && over(l))) && l.box[3] <= b.frame[1])
      .sort((p, q) => q.box[3] - p.box[3])[0];
    for (const l of b.lines) placedLines.add(l);
    const placed = placedAfter.get(above) ?? 0;
    placedAfter.set(above, placed + own.length);
    if (!above) {
      body.splice(placed, 0, ...own);
      continue;
    }
    const k = body.findIndex((s) => s.lines.includes(above));
    const segment = body[k]!;
    const cut = segment.lines.indexOf(above) + 1;
    const rest = segment.lines.slice(cut);
    if (rest.length) body.splice(k, 1, { ...segment, lines: segment.lines.slice(0, cut) }, { ...segment, lines: rest });
    body.splice(k + 1 + placed, 0, ...own);
  }
  return body;
}

/** A background holds at least this many lines to be a box of its own (one line on a fill is a highlighted word or a cell). */
const BACKGROUND_MIN_LINES = 2;

/**
 * Filled rectangles that are the backgrounds of boxes of text (a web page's sidebar, a shaded
 * note): those holding two lines or more, none overlapping a frame or a larger such background
 * (a box's title bar inside its background is part of the box).
 */
export function backgroundFrames(fills: readonly Box[], lines: readonly TextLine[], frames: readonly Box[]): Box[] {
  const holding = fills
    .map((fill) => ({ fill, count: lines.filter((l) => containsCentre(fill, l.box)).length }))
    .filter((b) => b.count >= BACKGROUND_MIN_LINES && b.count < lines.length)
    .sort((a, b) => b.count - a.count);
  // Boxes holding some of one line are one box (a title bar on its box's background); boxes that
  // only touch (cards set edge to edge, a shadow's rim) are two.
  const shareText = (a: Box, b: Box) => intersects(a, b) && lines.some((l) => containsCentre(a, l.box) && containsCentre(b, l.box));
  const out: Box[] = [];
  for (const { fill } of holding) if (![...frames, ...out].some((f) => shareText(f, fill))) out.push(fill);
  return out;
}
