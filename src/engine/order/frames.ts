// Text inside a framed box (a sidebar or an infobox drawn with a border) is read as a unit of its
// own: the body beside it reads on without it, and the box comes right after the body line above
// its top. Without frames this is the plain reading order.
import type { Box, TextLine } from '../model/document.js';
import { containsCentre } from '../model/geometry.js';
import type { Segment } from './xy-cut.js';

type Order = (lines: readonly TextLine[], width: number) => Segment[];

export function orderAroundFrames(lines: readonly TextLine[], frames: readonly Box[], width: number, order: Order): Segment[] {
  const segments = order(lines, width);
  // Frames holding some of the lines, with body text beside them (a frame around the whole text is no box of its own).
  const boxes = frames
    .map((frame) => ({ frame, lines: lines.filter((l) => containsCentre(frame, l.box)) }))
    .filter((b) => b.lines.length && b.lines.length < lines.length);
  if (!boxes.length) return segments;
  // The page is cut as it is (the box's text shapes its columns too); the box's lines are then
  // taken out of the segments they fell in and read on their own.
  const boxed = new Set(boxes.flatMap((b) => b.lines));
  const body = segments.map((s) => ({ ...s, lines: s.lines.filter((l) => !boxed.has(l)) })).filter((s) => s.lines.length);
  for (const b of boxes.sort((x, y) => x.frame[1] - y.frame[1])) {
    const own = order(b.lines, width).map((s) => ({ ...s, path: `frame › ${s.path}` }));
    // Right after the body line that ends nearest above the frame's top (a float stands where
    // its block starts): its segment is cut there.
    const above = body
      .flatMap((s) => s.lines)
      .filter((l) => l.box[3] <= b.frame[1])
      .sort((p, q) => q.box[3] - p.box[3])[0];
    if (!above) {
      body.unshift(...own);
      continue;
    }
    const k = body.findIndex((s) => s.lines.includes(above));
    const segment = body[k]!;
    const cut = segment.lines.indexOf(above) + 1;
    const rest = segment.lines.slice(cut);
    body.splice(k, 1, { ...segment, lines: segment.lines.slice(0, cut) }, ...own, ...(rest.length ? [{ ...segment, lines: rest }] : []));
  }
  return body;
}
