// Rules of a page image (a scanned or photographed table's borders): long, thin runs of dark
// pixels, horizontal or vertical, in the same form as the vector rules of a PDF page.
import type { Box } from '../model/document.js';
import { closedRectangles } from '../model/geometry.js';
import type { RgbImage } from './pdf/pdfium.js';

/** Darker than this (sum of R, G and B) a pixel is ink. */
export const INK = 3 * 150;
/** Light pixels a run may skip (scan noise, dashed rules). */
const MAX_BREAK = 1;

interface Run {
  at: number;
  from: number;
  to: number;
}

/** A rule: runs on neighbouring lines `first` to `last`, centred on `at`. */
interface Joined extends Run {
  first: number;
  last: number;
}

/**
 * The horizontal and vertical rules of an image, as degenerate boxes in page units (`scale`
 * page units per pixel): a horizontal rule has y0 === y1, a vertical one x0 === x1.
 */
export function imageRules(image: RgbImage, scale: number): Box[] {
  const dark = rulesOfInk(image, scale, INK);
  // Dark rules are found again among the light ones (a pixel or two longer and thicker): a light
  // rule along dark ones is theirs, found already (DARK_SHARE).
  const snap = FRAME_SNAP * scale;
  // (Dark pieces along a light rule, a rule broken by the scan's noise, count together.)
  const overlap = (light: Box, d: Box) => {
    const horizontal = light[1] === light[3];
    if (horizontal !== (d[1] === d[3])) return 0;
    const [at, from, to, dAt, dFrom, dTo] = horizontal ? [light[1], light[0], light[2], d[1], d[0], d[2]] : [light[0], light[1], light[3], d[0], d[1], d[3]];
    return Math.abs(at - dAt) <= snap ? Math.max(0, Math.min(to, dTo) - Math.max(from, dFrom)) : 0;
  };
  const alongDark = (rule: Box) => dark.reduce((sum, d) => sum + overlap(rule, d), 0) > DARK_SHARE * Math.max(rule[2] - rule[0], rule[3] - rule[1]);
  const light = rulesOfInk(image, scale, FRAME_INK).filter((r) => !alongDark(r));
  const frames = lightFrames(light, snap);
  // Light rules under a table's rows (a Word table's, in light grey): a stack of rules of one
  // extent, the table's darker rules (its head's) counted with them.
  const extent = (a: Box, b: Box) => a[1] === a[3] && b[1] === b[3] && Math.abs(a[0] - b[0]) <= snap && Math.abs(a[2] - b[2]) <= snap;
  const all = [...light, ...dark];
  const stacked = light.filter((r) => all.filter((o) => extent(r, o)).length >= ROW_RULES);
  // A partial rule between two of a stack's (under a row's values only, its label running on over
  // the next row) is the stack's too.
  const between = (r: Box) => r[1] === r[3] && stacked.some((a) => stacked.some((b) => a[1] < r[1] && b[1] > r[1] && r[0] >= a[0] - snap && r[2] <= a[2] + snap));
  const partial = light.filter((r) => !stacked.includes(r) && between(r));
  // (A side two rectangles share is given once; a stacked rule may be a frame's side too.)
  return [...dark, ...new Set([...frames.flat(), ...stacked, ...partial])];
}

/** The rules of an image whose pixels are darker than `level` (sum of R, G and B). */
function rulesOfInk(image: RgbImage, scale: number, level: number): Box[] {
  const { width, height } = image;
  const ink = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < ink.length; i++, p += 3) ink[i] = image.data[p]! + image.data[p + 1]! + image.data[p + 2]! < level ? 1 : 0;
  const rules: Box[] = [];
  const alongRows = (line: number, pos: number) => line * width + pos;
  const alongColumns = (line: number, pos: number) => pos * width + line;
  const minH = Math.max(25, Math.round(width * 0.04));
  for (const r of joinRuns(runs(ink, height, width, alongRows, minH), height)) {
    if (clearBeside(ink, r, height, alongRows)) rules.push([r.from * scale, r.at * scale, r.to * scale, r.at * scale]);
  }
  const minV = Math.max(25, Math.round(height * 0.02));
  for (const r of joinRuns(runs(ink, width, height, alongColumns, minV), width)) {
    if (clearBeside(ink, r, width, alongColumns)) rules.push([r.at * scale, r.from * scale, r.at * scale, r.to * scale]);
  }
  return rules;
}

