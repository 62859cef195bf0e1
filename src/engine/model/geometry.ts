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
