// The page's straight rules as a table sees them: horizontal and vertical rules with collinear
// pieces joined, and the connected sets of crossing rules (grids).
import type { Box } from '../model/document.js';
import { area, closedRectangles, containsCentre } from '../model/geometry.js';

export interface HRule {
  y: number;
  x0: number;
  x1: number;
  /** The top or bottom edge of a frame drawn around a box (an infobox), which may hold more than a table. */
  frame?: boolean;
}

export interface VRule {
  x: number;
  y0: number;
  y1: number;
}

export interface Grid {
  h: HRule[];
  v: VRule[];
}

/**
 * Rules closer than this many ems of the page's text are one rule (double strokes, a rule drawn
 * per cell) and rules that come this close to each other touch (3 points under 10-point text).
 */
export const RULE_SNAP = 0.3;
/** Rules (and a grid's edges) whose positions are closer than this many ems stand at one position. */
export const POSITION_SNAP = 0.4;

/** Horizontal and vertical rules, collinear pieces joined; `snap` in page units. */
export function mergeRules(rules: readonly Box[], snap: number): Grid {
  const h = joinCollinear(rules.filter((r) => r[1] === r[3]).map((r) => ({ at: r[1], from: r[0], to: r[2] })), snap);
  const v = joinCollinear(rules.filter((r) => r[0] === r[2] && r[1] !== r[3]).map((r) => ({ at: r[0], from: r[1], to: r[3] })), snap);
  return { h: h.map((s) => ({ y: s.at, x0: s.from, x1: s.to })), v: v.map((s) => ({ x: s.at, y0: s.from, y1: s.to })) };
}

interface Span {
  at: number;
  from: number;
  to: number;
}

/** Pieces on one track (within a third of the snap) that touch or overlap become one. */
function joinCollinear(spans: Span[], snap: number): Span[] {
  spans.sort((a, b) => a.at - b.at || a.from - b.from);
  const out: Span[] = [];
  const track = snap / 3;
  for (const s of spans) {
    // `out` is in track order too: only its tail can hold the same track.
    let hit: Span | undefined;
    for (let j = out.length - 1; j >= 0; j--) {
      const o = out[j]!;
      if (o.at < s.at - track) break;
      if (s.from <= o.to + snap && o.from <= s.to + snap) {
        hit = o;
        break;
      }
    }
    if (hit) {
      hit.from = Math.min(hit.from, s.from);
      hit.to = Math.max(hit.to, s.to);
    } else out.push({ ...s });
  }
  return out;
}

/** Connected sets of crossing horizontal and vertical rules; `snap` in page units. */
export function ruleGrids({ h, v }: Grid, snap: number): Grid[] {
  const parent = [...Array(h.length + v.length).keys()];
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  h.forEach((a, i) => {
    v.forEach((b, j) => {
      if (b.x >= a.x0 - snap && b.x <= a.x1 + snap && a.y >= b.y0 - snap && a.y <= b.y1 + snap) parent[find(i)] = find(h.length + j);
    });
  });
  const groups = new Map<number, Grid>();
  const group = (i: number) => {
    const root = find(i);
    let g = groups.get(root);
    if (!g) groups.set(root, (g = { h: [], v: [] }));
    return g;
  };
  h.forEach((r, i) => group(i).h.push(r));
  v.forEach((r, j) => group(h.length + j).v.push(r));
  return [...groups.values()];
}

/** Closed rectangles drawn with rules (the frame of a sidebar or an infobox); `snap` in page units. */
export function ruledBoxes({ h, v }: Grid, snap: number): Box[] {
  return closedRectangles(h, v, snap).map((r) => r.box);
}

/** Whether the horizontal rule is the top or bottom edge of the frame `box` (to `snap`, page units). */
export function isFrameEdge(rule: HRule, box: Box, snap: number): boolean {
  return (Math.abs(rule.y - box[1]) <= snap || Math.abs(rule.y - box[3]) <= snap) && Math.abs(rule.x0 - box[0]) <= snap && Math.abs(rule.x1 - box[2]) <= snap;
}

/**
 * The boxes that share no side with another: a frame drawn on its own (a sidebar's), not one of
 * the rectangles a table's cells are drawn as, each abutting its neighbours; `snap` in page units.
 */
export function isolatedBoxes(boxes: readonly Box[], snap: number): Box[] {
  const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.min(a1, b1) - Math.max(a0, b0) > snap;
  const sharesSide = (a: Box, b: Box) =>
    ([a[0], a[2]].some((x) => Math.abs(x - b[0]) <= snap || Math.abs(x - b[2]) <= snap) && overlap(a[1], a[3], b[1], b[3])) ||
    ([a[1], a[3]].some((y) => Math.abs(y - b[1]) <= snap || Math.abs(y - b[3]) <= snap) && overlap(a[0], a[2], b[0], b[2]));
  return boxes.filter((a) => !boxes.some((b) => b !== a && sharesSide(a, b)));
}

/**
 * Lines grouped by the frame they stand in (the smallest holding their centre): the lines outside
 * every frame first, then each frame's, so that a table is looked for inside a frame or outside it.
 */
export function groupByFrames<L extends { box: Box }>(lines: readonly L[], frames: readonly Box[]): L[][] {
  const groups: L[][] = [[], ...frames.map(() => [])];
  for (const l of lines) {
    let best = -1;
    frames.forEach((b, i) => {
      if (containsCentre(b, l.box) && (best < 0 || area(b) < area(frames[best]!))) best = i;
    });
    groups[best + 1]!.push(l);
  }
  return groups.filter((g) => g.length);
}

/** Whether some of `boxes` holds the centres of some of the lines but not of all: they straddle its frame. */
export function straddlesBox(lines: readonly { box: Box }[], boxes: readonly Box[]): boolean {
  return boxes.some((b) => {
    const inside = lines.filter((l) => containsCentre(b, l.box)).length;
    return inside > 0 && inside < lines.length;
  });
}
