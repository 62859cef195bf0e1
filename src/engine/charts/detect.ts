// Charts drawn as vector paths: a dense cluster of drawings (bars, curves, axes, gridlines)
// with little text, plus the short labels around it (ticks, axis titles, legend).
import type { Box, TextLine } from '../model/document.js';
import { area, containsCentre, union } from '../model/geometry.js';
import { median } from '../model/numbers.js';
import { NEXT_LINE_PITCH } from '../model/typography.js';

export interface DetectedChart {
  /** A plot is a chart; a diagram of labelled shapes (an infographic's steps) is a picture. */
  kind: 'chart' | 'image';
  box: Box;
  /** The chart's own text (tick numbers, axis labels, legend): not body text. */
  lines: TextLine[];
  /** What the detector saw. */
  values: Record<string, number>;
}

/** Drawings closer than this many ems of the page's text belong to one cluster (8 points at 10-point text). */
const CLUSTER_GAP = 0.8;
/** A chart label is short; a longer line near a chart is body text or its caption. */
const MAX_LABEL_CHARS = 40;
/** A row of category ticks right under or over a chart, read as one line, is at most this long. */
const TICK_ROW_CHARS = 100;
/** A line this long inside a chart's drawings is running text: the drawings frame prose. */
const PROSE_CHARS = 60;
/** A plot draws at least this many elements… */
const MIN_ELEMENTS = 8;
/** …of which shapes (bars, curves, areas), not only rules: at least this many, and this share of the rules. */
const MIN_SHAPES = 3;
const SHAPES_PER_RULE = 0.15;
/** A shape covering this share of its cluster is a background or a frame, not plot content. */
const BACKGROUND = 0.4;
/** Shapes covering half the page are page backgrounds. */
const PAGE_BACKGROUND = 0.5;
/** A chart is at least this share of the page's width and height and area, at most this share of its area. */
const MIN_WIDTH = 0.1;
const MIN_HEIGHT = 0.05;
const MIN_AREA = 0.02;
const MAX_AREA = 0.6;
/** Text may cover at most this share of a chart's drawings (a shaded table or a text box is mostly text). */
const MAX_TEXT_AREA = 0.25;
/** A line ending a sentence ("…the supernatant.") is the end of a paragraph, not a label. */
const SENTENCE_END = /\p{Ll}[.!?]$/u;
/** A label beside a drawing (left or right of it) is at most this long: ticks and legend entries. */
const SIDE_LABEL_CHARS = 20;
/** Labels lie within this many ems of the drawings. */
const LABEL_REACH = 1.5;
/**
 * A line wholly under the chart found so far (its drawings and the labels taken) is a label
 * within this many ems: an axis title or a tick row sits a fraction of an em under what it
 * labels, a caption set apart without a "Figure" label (a slide's, a web page's) an em or more
 * (1.03 to 3 ems under the generated corpus's figures: tune split).
 */
const LABEL_BELOW_REACH = 0.9;

/**
 * Charts on a page of `width` × `height` among its drawings (`graphics`: curves and shapes, of
 * which `rects` are filled rectangles; `rules`: straight horizontal and vertical lines), none of
 * them part of a table.
 */
