// Boxes, written once. A box is [x0, y0, x1, y1] in page units (points for PDF pages, pixels
// for images), origin top-left, x0 <= x1 and y0 <= y1.
import type { Box } from './document.js';

export function area(b: Box): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

export function union(a: Box, b: Box): Box {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/** The box around every item's box. */
export function unionOf(items: readonly { box: Box }[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const { box } of items) {
    if (box[0] < x0) x0 = box[0];
    if (box[1] < y0) y0 = box[1];
    if (box[2] > x1) x1 = box[2];
    if (box[3] > y1) y1 = box[3];
  }
  return [x0, y0, x1, y1];
}

/** The two boxes share some width. */
export function overlapsX(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2];
}

/** Empty height between two boxes, 0 when they overlap vertically. */
export function verticalDistance(a: Box, b: Box): number {
  if (a[1] >= b[3]) return a[1] - b[3];
  if (b[1] >= a[3]) return b[1] - a[3];
  return 0;
}

/** The centre of `inner` lies inside `outer` (edges included). */
export function containsCentre(outer: Box, inner: Box): boolean {
  const cx = (inner[0] + inner[2]) / 2;
  const cy = (inner[1] + inner[3]) / 2;
  return cx >= outer[0] && cx <= outer[2] && cy >= outer[1] && cy <= outer[3];
}

/** The two boxes overlap (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/** Area of the overlap of two boxes (0 when apart). */
export function intersection(a: Box, b: Box): number {
  return area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

/** Intersection over union, 0–1. */
export function iou(a: Box, b: Box): number {
  const inter = intersection(a, b);
  const total = area(a) + area(b) - inter;
  return total > 0 ? inter / total : 0;
}

/** A box through a map of points (a quarter turn, a scale): its corners mapped, then ordered again. */
export function mapBox(box: Box, map: (x: number, y: number) => [number, number]): Box {
  const [ax, ay] = map(box[0], box[1]);
  const [bx, by] = map(box[2], box[3]);
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}

/**
 * Closed rectangles drawn with rules (a sidebar's or an infobox's frame): two vertical rules of one
 * height, joined at both ends by horizontal rules that end there (a table's column is no such
 * rectangle: its top and bottom rules run on across the other columns); `snap` in the rules'
 * units. Each as its box and its four rules: left, right, top, bottom.
 */
export function closedRectangles<H extends { y: number; x0: number; x1: number }, V extends { x: number; y0: number; y1: number }>(h: readonly H[], v: readonly V[], snap: number): Array<{ box: Box; sides: [V, V, H, H] }> {
  const near = (a: number, b: number) => Math.abs(a - b) <= snap;
  const across = (y: number, x0: number, x1: number) => h.find((r) => near(r.y, y) && near(r.x0, x0) && near(r.x1, x1));
  const out: Array<{ box: Box; sides: [V, V, H, H] }> = [];
  for (const a of v) {
    for (const b of v) {
      if (b.x <= a.x || !near(a.y0, b.y0) || !near(a.y1, b.y1)) continue;
      const top = across(a.y0, a.x, b.x);
      const bottom = top && across(a.y1, a.x, b.x);
      if (bottom) out.push({ box: [a.x, Math.min(a.y0, b.y0), b.x, Math.max(a.y1, b.y1)], sides: [a, b, top, bottom] });
    }
  }
  return out;
}

