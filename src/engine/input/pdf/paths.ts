// Vector graphics of a page: PDFium path objects turned into horizontal and vertical rules
// (table borders, drawn as stroked lines or as thin filled rectangles) and the boxes of every
// other visible drawing (plots, shapes, filled cells), in displayed coordinates. Raw WASM exports are called
// directly, as for characters, because table-heavy pages hold thousands of path segments.
import type { Box } from '../../model/document.js';
import { compose, transformBox, type Affine } from './affine.js';
import type { Pdfium } from './pdfium.js';

export interface PageGraphics {
  /** Horizontal rules (y0 === y1) and vertical rules (x0 === x1) as degenerate boxes. */
  rules: Box[];
  /** Boxes of the other visible path objects (curves, filled shapes, diagonal strokes). */
  graphics: Box[];
  /** Of those, the filled axis-aligned rectangles (backgrounds of boxes and cells, bars). */
  fills: Box[];
}

interface RawPathApi {
  FPDFPage_CountObjects(page: number): number;
  FPDFPage_GetObject(page: number, i: number): number;
  FPDFPageObj_GetType(obj: number): number;
  FPDFPageObj_GetMatrix(obj: number, matrix: number): number;
  FPDFPageObj_GetBounds(obj: number, left: number, bottom: number, right: number, top: number): number;
  FPDFPageObj_GetFillColor(obj: number, r: number, g: number, b: number, a: number): number;
  FPDFPageObj_GetStrokeColor(obj: number, r: number, g: number, b: number, a: number): number;
  FPDFPath_GetDrawMode(obj: number, fillMode: number, stroke: number): number;
  FPDFPath_CountSegments(obj: number): number;
  FPDFPath_GetPathSegment(obj: number, i: number): number;
  FPDFPathSegment_GetPoint(segment: number, x: number, y: number): number;
  FPDFPathSegment_GetType(segment: number): number;
  FPDFPathSegment_GetClose(segment: number): number;
  FPDFFormObj_CountObjects(form: number): number;
  FPDFFormObj_GetObject(form: number, i: number): number;
}

interface Heaps {
  HEAPF32: Float32Array;
  HEAP32: Int32Array;
}

const FPDF_PAGEOBJ_PATH = 2;
const FPDF_PAGEOBJ_FORM = 5;
const SEGMENT_LINETO = 0;
const SEGMENT_MOVETO = 2;
/** Thicker than this (points) a filled rectangle is a shape, not a rule. */
const MAX_RULE_THICKNESS = 3;
/** Shorter than this (points) a line is a tick or a glyph stroke, not a rule. */
const MIN_RULE_LENGTH = 4;
/** Paths with more segments are plots or outlines: only their bounds are read. */
const MAX_SEGMENTS = 400;
/** Forms nested deeper than this are not followed. */
const MAX_FORM_DEPTH = 4;

/**
 * Reads the page's path objects (also inside form XObjects). `m` maps PDF user space to the
 * displayed page; `scratch` is at least 64 bytes of WASM memory, 8-byte aligned.
 */
export function extractGraphics(pdfium: Pdfium, page: number, m: Affine, scratch: number): PageGraphics {
  const raw = pdfium.pdfium.wasmExports as unknown as RawPathApi;
  const heaps = pdfium.pdfium as unknown as Heaps;
  const out: PageGraphics = { rules: [], graphics: [], fills: [] };
  const count = raw.FPDFPage_CountObjects(page);
  for (let i = 0; i < count; i++) visit(raw, heaps, raw.FPDFPage_GetObject(page, i), m, scratch, out, 0);
  return out;
}

function visit(raw: RawPathApi, heaps: Heaps, obj: number, m: Affine, scratch: number, out: PageGraphics, depth: number): void {
  const type = raw.FPDFPageObj_GetType(obj);
  if (type === FPDF_PAGEOBJ_FORM) {
    if (depth >= MAX_FORM_DEPTH) return;
    const inner = compose(objectMatrix(raw, heaps, obj, scratch), m);
    const n = raw.FPDFFormObj_CountObjects(obj);
    for (let i = 0; i < n; i++) visit(raw, heaps, raw.FPDFFormObj_GetObject(obj, i), inner, scratch, out, depth + 1);
    return;
  }
  if (type === FPDF_PAGEOBJ_PATH) readPath(raw, heaps, obj, m, scratch, out);
}

function objectMatrix(raw: RawPathApi, heaps: Heaps, obj: number, scratch: number): Affine {
  if (!raw.FPDFPageObj_GetMatrix(obj, scratch)) return [1, 0, 0, 1, 0, 0];
  const f = scratch >> 2;
  const h = heaps.HEAPF32;
  return [h[f]!, h[f + 1]!, h[f + 2]!, h[f + 3]!, h[f + 4]!, h[f + 5]!];
}

/** Whether the colour the path paints with is visible on a white page (not white, not clear). */
function paints(read: (r: number, g: number, b: number, a: number) => number, scratch: number, heaps: Heaps): boolean {
  if (!read(scratch, scratch + 4, scratch + 8, scratch + 12)) return true;
  const i = scratch >> 2;
  const h = heaps.HEAP32;
  return h[i + 3]! > 0 && h[i]! + h[i + 1]! + h[i + 2]! < 3 * 245;
}

