// Post-processing of the text detector's probability map (PaddleOCR's DBPostProcess, on
// axis-aligned boxes): the map is thresholded, its connected regions are the cores of text lines,
// each scored by its mean probability and grown back to the full line ("unclip").
//
// Two departures from the reference, both for dense print read at a reduced detection size:
// a region that bridges two lines (a superscript touching the line above, an accent, a descender
// meeting an ascender) is cut at the thin rows between them, since the bridged box scores low and
// would be dropped whole, losing both lines; and a region spanning two text columns is cut at a
// wide empty run of columns.

/** Pixels above this probability are text (PaddleOCR's thresh). */
const DET_THRESH = 0.3;
/** A region's mean probability must reach this (PaddleOCR's box_thresh). */
const DET_BOX_THRESH = 0.6;
/** Growth of a core back to its line: area * ratio / perimeter on each side (PaddleOCR's unclip_ratio). */
const DET_UNCLIP_RATIO = 1.5;
/** Regions thinner than this (map pixels) are noise (PaddleOCR's min_size). */
const DET_MIN_SIZE = 3;
/** At most this many regions, the largest (PaddleOCR's max_candidates). */
const DET_MAX_CANDIDATES = 1000;
/**
 * A row of a region is a bridge between two lines when it holds less than this share of the
 * fuller of the rows above and below it, whichever is less full (lines are tens of pixels long,
 * bridges a few).
 */
const BRIDGE_SHARE = 0.25;
/** A column of the map counts as empty (for column splitting) below this max probability. */
const SPLIT_COLUMN_THRESH = 0.5;
/** Split a box where an empty run of columns is wider than this many box heights. */
const SPLIT_GAP_HEIGHTS = 2;

/** A region of the map in map pixels, inclusive bounds. */
export interface DetBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A detected line in map pixels: its core region and the box grown back from it (exclusive upper bounds). */
export interface DetectedLine {
  core: DetBox;
  box: [number, number, number, number];
}

/** The text lines of a probability map `w` x `h`. */
export function detectLines(prob: Float32Array, w: number, h: number): DetectedLine[] {
  const { label, regions } = components(prob, w, h);
  const lines: DetectedLine[] = [];
  for (const region of regions) {
    for (const band of splitRows(label, w, region)) {
      for (const b of splitColumns(prob, w, band)) {
        const bw = b.x1 - b.x0 + 1;
        const bh = b.y1 - b.y0 + 1;
        if (Math.min(bw, bh) < DET_MIN_SIZE) continue;
        if (boxScore(prob, w, b) < DET_BOX_THRESH) continue;
        // Unclip: grow by area * ratio / perimeter on every side (PaddleOCR's pyclipper offset).
        const d = (bw * bh * DET_UNCLIP_RATIO) / (2 * (bw + bh));
        const box: [number, number, number, number] = [b.x0 - d, b.y0 - d, b.x1 + 1 + d, b.y1 + 1 + d];
        if (Math.min(box[2] - box[0], box[3] - box[1]) < DET_MIN_SIZE + 2) continue;
        lines.push({ core: b, box });
      }
    }
  }
  return lines;
}

/** A connected region: its bounds and its label in the label map. */
interface Region extends DetBox {
  id: number;
  area: number;
}

/** 8-connected regions of prob > DET_THRESH with a label map (-1 outside them); the largest DET_MAX_CANDIDATES. */
function components(prob: Float32Array, w: number, h: number): { label: Int32Array; regions: Region[] } {
  const n = w * h;
  const label = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let regions: Region[] = [];
  for (let start = 0; start < n; start++) {
    if (label[start] !== -1 || !(prob[start]! > DET_THRESH)) continue;
    const id = regions.length;
    label[start] = id;
    let sp = 0;
    stack[sp++] = start;
    const r: Region = { id, x0: w, y0: h, x1: -1, y1: -1, area: 0 };
    while (sp > 0) {
      const p = stack[--sp]!;
      const y = (p / w) | 0;
      const x = p - y * w;
      r.area++;
      if (x < r.x0) r.x0 = x;
      if (x > r.x1) r.x1 = x;
      if (y < r.y0) r.y0 = y;
      if (y > r.y1) r.y1 = y;
      for (let yy = y > 0 ? y - 1 : y; yy <= (y < h - 1 ? y + 1 : y); yy++) {
        for (let xx = x > 0 ? x - 1 : x; xx <= (x < w - 1 ? x + 1 : x); xx++) {
          const q = yy * w + xx;
          if (label[q] === -1 && prob[q]! > DET_THRESH) {
            label[q] = id;
            stack[sp++] = q;
          }
        }
      }
    }
    regions.push(r);
  }
  regions = regions.filter((r) => r.area >= 4);
  if (regions.length > DET_MAX_CANDIDATES) regions = regions.sort((a, b) => b.area - a.area).slice(0, DET_MAX_CANDIDATES);
  return { label, regions };
}