/**
 * A frame's edges may be this light (sum of R, G and B): a web page's sidebar or infobox is framed
 * in a light grey (CSS #ccc–#ddd), which a scan prints at about 210 of 255, lighter than INK.
 */
const FRAME_INK = 3 * 232;
/** A frame's sides meet to this many pixels. */
const FRAME_SNAP = 4;
/** Light horizontal rules of one extent, this many or more with the dark ones of that extent, are a table's row rules. */
const ROW_RULES = 3;
/**
 * A light rule this much of whose length dark rules run along is a dark rule's: a grid printed
 * faint is found by the dark pass in pieces only (a fifth of a rule's length, or less), and taking
 * its whole rules from the light pass beside those pieces parts its cells twice.
 */
const DARK_SHARE = 0.05;

/**
 * The closed rectangles drawn in light rules, each as its sides (a sidebar's or an infobox's
 * frame). A light rule alone is not taken (the strokes of grey text, a photo's edges): only as a
 * rectangle's side or in a stack of row rules (imageRules).
 */
function lightFrames(light: readonly Box[], snap: number): Box[][] {
  const h = light.filter((r) => r[1] === r[3]).map((rule) => ({ y: rule[1], x0: rule[0], x1: rule[2], rule }));
  const v = light.filter((r) => r[0] === r[2]).map((rule) => ({ x: rule[0], y0: rule[1], y1: rule[3], rule }));
  return closedRectangles(h, v, snap).map((r) => r.sides.map((side) => side.rule));
}

/**
 * Whether the pixels just beside a run, on both sides, are mostly blank: true of a rule, not
 * of a line of bold text whose letters touch (ink above and below the run too).
 */
function clearBeside(ink: Uint8Array, r: Joined, lines: number, index: (line: number, pos: number) => number): boolean {
  const share = (line: number) => {
    if (line < 0 || line >= lines) return 0;
    let n = 0;
    for (let pos = r.from; pos < r.to; pos++) n += ink[index(line, pos)]!;
    return n / (r.to - r.from);
  };
  return Math.max(share(r.first - 2), share(r.last + 2)) < 0.25;
}

/** Runs of ink at least `min` long along each of `lines` lines of `length` pixels. */
function runs(ink: Uint8Array, lines: number, length: number, index: (line: number, pos: number) => number, min: number): Run[][] {
  const out: Run[][] = [];
  for (let line = 0; line < lines; line++) {
    const found: Run[] = [];
    let start = -1;
    let lastInk = -1;
    for (let pos = 0; pos <= length; pos++) {
      const isInk = pos < length && ink[index(line, pos)] === 1;
      if (isInk) {
        if (start < 0 || pos - lastInk > MAX_BREAK + 1) {
          if (start >= 0 && lastInk - start + 1 >= min) found.push({ at: line, from: start, to: lastInk + 1 });
          start = pos;
        }
        lastInk = pos;
      }
    }
    if (start >= 0 && lastInk - start + 1 >= min) found.push({ at: line, from: start, to: lastInk + 1 });
    out.push(found);
  }
  return out;
}

/**
 * Runs on neighbouring lines that cover the same span are one rule (its thickness); a block
 * thicker than a rule (a filled area, a bar, a photo) is dropped.
 */
function joinRuns(byLine: Run[][], lines: number): Joined[] {
  const maxThickness = Math.max(4, Math.round(lines * 0.004));
  const out: Joined[] = [];
  let open: { run: Run; first: number; last: number }[] = [];
  for (let line = 0; line <= byLine.length; line++) {
    const current = byLine[line] ?? [];
    const next: typeof open = [];
    for (const r of current) {
      const o = open.find((c) => Math.min(c.run.to, r.to) - Math.max(c.run.from, r.from) > 0.8 * Math.min(c.run.to - c.run.from, r.to - r.from));
      if (o) {
        o.run = { at: 0, from: Math.min(o.run.from, r.from), to: Math.max(o.run.to, r.to) };
        o.last = line;
        next.push(o);
        open = open.filter((c) => c !== o);
      } else next.push({ run: r, first: line, last: line });
    }
    for (const c of open) {
      if (c.last - c.first + 1 <= maxThickness) out.push({ at: (c.first + c.last + 1) / 2, from: c.run.from, to: c.run.to, first: c.first, last: c.last });
    }
    open = next;
  }
  return out;
}