export function detectCharts(width: number, height: number, lines: readonly TextLine[], graphics: readonly Box[], rules: readonly Box[], caption: RegExp, rects: readonly Box[] = []): DetectedChart[] {
  const pageArea = width * height;
  const gap = CLUSTER_GAP * (median(lines.map((l) => l.fontSize)) || 10);
  const shapes = graphics.filter((b) => area(b) < PAGE_BACKGROUND * pageArea);
  const elements = [...shapes.map((box) => ({ box, shape: true })), ...rules.map((box) => ({ box, shape: false }))];
  const charts: DetectedChart[] = [];
  let prose: Set<TextLine> | undefined; // found once, when a cluster needs it
  for (const cluster of clusters(elements, gap)) {
    const box = cluster.box;
    // Backgrounds and frames (a shape covering much of the cluster) are not plot content.
    const content = cluster.members.filter((e) => !e.shape || area(e.box) < BACKGROUND * area(box));
    const shapeCount = content.filter((e) => e.shape).length;
    // A drawing right over or under a figure's caption is the figure, however small or sparse
    // (a small bar chart or two boxes and an arrow in a column): only tiny marks are left out.
    const captioned = hasCaptionBeside(box, lines, caption, gap) && (shapeCount >= 1 || content.length >= CAPTIONED_MIN_RULES) && box[2] - box[0] > CAPTIONED_MIN_SIZE * gap && box[3] - box[1] > CAPTIONED_MIN_SIZE * gap;
    // A plot draws shapes (bars, curves, areas); a grid of rules with few shapes is a table.
    const plot = content.length >= MIN_ELEMENTS && shapeCount >= Math.max(MIN_SHAPES, SHAPES_PER_RULE * (content.length - shapeCount));
    // Not too small, and not a page frame or border holding the page's text.
    const large = box[2] - box[0] >= MIN_WIDTH * width && box[3] - box[1] >= MIN_HEIGHT * height && area(box) >= MIN_AREA * pageArea;
    if (area(box) > MAX_AREA * pageArea) continue;
    // A table's shaded cells (a striped table's rows, a shaded header) are no plot.
    if (shadedCells(content, lines)) continue;
    // Fewer shapes than a diagram needs hold no diagram: most clusters (rules, bullets) stop here.
    const labelled = shapeCount >= MIN_LABELLED_SHAPES ? labelledShapes(content, lines, (prose ??= proseLines(lines)), rects) : 0;
    const diagram = labelled >= MIN_LABELLED_SHAPES;
    if (!captioned && !diagram && !(plot && large)) continue;
    prose ??= proseLines(lines);
    const labels = chartLabels(box, lines, prose, caption);
    if (!labels) continue;
    // Labels can join two clusters of one figure: overlapping charts are one.
    const overlapping = charts.find((c) => close(c.box, labels.box, gap));
    const values = { elements: content.length, shapes: shapeCount, labels: labels.lines.length, captioned: captioned ? 1 : 0, labelledShapes: labelled };
    const kind = diagram && !plot ? 'image' : 'chart';
    if (overlapping) {
      overlapping.box = union(overlapping.box, labels.box);
      overlapping.lines = [...new Set([...overlapping.lines, ...labels.lines])];
      if (kind === 'chart') overlapping.kind = 'chart';
    } else charts.push({ kind, box: labels.box, lines: labels.lines, values });
  }
  return charts;
}

/** Cells abut when their sides lie this many points apart at most (a table's shaded cells share them). */
const ABUT = 0.5;
/** Shapes tiling rows at least this share of the cluster's shapes… */
const TILED_SHAPES = 0.8;
/** …most of them (this share) holding text: a table's shaded cells, not a stacked bar's segments. */
const CELLS_WITH_TEXT = 0.6;

/**
 * Whether the cluster's shapes are a table's shaded cells: most of them abut a shape of the same
 * row side to side (same top and bottom), and most of those hold a line of text.
 */
function shadedCells(content: readonly Element[], lines: readonly TextLine[]): boolean {
  const shapes = content.filter((e) => e.shape).map((e) => e.box);
  if (!shapes.length) return false;
  const sameRow = (a: Box, b: Box) => Math.abs(a[1] - b[1]) <= ABUT && Math.abs(a[3] - b[3]) <= ABUT;
  const tiled = shapes.filter((a) => shapes.some((b) => b !== a && sameRow(a, b) && (Math.abs(a[2] - b[0]) <= ABUT || Math.abs(a[0] - b[2]) <= ABUT)));
  if (tiled.length < TILED_SHAPES * shapes.length) return false;
  const withText = tiled.filter((b) => lines.some((l) => containsCentre(b, l.box))).length;
  return withText >= CELLS_WITH_TEXT * tiled.length;
}

/** A diagram of labelled shapes has this many shapes at least, each holding a short label of its own (an infographic's chevrons, a flow's boxes). */
const MIN_LABELLED_SHAPES = 3;
/** A labelled shape is this many of its label's ems wide and high at least: a tag chip, a button or a table cell's fill is smaller. */
const LABELLED_SHAPE_EMS = 2.5;
/** A labelled shape holds at most this many lines, none of them prose: a label, not a text box. */
const SHAPE_LABEL_LINES = 2;

