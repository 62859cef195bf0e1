// Pictures of a page image (a scan or a photographed page): photographs, drawings and plots are
// the page's marks that are neither text lines nor rules. Born-digital pages name their images
// and drawings; a scan has only pixels, so without this its figures were no blocks at all and
// the words inside them (a plot's ticks, a logo's letters) were read as body text.
import type { Box } from '../model/document.js';
import { union } from '../model/geometry.js';
import { INK } from './image-rules.js';
import type { RgbImage } from './pdf/pdfium.js';

/** The page is looked at in square cells of this share of its width (about 0.7 mm on a page). */
const CELL_SHARE = 1 / 300;
/** A cell is an edge when its brightness varies this much (a standard deviation of R+G+B, 0–765): a stroke or texture, not paper or scan noise. */
const EDGE_SPREAD = 60;
/** A cell is toned when it is this much darker (R+G+B) than the paper: a photograph's or a bar's flat colour. */
const TONE_DROP = 45;
/** The paper's brightness: this quantile of the cells' mean brightness (most of a page is paper). */
const PAPER_QUANTILE = 0.7;
/** Text lines are masked with this margin, in line heights (descenders, accents, OCR boxes cut tight). */
const TEXT_MARGIN = 0.35;
/** Rules are masked with this margin, in cells (a table's grid, an axis drawn as a rule). */
const RULE_MARGIN = 2;
/** Marks closer than this many cells belong to one picture (the strokes of one drawing). */
const JOIN_CELLS = 4;
/** A picture covers at least this share of the page's area (as embedded images: icons and bullets are decoration)… */
const MIN_AREA = 0.003;
/** …and is at least this share of the page's width and height. */
const MIN_SIDE = 0.04;
/** A picture over this share of the page is its background or border, not a figure. */
const MAX_AREA = 0.9;
/** Edges this many cells in from a picture's box edges are inside it… */
const FRAME_DEPTH = 3;
/** …and a tinted box (a sidebar, a shaded note) has fewer than this many edges inside for each on its border… */
const MIN_INSIDE_PER_BORDER = 0.2;
/** …and one colour: this share of its toned cells within TINT_SPREAD of their median. */
const TINT_SHARE = 0.85;
const TINT_SPREAD = 24;
/** A row (column) of a component marked across this share of its width (height) is a drawn line… */
const LINE_SHARE = 0.85;
/** …and a component with this share of its marks on such lines, which are thin (at most this share of its rows or columns), is a grid: a table whose rules are too light to be found as rules. */
const GRID_MARKS = 0.8;
const GRID_LINES = 0.3;

/** Marks no more than this many cells across, standing alone (nothing marked within DOT_JOIN_CELLS), are dots: bullets OCR does not read, put in front of their items like drawn ones. */
const DOT_CELLS = 4;
const DOT_JOIN_CELLS = 1;

export interface ImagePicture {
  /** In page units (`scale` per pixel). */
  box: Box;
  /** Share of the box's cells with marks (edges or tone). */
  marked: number;
}

/**
 * Pictures of an image read by OCR: boxes of the marks left once the text lines (boxes in the
 * image's pixels) and the rules are masked, joined when close; and the small lone marks (dots:
 * bullets). `scale` converts pixels to page units.
 */
