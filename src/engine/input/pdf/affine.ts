// Affine maps between PDF user space, form and path spaces, and the displayed page.
import type { Box } from '../../model/document.js';

/** [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Affine = [number, number, number, number, number, number];

/** The map that applies `inner` first, then `outer`. */
export function compose(inner: Affine, outer: Affine): Affine {
  const [a, b, c, d, e, f] = inner;
  const [A, B, C, D, E, F] = outer;
  return [A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F];
}

export function transformBox(m: Affine, left: number, bottom: number, right: number, top: number): Box {
  const ax = m[0] * left + m[2] * bottom + m[4];
  const ay = m[1] * left + m[3] * bottom + m[5];
  const bx = m[0] * right + m[2] * top + m[4];
  const by = m[1] * right + m[3] * top + m[5];
  // Axis-aligned maps (any multiple of 90°) send opposite corners to opposite corners.
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}