/**
 * A region cut into its lines at bridge rows: rows holding less than BRIDGE_SHARE of the fuller
 * row on each side of them. Each piece loses its fringe rows (under BRIDGE_SHARE of its fullest
 * row: a superscript or accent that would make its box taller and its score lower) and is
 * bounded by its own pixels. Internal; exported for tests.
 */
export function splitRows(label: Int32Array, w: number, r: Region): DetBox[] {
  const rows = r.y1 - r.y0 + 1;
  const count = new Int32Array(rows);
  for (let y = r.y0; y <= r.y1; y++) {
    let n = 0;
    for (let i = y * w + r.x0, end = y * w + r.x1; i <= end; i++) if (label[i] === r.id) n++;
    count[y - r.y0] = n;
  }
  const fullestAbove = new Int32Array(rows);
  const fullestBelow = new Int32Array(rows);
  for (let i = 0, m = 0; i < rows; i++) fullestAbove[i] = m = Math.max(m, count[i]!);
  for (let i = rows - 1, m = 0; i >= 0; i--) fullestBelow[i] = m = Math.max(m, count[i]!);
  const pieces: DetBox[] = [];
  let start = -1;
  for (let i = 0; i <= rows; i++) {
    const bridge = i === rows || count[i]! < BRIDGE_SHARE * Math.min(fullestAbove[i]!, fullestBelow[i]!);
    if (!bridge && start < 0) start = i;
    if (bridge && start >= 0) {
      // Fringe rows (a superscript, an accent above the line) are left out of the line's core.
      let fullest = 0;
      for (let j = start; j < i; j++) fullest = Math.max(fullest, count[j]!);
      let first = start;
      let last = i - 1;
      while (first < last && count[first]! < BRIDGE_SHARE * fullest) first++;
      while (last > first && count[last]! < BRIDGE_SHARE * fullest) last--;
      pieces.push(bounds(label, w, r.id, r.x0, r.y0 + first, r.x1, r.y0 + last));
      start = -1;
    }
  }
  return pieces.length ? pieces : [r];
}

/** The bounds of the pixels labelled `id` within rows y0..y1 and columns x0..x1. */
function bounds(label: Int32Array, w: number, id: number, x0: number, y0: number, x1: number, y1: number): DetBox {
  const b = { x0: x1, y0, x1: x0, y1 };
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (label[y * w + x] !== id) continue;
      if (x < b.x0) b.x0 = x;
      if (x > b.x1) b.x1 = x;
    }
  }
  return b;
}

/** Mean probability inside the box (PaddleOCR's "fast" box score on an axis-aligned box). */
function boxScore(prob: Float32Array, w: number, b: DetBox): number {
  let sum = 0;
  for (let y = b.y0; y <= b.y1; y++) {
    const row = y * w;
    for (let x = b.x0; x <= b.x1; x++) sum += prob[row + x]!;
  }
  return sum / ((b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1));
}

/**
 * Splits a box where the column profile of the probability map has an empty run wider than
 * SPLIT_GAP_HEIGHTS box heights (two text columns bridged into one component). Each piece is
 * shrunk to the rows that actually hold text. Internal; exported for tests.
 */
export function splitColumns(prob: Float32Array, w: number, b: DetBox): DetBox[] {
  const bh = b.y1 - b.y0 + 1;
  const bw = b.x1 - b.x0 + 1;
  const minGap = Math.max(2, Math.ceil(bh * SPLIT_GAP_HEIGHTS));
  if (bw < minGap + 2) return [b];
  const profile = new Float32Array(bw);
  for (let y = b.y0; y <= b.y1; y++) {
    const row = y * w + b.x0;
    for (let i = 0; i < bw; i++) {
      const v = prob[row + i]!;
      if (v > profile[i]!) profile[i] = v;
    }
  }
  const pieces: Array<[number, number]> = [];
  let segStart = -1;
  let gapStart = -1;
  for (let i = 0; i <= bw; i++) {
    const full = i < bw && profile[i]! >= SPLIT_COLUMN_THRESH;
    if (full) {
      if (segStart < 0) segStart = i;
      else if (gapStart >= 0 && i - gapStart > minGap) {
        pieces.push([segStart, gapStart - 1]);
        segStart = i;
      }
      gapStart = -1;
    } else if (gapStart < 0) {
      gapStart = i;
    }
  }
  if (segStart >= 0) pieces.push([segStart, gapStart >= 0 ? gapStart - 1 : bw - 1]);
  if (pieces.length <= 1) return [b];
  const out: DetBox[] = [];
  for (const [s, e] of pieces) {
    const x0 = b.x0 + s;
    const x1 = b.x0 + e;
    let y0 = -1;
    let y1 = -1;
    for (let y = b.y0; y <= b.y1; y++) {
      const row = y * w;
      let any = false;
      for (let x = x0; x <= x1; x++) {
        if (prob[row + x]! > DET_THRESH) {
          any = true;
          break;
        }
      }
      if (any) {
        if (y0 < 0) y0 = y;
        y1 = y;
      }
    }
    if (y0 >= 0) out.push({ x0, y0, x1, y1 });
  }
  return out;
}