export function imagePictures(image: RgbImage, textBoxes: readonly Box[], rules: readonly Box[], scale: number): { pictures: ImagePicture[]; dots: Box[] } {
  const { width, height, data } = image;
  const cell = Math.max(2, Math.round(width * CELL_SHARE));
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const means = new Float32Array(cols * rows);
  const edge = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let n = 0;
      let sum = 0;
      let squares = 0;
      for (let y = r * cell; y < Math.min(height, (r + 1) * cell); y++) {
        for (let x = c * cell, p = (y * width + x) * 3; x < Math.min(width, (c + 1) * cell); x++, p += 3) {
          const v = data[p]! + data[p + 1]! + data[p + 2]!;
          n++;
          sum += v;
          squares += v * v;
        }
      }
      const mean = sum / n;
      means[r * cols + c] = mean;
      edge[r * cols + c] = squares / n - mean * mean >= EDGE_SPREAD * EDGE_SPREAD ? 1 : 0;
    }
  }
  const paper = quantile(means, PAPER_QUANTILE);
  const marked = new Uint8Array(cols * rows);
  for (let i = 0; i < marked.length; i++) marked[i] = edge[i] || means[i]! < paper - TONE_DROP ? 1 : 0;
  const clear = (x0: number, y0: number, x1: number, y1: number) => {
    for (let r = Math.max(0, Math.floor(y0 / cell)); r <= Math.min(rows - 1, Math.floor(y1 / cell)); r++) {
      for (let c = Math.max(0, Math.floor(x0 / cell)); c <= Math.min(cols - 1, Math.floor(x1 / cell)); c++) marked[r * cols + c] = 0;
    }
  };
  for (const b of textBoxes) {
    const margin = TEXT_MARGIN * (b[3] - b[1]);
    clear(b[0] - margin, b[1] - margin, b[2] + margin, b[3] + margin);
  }
  const ruleMargin = RULE_MARGIN * cell;
  const ruleCells = rules.map((b): Cells => [b[0] / scale / cell, b[1] / scale / cell, b[2] / scale / cell, b[3] / scale / cell]);
  for (const b of rules) clear(b[0] / scale - ruleMargin, b[1] / scale - ruleMargin, b[2] / scale + ruleMargin, b[3] / scale + ruleMargin);

  const pictures: ImagePicture[] = [];
  const dots: Box[] = [];
  const pageCells = cols * rows;
  const found = components(marked, cols, rows, DOT_JOIN_CELLS);
  for (const component of found) {
    const [c0, r0, c1, r1] = component.cells;
    if (c1 - c0 + 1 > DOT_CELLS || r1 - r0 + 1 > DOT_CELLS) continue;
    const ink = inkBox(image, c0 * cell, r0 * cell, Math.min(width, (c1 + 1) * cell), Math.min(height, (r1 + 1) * cell));
    if (ink) dots.push([ink[0] * scale, ink[1] * scale, ink[2] * scale, ink[3] * scale]);
  }
  for (const component of alongRules(components(marked, cols, rows, JOIN_CELLS), ruleCells)) {
    const [c0, r0, c1, r1] = component.cells;
    const boxCells = (c1 - c0 + 1) * (r1 - r0 + 1);
    if (boxCells < MIN_AREA * pageCells || boxCells > MAX_AREA * pageCells) continue;
    if (c1 - c0 + 1 < MIN_SIDE * cols || r1 - r0 + 1 < MIN_SIDE * rows) continue;
    if (isTintedBox(component.members, component.cells, cols, edge, means) || isGrid(component.members, component.cells, cols)) continue;
    const px = (v: number, limit: number) => Math.min(limit, v * cell) * scale;
    pictures.push({ box: [px(c0, width), px(r0, height), px(c1 + 1, width), px(r1 + 1, height)], marked: Number((component.members.length / boxCells).toFixed(3)) });
  }
  return { pictures, dots };
}

/** The box of the ink pixels (image-rules.ts's INK) in a part of the image, in pixels (undefined if none). */
function inkBox(image: RgbImage, x0: number, y0: number, x1: number, y1: number): Box | undefined {
  let box: Box | undefined;
  for (let y = y0; y < y1; y++) {
    for (let x = x0, p = (y * image.width + x) * 3; x < x1; x++, p += 3) {
      if (image.data[p]! + image.data[p + 1]! + image.data[p + 2]! >= INK) continue;
      if (!box) box = [x, y, x + 1, y + 1];
      else box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x + 1), Math.max(box[3], y + 1)];
    }
  }
  return box;
}