function readPath(raw: RawPathApi, heaps: Heaps, obj: number, m: Affine, scratch: number, out: PageGraphics): void {
  raw.FPDFPath_GetDrawMode(obj, scratch, scratch + 4);
  const fillMode = heaps.HEAP32[scratch >> 2]!;
  const strokeMode = heaps.HEAP32[(scratch + 4) >> 2]!;
  const fill = fillMode !== 0 && paints((r, g, b, a) => raw.FPDFPageObj_GetFillColor(obj, r, g, b, a), scratch, heaps);
  const stroke = strokeMode !== 0 && paints((r, g, b, a) => raw.FPDFPageObj_GetStrokeColor(obj, r, g, b, a), scratch, heaps);
  if (!fill && !stroke) return;
  const matrix = compose(objectMatrix(raw, heaps, obj, scratch), m);
  const n = raw.FPDFPath_CountSegments(obj);
  if (n > MAX_SEGMENTS) {
    if (raw.FPDFPageObj_GetBounds(obj, scratch, scratch + 4, scratch + 8, scratch + 12)) {
      const f = scratch >> 2;
      const h = heaps.HEAPF32;
      // Bounds are already in the object's parent space: map them with the parent transform.
      out.graphics.push(transformBox(m, h[f]!, h[f + 1]!, h[f + 2]!, h[f + 3]!));
    }
    return;
  }
  // Subpaths as point lists in displayed coordinates; `curved` marks any Bézier piece.
  let points: number[] = [];
  let curved = false;
  const flush = () => {
    if (points.length >= 4) classifySubpath(points, curved, fill, stroke, out);
    points = [];
    curved = false;
  };
  const f = scratch >> 2;
  for (let i = 0; i < n; i++) {
    const segment = raw.FPDFPath_GetPathSegment(obj, i);
    const type = raw.FPDFPathSegment_GetType(segment);
    if (type === SEGMENT_MOVETO) flush();
    if (!raw.FPDFPathSegment_GetPoint(segment, scratch, scratch + 4)) continue;
    const x = heaps.HEAPF32[f]!;
    const y = heaps.HEAPF32[f + 1]!;
    points.push(matrix[0] * x + matrix[2] * y + matrix[4], matrix[1] * x + matrix[3] * y + matrix[5]);
    if (type !== SEGMENT_LINETO && type !== SEGMENT_MOVETO) curved = true;
    if (raw.FPDFPathSegment_GetClose(segment) && points.length >= 4) points.push(points[0]!, points[1]!);
  }
  flush();
}

/**
 * One subpath (flat list x0, y0, x1, y1, …): a thin filled rectangle or an axis-aligned
 * stroked line is a rule; an axis-aligned rectangle, stroked, gives its four edges; anything
 * else is a graphic.
 */
function classifySubpath(p: number[], curved: boolean, fill: boolean, stroke: boolean, out: PageGraphics): void {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let axisAligned = !curved;
  for (let i = 0; i < p.length; i += 2) {
    x0 = Math.min(x0, p[i]!);
    x1 = Math.max(x1, p[i]!);
    y0 = Math.min(y0, p[i + 1]!);
    y1 = Math.max(y1, p[i + 1]!);
    if (i >= 2 && Math.abs(p[i]! - p[i - 2]!) > 0.5 && Math.abs(p[i + 1]! - p[i - 1]!) > 0.5) axisAligned = false;
  }
  const w = x1 - x0;
  const h = y1 - y0;
  if (axisAligned && Math.max(w, h) >= MIN_RULE_LENGTH && Math.min(w, h) <= MAX_RULE_THICKNESS) {
    // A line or a thin bar: one rule along its long side, through its middle.
    if (w >= h) out.rules.push([x0, (y0 + y1) / 2, x1, (y0 + y1) / 2]);
    else out.rules.push([(x0 + x1) / 2, y0, (x0 + x1) / 2, y1]);
    return;
  }
  if (axisAligned && stroke) {
    // Axis-aligned polylines and rectangle outlines: each long enough edge is a rule.
    for (let i = 2; i < p.length; i += 2) {
      const [ax, ay, bx, by] = [p[i - 2]!, p[i - 1]!, p[i]!, p[i + 1]!];
      if (Math.abs(ay - by) <= 0.5 && Math.abs(ax - bx) >= MIN_RULE_LENGTH) out.rules.push([Math.min(ax, bx), ay, Math.max(ax, bx), ay]);
      else if (Math.abs(ax - bx) <= 0.5 && Math.abs(ay - by) >= MIN_RULE_LENGTH) out.rules.push([ax, Math.min(ay, by), ax, Math.max(ay, by)]);
    }
    if (!fill) return;
  }
  if (w > 0 || h > 0) out.graphics.push([x0, y0, x1, y1]);
  if (fill && w > 0 && h > 0 && isRectangle(p, x0, y0, x1, y1)) out.fills.push([x0, y0, x1, y1]);
}

/** A rectangle's corners may be rounded by up to this many points (CSS border-radius). */
const CORNER_RADIUS = 12;
/** Outlines with more points than this are shapes, not rectangles (a rounded one has 17 or so). */
const RECTANGLE_POINTS = 24;

/** Every point of the outline lies on the box's edge, and each corner is drawn (within the radius): not an ellipse or a diamond. */
function isRectangle(p: number[], x0: number, y0: number, x1: number, y1: number): boolean {
  if (p.length > 2 * RECTANGLE_POINTS) return false;
  const r = Math.min(CORNER_RADIUS, (x1 - x0) / 4, (y1 - y0) / 4) + 0.5;
  const corners = [false, false, false, false];
  for (let i = 0; i < p.length; i += 2) {
    const x = p[i]!;
    const y = p[i + 1]!;
    const dx = Math.min(x - x0, x1 - x);
    const dy = Math.min(y - y0, y1 - y);
    if (Math.min(dx, dy) > 0.5) return false;
    if (dx <= r && dy <= r) corners[(x - x0 < x1 - x ? 0 : 1) + (y - y0 < y1 - y ? 0 : 2)] = true;
  }
  return corners.every(Boolean);
}