/** A shape's label is centred in it: its centre within this share of the shape's width of the shape's (a cell's text is set flush left or right). */
const LABEL_CENTRED = 0.15;
/** Labelled rectangles stand this many ems apart at least (a flow's boxes); abutting ones are a table's shaded cells. */
const RECT_APART_EMS = 0.5;

/** How many of the shapes hold a short label of their own, centred in them. */
function labelledShapes(content: readonly Element[], lines: readonly TextLine[], prose: Set<TextLine>, rects: readonly Box[]): number {
  const found: Array<{ box: Box; em: number; rect: boolean }> = [];
  for (const e of content) {
    if (!e.shape) continue;
    const inside = lines.filter((l) => containsCentre(e.box, l.box));
    if (!inside.length || inside.length > SHAPE_LABEL_LINES || inside.some((l) => l.text.length > MAX_LABEL_CHARS || prose.has(l))) continue;
    const em = Math.max(...inside.map((l) => l.fontSize));
    const width = e.box[2] - e.box[0];
    if (width < LABELLED_SHAPE_EMS * em || e.box[3] - e.box[1] < LABELLED_SHAPE_EMS * em) continue;
    const label = inside.reduce((a, l) => union(a, l.box), inside[0]!.box);
    if (Math.abs((label[0] + label[2]) / 2 - (e.box[0] + e.box[2]) / 2) > LABEL_CENTRED * width) continue;
    found.push({ box: e.box, em, rect: rects.some((r) => r.every((v, k) => Math.abs(v - e.box[k]!) < 0.5)) });
  }
  return found.filter((f) => !f.rect || !found.some((o) => o !== f && close(o.box, f.box, RECT_APART_EMS * f.em))).length;
}

/** A figure's caption starts within this many cluster gaps (ems × 0.8) below or above its drawing. */
const CAPTION_REACH = 4;
/** A captioned drawing made of rules only has this many at least (a lone rule over a caption is a separator). */
const CAPTIONED_MIN_RULES = 4;
/** …and measures this many cluster gaps across and high at least. */
const CAPTIONED_MIN_SIZE = 3;

/** A figure caption ("Figure 2: …") right under or over the drawing, overlapping it across. */
function hasCaptionBeside(drawn: Box, lines: readonly TextLine[], caption: RegExp, gap: number): boolean {
  return lines.some((l) => {
    if (!caption.test(l.text) || l.box[0] >= drawn[2] || l.box[2] <= drawn[0]) return false;
    const below = l.box[1] - drawn[3];
    const above = drawn[1] - l.box[3];
    return (below > -gap && below < CAPTION_REACH * gap) || (above > -gap && above < CAPTION_REACH * gap);
  });
}

/**
 * The text of a chart: lines inside its drawings' box and short lines right next to it.
 * Null when the box holds running text or is mostly text (a shaded table, a text frame).
 */
