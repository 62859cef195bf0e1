// Charts drawn as vector paths: a dense cluster of drawings (bars, curves, axes, gridlines)
// with little text, plus the short labels around it (ticks, axis titles, legend).
import type { Box, TextLine } from '../model/document.js';

export interface DetectedChart {
  box: Box;
  /** The chart's own text (tick numbers, axis labels, legend): not body text. */
  lines: TextLine[];
}

/** Drawings closer than this (points) belong to one cluster. */
const CLUSTER_GAP = 8;
/** A chart label is short; a longer line near a chart is body text or its caption. */
const MAX_LABEL_CHARS = 40;

/**
 * Charts on a page of `width` × `height` among its drawings (`graphics`: curves and shapes;
 * `rules`: straight horizontal and vertical lines), none of them part of a table.
 */
export function detectCharts(width: number, height: number, lines: TextLine[], graphics: Box[], rules: Box[], caption: RegExp): DetectedChart[] {
  const pageArea = width * height;
  const shapes = graphics.filter((b) => area(b) < 0.5 * pageArea);
  const elements = [...shapes.map((box) => ({ box, shape: true })), ...rules.map((box) => ({ box, shape: false }))];
  const charts: DetectedChart[] = [];
  let prose: Set<TextLine> | undefined; // found once, when a cluster needs it
  for (const cluster of clusters(elements)) {
    const box = cluster.box;
    // Backgrounds and frames (a shape covering much of the cluster) are not plot content.
    const content = cluster.members.filter((e) => !e.shape || area(e.box) < 0.4 * area(box));
    const shapeCount = content.filter((e) => e.shape).length;
    // A plot draws shapes (bars, curves, areas); a grid of rules with few shapes is a table.
    if (content.length < 8 || shapeCount < Math.max(3, 0.15 * (content.length - shapeCount))) continue;
    // Not too small, and not a page frame or border holding the page's text.
    if (box[2] - box[0] < 60 || box[3] - box[1] < 40 || area(box) < 0.02 * pageArea || area(box) > 0.6 * pageArea) continue;
    prose ??= proseLines(lines);
    const labels = chartLabels(box, lines, prose, caption);
    if (!labels) continue;
    // Labels can join two clusters of one figure: overlapping charts are one.
    const overlapping = charts.find((c) => close(c.box, labels.box));
    if (overlapping) {
      overlapping.box = union(overlapping.box, labels.box);
      overlapping.lines = [...new Set([...overlapping.lines, ...labels.lines])];
    } else charts.push({ box: labels.box, lines: labels.lines });
  }
  return charts;
}

/**
 * The text of a chart: lines inside its drawings' box and short lines right next to it.
 * Null when the box holds running text or is mostly text (a shaded table, a text frame).
 */
function chartLabels(drawn: Box, lines: TextLine[], prose: Set<TextLine>, caption: RegExp): { box: Box; lines: TextLine[] } | null {
  const inside = lines.filter((l) => contains(drawn, l.box));
  if (inside.some((l) => l.text.length > 60) || inside.filter((l) => prose.has(l)).length >= 3) return null;
  const textArea = inside.reduce((s, l) => s + area(l.box), 0);
  if (textArea > 0.25 * area(drawn)) return null;
  const box: Box = [...drawn];
  const taken = new Set(inside);
  // Labels outside the axes (ticks, axis titles, legend), found in two passes.
  for (let pass = 0; pass < 2; pass++) {
    for (const l of lines) {
      if (taken.has(l) || l.text.length > MAX_LABEL_CHARS || prose.has(l) || caption.test(l.text)) continue;
      const reach = 1.5 * l.fontSize;
      if (l.box[0] < box[2] + reach && l.box[2] > box[0] - reach && l.box[1] < box[3] + reach && l.box[3] > box[1] - reach) {
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

/**
 * Lines of wrapped prose: several words, with another such line right above or below,
 * aligned left, right or centred. Charts label with words and numbers, infographics and text boxes with prose.
 */
function proseLines(lines: TextLine[]): Set<TextLine> {
  const wordy = lines.filter((l) => l.text.length >= 12 && l.text.split(' ').length >= 3);
  const aligned = (a: TextLine, b: TextLine) =>
    Math.abs(a.box[0] - b.box[0]) < a.fontSize || Math.abs(a.box[2] - b.box[2]) < a.fontSize || Math.abs(a.box[0] + a.box[2] - b.box[0] - b.box[2]) < 2 * a.fontSize;
  return new Set(
    wordy.filter((l) =>
      wordy.some((o) => o !== l && aligned(o, l) && Math.abs(o.baseline - l.baseline) > 0.5 * l.fontSize && Math.abs(o.baseline - l.baseline) < 1.6 * l.fontSize),
    ),
  );
}

interface Element {
  box: Box;
  shape: boolean;
}

/** Groups of drawings whose boxes touch or nearly touch (single linkage). */
function clusters(elements: Element[]): { box: Box; members: Element[] }[] {
  const sorted = [...elements].sort((a, b) => a.box[1] - b.box[1]);
  const out: { box: Box; members: Element[] }[] = [];
  for (const e of sorted) {
    const near = out.filter((c) => close(c.box, e.box));
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

function close(a: Box, b: Box): boolean {
  return a[0] - CLUSTER_GAP <= b[2] && b[0] - CLUSTER_GAP <= a[2] && a[1] - CLUSTER_GAP <= b[3] && b[1] - CLUSTER_GAP <= a[3];
}

function union(a: Box, b: Box): Box {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

function contains(outer: Box, inner: Box): boolean {
  const cx = (inner[0] + inner[2]) / 2;
  const cy = (inner[1] + inner[3]) / 2;
  return cx >= outer[0] && cx <= outer[2] && cy >= outer[1] && cy <= outer[3];
}

function area(b: Box): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}