/** The value below which `share` of the values lie. */
function quantile(values: Float32Array, share: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/**
 * Whether a component is a tinted box around text, not a picture: its edges lie on its border
 * (the text inside is masked) and its toned cells are of one colour.
 */
function isTintedBox(members: readonly number[], [c0, r0, c1, r1]: Cells, cols: number, edge: Uint8Array, means: Float32Array): boolean {
  let inside = 0;
  let border = 0;
  const tones: number[] = [];
  for (const i of members) {
    const r = Math.floor(i / cols);
    const c = i - r * cols;
    if (edge[i]) {
      if (c - c0 >= FRAME_DEPTH && c1 - c >= FRAME_DEPTH && r - r0 >= FRAME_DEPTH && r1 - r >= FRAME_DEPTH) inside++;
      else border++;
    } else tones.push(means[i]!);
  }
  if (inside > 0 && inside >= MIN_INSIDE_PER_BORDER * border) return false;
  if (!tones.length) return true;
  const median = tones.sort((a, b) => a - b)[Math.floor(tones.length / 2)]!;
  return tones.filter((t) => Math.abs(t - median) <= TINT_SPREAD).length >= TINT_SHARE * tones.length;
}

/** Whether a component is a grid of thin lines (a table drawn in light rules), not a picture. */
function isGrid(members: readonly number[], [c0, r0, c1, r1]: Cells, cols: number): boolean {
  const width = c1 - c0 + 1;
  const height = r1 - r0 + 1;
  const perRow = new Uint32Array(height);
  const perCol = new Uint32Array(width);
  for (const i of members) {
    const r = Math.floor(i / cols);
    perRow[r - r0]!++;
    perCol[i - r * cols - c0]!++;
  }
  const lineRows = perRow.map((n) => (n >= LINE_SHARE * width ? 1 : 0));
  const lineCols = perCol.map((n) => (n >= LINE_SHARE * height ? 1 : 0));
  const rowsDrawn = lineRows.reduce((a, b) => a + b, 0);
  const colsDrawn = lineCols.reduce((a, b) => a + b, 0);
  if (rowsDrawn > GRID_LINES * height || colsDrawn > GRID_LINES * width) return false;
  let onLines = 0;
  for (const i of members) {
    const r = Math.floor(i / cols);
    if (lineRows[r - r0] || lineCols[i - r * cols - c0]) onLines++;
  }
  return onLines >= GRID_MARKS * members.length;
}

/**
 * Components that reach the same rule are one picture: a plot's bars or curves stand on its
 * axes. Rules and boxes in cells.
 */
function alongRules(found: Component[], rules: ReadonlyArray<Cells>): Component[] {
  const near = (a: Cells, rule: Cells) => a[0] - JOIN_CELLS <= rule[2] && rule[0] <= a[2] + JOIN_CELLS && a[1] - JOIN_CELLS <= rule[3] && rule[1] <= a[3] + JOIN_CELLS;
  const out = [...found];
  for (const rule of rules) {
    const horizontal = rule[3] - rule[1] < rule[2] - rule[0];
    // Along the rule, in order; a rule across it between two of them (a table's cell border
    // between photographs in their cells) parts them.
    const along = (c: Component) => (horizontal ? c.cells[0] : c.cells[1]);
    const touching = out.filter((c) => near(c.cells, rule)).sort((a, b) => along(a) - along(b));
    const groups: Component[][] = [];
    for (const c of touching) {
      const last = groups.at(-1)?.at(-1);
      if (last && !ruledApart(last, c, horizontal, rules)) groups.at(-1)!.push(c);
      else groups.push([c]);
    }
    for (const group of groups.filter((g) => g.length >= 2)) {
      const joined: Component = { cells: group.map((c) => c.cells).reduce(union), members: group.flatMap((c) => c.members) };
      for (const c of group) out.splice(out.indexOf(c), 1);
      out.push(joined);
    }
  }
  return out;
}

/** Whether a rule crossing the one two components stand on runs between them (cells). */
function ruledApart(a: Component, b: Component, horizontal: boolean, rules: ReadonlyArray<Cells>): boolean {
  return rules.some((r) =>
    horizontal
      ? r[2] - r[0] <= r[3] - r[1] && r[0] >= a.cells[2] && r[2] <= b.cells[0] && r[1] <= Math.max(a.cells[1], b.cells[1]) && r[3] >= Math.min(a.cells[3], b.cells[3])
      : r[3] - r[1] <= r[2] - r[0] && r[1] >= a.cells[3] && r[3] <= b.cells[1] && r[0] <= Math.max(a.cells[0], b.cells[0]) && r[2] >= Math.min(a.cells[2], b.cells[2]),
  );
}

type Cells = [number, number, number, number];
interface Component {
  /** [col0, row0, col1, row1], inclusive. */
  cells: Cells;
  /** Indices of its marked cells. */
  members: number[];
}

/** Groups of marked cells no more than `join` cells apart (Chebyshev distance). */
function components(marked: Uint8Array, cols: number, rows: number, join: number): Component[] {
  const seen = new Uint8Array(marked.length);
  const out: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < marked.length; start++) {
    if (!marked[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    const cells: Cells = [cols, rows, -1, -1];
    const members: number[] = [];
    while (stack.length) {
      const i = stack.pop()!;
      members.push(i);
      const r = Math.floor(i / cols);
      const c = i - r * cols;
      cells[0] = Math.min(cells[0], c);
      cells[2] = Math.max(cells[2], c);
      cells[1] = Math.min(cells[1], r);
      cells[3] = Math.max(cells[3], r);
      for (let rr = Math.max(0, r - join); rr <= Math.min(rows - 1, r + join); rr++) {
        for (let cc = Math.max(0, c - join); cc <= Math.min(cols - 1, c + join); cc++) {
          const j = rr * cols + cc;
          if (marked[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    out.push({ cells, members });
  }
  return out;
}