function chartLabels(drawn: Box, lines: readonly TextLine[], prose: Set<TextLine>, caption: RegExp): { box: Box; lines: TextLine[] } | null {
  const inside = lines.filter((l) => containsCentre(drawn, l.box));
  if (inside.some((l) => l.text.length > PROSE_CHARS) || inside.filter((l) => prose.has(l)).length >= 3) return null;
  const textArea = inside.reduce((s, l) => s + area(l.box), 0);
  if (textArea > MAX_TEXT_AREA * area(drawn)) return null;
  const box: Box = [...drawn];
  const taken = new Set(inside);
  // Labels outside the axes (ticks, axis titles, legend), found in two passes.
  for (let pass = 0; pass < 2; pass++) {
    for (const l of lines) {
      if (taken.has(l) || prose.has(l) || caption.test(l.text) || SENTENCE_END.test(l.text)) continue;
      const reach = LABEL_REACH * l.fontSize;
      // A row of category ticks the text layer read as one line is longer than a label: it may
      // run to TICK_ROW_CHARS where it lies right under or over the chart.
      const tickRow = (l.box[1] >= box[3] && l.box[1] - box[3] < LABEL_BELOW_REACH * l.fontSize) || (l.box[3] <= box[1] && box[1] - l.box[3] < LABEL_BELOW_REACH * l.fontSize);
      if (l.text.length > (tickRow ? TICK_ROW_CHARS : MAX_LABEL_CHARS)) continue;
      // Beside the chart or above or below it, not off its corner (a slide's title over its left edge).
      // Over or under it, a label lies within its width (a wider line is the column's text).
      const overOrUnder = l.box[0] > box[0] - reach && l.box[2] < box[2] + reach;
      // Beside the drawing, a label is short (a tick, a legend entry); a longer line there is the next column's text.
      // Nor a word set where the column's prose starts (a heading beside a wrapped figure).
      const beside = l.box[1] < box[3] && l.box[3] > box[1] && l.text.length <= SIDE_LABEL_CHARS && (NUMERIC.test(l.text) || !startsWithProse(l, prose));
      const besideOrOver = overOrUnder || beside;
      const below = l.box[1] >= box[3] ? LABEL_BELOW_REACH * l.fontSize : reach;
      if (besideOrOver && l.box[0] < box[2] + reach && l.box[2] > box[0] - reach && l.box[1] < box[3] + below && l.box[3] > box[1] - reach) {
        taken.add(l);
        box[0] = Math.min(box[0], l.box[0]);
        box[1] = Math.min(box[1], l.box[1]);
        box[2] = Math.max(box[2], l.box[2]);
        box[3] = Math.max(box[3], l.box[3]);
      }
    }
  }
  return { box, lines: [...taken] };
}

/** Tick labels: numbers, signs and units of measure only. */
const NUMERIC = /^[\d\s.,%+−-]+$/;
/** Prose within this many line pitches above or below a line, starting where it starts, makes it the column's. */
const PROSE_REACH = 3;

/** A line that starts at the left edge of prose right above or below it. */
function startsWithProse(line: TextLine, prose: Set<TextLine>): boolean {
  for (const p of prose) {
    if (Math.abs(p.box[0] - line.box[0]) < line.fontSize && Math.abs(p.baseline - line.baseline) < PROSE_REACH * NEXT_LINE_PITCH * line.fontSize) return true;
  }
  return false;
}

/**
 * Lines of wrapped prose: several words, with another such line right above or below,
 * aligned left, right or centred. Charts label with words and numbers, infographics and text boxes with prose.
 */
function proseLines(lines: readonly TextLine[]): Set<TextLine> {
  const wordy = lines.filter((l) => l.text.length >= 12 && l.text.split(' ').length >= 3);
  const aligned = (a: TextLine, b: TextLine) =>
    Math.abs(a.box[0] - b.box[0]) < a.fontSize || Math.abs(a.box[2] - b.box[2]) < a.fontSize || Math.abs(a.box[0] + a.box[2] - b.box[0] - b.box[2]) < 2 * a.fontSize;
  return new Set(
    wordy.filter((l) =>
      wordy.some((o) => o !== l && aligned(o, l) && Math.abs(o.baseline - l.baseline) > 0.5 * l.fontSize && Math.abs(o.baseline - l.baseline) < NEXT_LINE_PITCH * l.fontSize),
    ),
  );
}

interface Element {
  box: Box;
  shape: boolean;
}

/** Groups of drawings whose boxes touch or nearly touch (single linkage). */
function clusters(elements: Element[], gap: number): { box: Box; members: Element[] }[] {
  const sorted = [...elements].sort((a, b) => a.box[1] - b.box[1]);
  const out: { box: Box; members: Element[] }[] = [];
  for (const e of sorted) {
    const near = out.filter((c) => close(c.box, e.box, gap));
    if (!near.length) {
      out.push({ box: [...e.box], members: [e] });
      continue;
    }
    // Join every cluster the element touches into the first.
    const first = near[0]!;
    first.members.push(e);
    first.box = union(first.box, e.box);
    for (const other of near.slice(1)) {
      first.members.push(...other.members);
      first.box = union(first.box, other.box);
      out.splice(out.indexOf(other), 1);
    }
  }
  return out;
}

function close(a: Box, b: Box, gap: number): boolean {
  return a[0] - gap <= b[2] && b[0] - gap <= a[2] && a[1] - gap <= b[3] && b[1] - gap <= a[3];
}
