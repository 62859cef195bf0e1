// Floats (tables, charts, images) in the reading order: each takes its caption ("Table 2: …"
// above or below a table, "Figure 3: …" by a figure) and, for tables, the notes right below,
// then goes before the first paragraph that starts below its top and shares its width.
import type { LabelledParagraph, PlacedRegion, Region, Unit } from '../model/analysis.js';
import type { Box, Page } from '../model/document.js';
import { containsCentre, intersects, overlapsX, union, verticalDistance } from '../model/geometry.js';
import { ANY_CAPTION, CAPTION_LABEL_ONLY, FIGURE_CAPTION, IMAGE_CREDIT, isSentenceReference, joinLines, TABLE_CAPTION, TABLE_NOTE } from '../model/text.js';
import { entry } from '../model/trace.js';

/** A caption lies within this share of the page height above or below its float… */
const CAPTION_REACH = 0.06;
/** …or within this many of its ems (a slide's page is short: the share alone is a line or two). */
const CAPTION_REACH_EM = 3;
/** A diagram's label is one short line. */
const FIGURE_LABEL_CHARS = 40;
/** A caption's next paragraph continues it when it starts within this many ems below it. */
const CAPTION_CONTINUES = 1.5;
/** A table's notes follow each other within this share of the page height below it. */
const NOTE_REACH = 0.03;
/** Tolerance, in ems of the note, for a note's top touching the table's bottom. */
const NOTE_TOUCH = 0.1;

/**
 * The page's reading order with its regions placed: images first, then tables and charts, each
 * top to bottom, taking their captions and notes out of the paragraphs.
 */
export function placeRegions(page: Page, paragraphs: readonly LabelledParagraph[], regions: readonly Region[]): Unit[] {
  const units: Unit[] = paragraphs.flatMap(splitJoinedCaptions).map((paragraph) => ({ kind: 'paragraph', paragraph }));
  const byTop = (a: Region, b: Region) => a.box[1] - b.box[1];
  const images = regions.filter((r) => r.kind === 'image').sort(byTop);
  const floats = regions.filter((r) => r.kind !== 'image').sort(byTop);
  for (const region of [...images, ...floats]) {
    const table = region.kind === 'table';
    const others = regions.filter((r) => r !== region && (r.kind === 'table') === table).map((r) => r.box);
    // A picture's credit right under it is its note, not its caption (nor the caption's first line).
    const credits = table ? [] : takeCredits(page, units, region.box);
    const captions = takeCaption(page, units, region.box, table ? TABLE_CAPTION : FIGURE_CAPTION, table ? 'above' : 'below', region.kind, others);
    // Notes follow the float, or its caption when that is set below it.
    const below = [...credits, ...captions].map(paragraphBox).filter((b) => b[1] >= region.box[3] - 1);
    const under: Box = [region.box[0], region.box[1], region.box[2], Math.max(region.box[3], ...below.map((b) => b[3]))];
    // A credit the paragraphs joined to the caption under it (off the picture's span, set flush right) opens the caption.
    for (const c of table ? [] : captions) {
      while (c.lines.length > 1 && IMAGE_CREDIT.test(c.lines[0]!.text)) credits.push({ ...c, lines: [c.lines.shift()!], trace: [...c.trace, entry('floats', 'credit.cut-from-caption')] });
    }
    const notes = table ? takeNotes(page, units, under) : [...credits, ...takeCredits(page, units, under)];
    placeInOrder(units, { kind: 'region', placed: { region, captions, notes } });
  }
  for (const placed of drawnFigures(page, units, regions)) placeInOrder(units, { kind: 'region', placed });
  return units;
}

/** A figure's drawings lie within this share of the page height above its caption. */
const FIGURE_REACH = 0.5;

/**
 * Figures no detector found, anchored by their caption: a figure caption left over (the
 * classifier's, or text opening "Figure 3") with vector drawings or images right above it, up to
 * the text above, is a figure of those drawings. The text inside them (a diagram's labels) is
 * the figure's, not running text.
 */
function drawnFigures(page: Page, units: Unit[], regions: readonly Region[]): PlacedRegion[] {
  const out: PlacedRegion[] = [];
  const drawings = [...(page.graphics ?? []), ...page.images].filter((g) => !regions.some((r) => intersects(r.box, g)));
  for (let at = 0; at < units.length; at++) {
    const u = units[at]!;
    if (u.kind !== 'paragraph' || !isFigureCaption(u.paragraph)) continue;
    const cap = paragraphBox(u.paragraph);
    const size = u.paragraph.lines[0]!.fontSize;
    // The text above the caption in its column bounds the figure.
    let top = Math.max(0, cap[1] - FIGURE_REACH * page.height);
    for (const v of units) {
      if (v === u || v.kind !== 'paragraph' || v.paragraph.label === 'caption' || isLabelLike(v.paragraph)) continue;
      const b = paragraphBox(v.paragraph);
      if (b[3] <= cap[1] && overlapsX(b, cap)) top = Math.max(top, b[3]);
    }
    const inside = drawings.filter((g) => g[1] >= top - size && g[3] <= cap[1] + size * 0.5 && overlapsX(g, cap));
    if (!inside.length) continue;
    const box = inside.reduce((a, g) => union(a, g));
    const labels = units.filter((v): v is Unit & { kind: 'paragraph' } => v.kind === 'paragraph' && v !== u && isLabelLike(v.paragraph) && containsCentre(box, paragraphBox(v.paragraph)));
    const region: Region = { kind: 'image', box, lines: labels.flatMap((v) => v.paragraph.lines), trace: [entry('floats', 'figure.drawings-above-caption', { drawings: inside.length })] };
    const caption = { ...u.paragraph, trace: [...u.paragraph.trace, entry('floats', 'caption.image-below')] };
    for (const v of [u, ...labels]) units.splice(units.indexOf(v), 1);
    out.push({ region, captions: [caption], notes: [] });
    at = -1;
  }
  return out;
}

/**
 * A caption paragraph the paragraphs joined over two floats' captions (two tables side by side,
 * their captions under them at staggered heights, read as one): cut before each further line
 * that opens a caption's label, so each float takes its own. A line naming a float in a sentence
 * ("Table 4 lists…") goes on with its paragraph.
 */
function splitJoinedCaptions(p: LabelledParagraph): LabelledParagraph[] {
  if (!ANY_CAPTION.test(p.lines[0]!.text.trim())) return [p];
  const cuts = p.lines.flatMap((l, i) => (i > 0 && ANY_CAPTION.test(l.text.trim()) && !isSentenceReference(l.text.trim()) ? [i] : []));
  if (!cuts.length) return [p];
  return [0, ...cuts].map((from, k) => ({ ...p, lines: p.lines.slice(from, cuts[k] ?? p.lines.length), trace: [...p.trace, entry('floats', 'caption.cut-at-next-label', { part: k + 1, parts: cuts.length + 1 })] }));
}

function isFigureCaption(p: LabelledParagraph): boolean {
  const text = textOf(p);
  // The classifier's caption needs no "Figure" label (a slide's caption is its text alone), only not a table's.
  return (p.label === 'caption' && !TABLE_CAPTION.test(text)) || (p.label === 'text' && FIGURE_CAPTION.test(text) && !isSentenceReference(text));
}

/** Text a figure may hold: what the classifier took for a float's own text, or short labels. */
function isLabelLike(p: LabelledParagraph): boolean {
  return p.label === 'text' && p.lines.length === 1 && textOf(p).length <= FIGURE_LABEL_CHARS;
}

function textOf(p: LabelledParagraph): string {
  return joinLines(p.lines.map((l) => l.text));
}

/**
 * Removes from `units` and returns the caption of a float: a text or title paragraph matching
 * `pattern` close above or below it, the `prefer`red side first. A caption on the other side is
 * not taken when it is on the preferred side of another float of the kind (`others`), nearer to
 * that one: "TABLE I" between two tables, closer to the lower, is its title.
 */
function takeCaption(page: Page, units: Unit[], box: Box, pattern: RegExp, prefer: 'above' | 'below', kind: string, others: readonly Box[]): LabelledParagraph[] {
  const reach = page.height * CAPTION_REACH;
  const within = (pBox: Box, size: number, float: Box) => verticalDistance(pBox, float) < Math.max(reach, CAPTION_REACH_EM * size) && overlapsX(pBox, float);
  const sideOf = (pBox: Box, float: Box) => (pBox[3] <= float[1] + 1 ? 'above' : 'below');
  let best: { at: number; score: number; side: string } | undefined;
  units.forEach((u, at) => {
    if (u.kind !== 'paragraph') return;
    const p = u.paragraph;
    // A caption by the classifier, or text opening as this float's captions do (not a sentence
    // naming a float: "Table 5 lists how…" right above a table is the text's, the table's caption under it).
    const text = textOf(p);
    const named = pattern.test(text) && (p.label === 'caption' || ((p.label === 'text' || p.label === 'title') && !isSentenceReference(text)));
    if (!named && !(p.label === 'caption' && !ANY_CAPTION.test(text))) return;
    // A table's note ("Source: …", "Note: …") is no caption of it, whatever the classifier said.
    if (!named && kind === 'table' && TABLE_NOTE.test(text)) return;
    const pBox = paragraphBox(p);
    const size = Math.max(...p.lines.map((l) => l.fontSize));
    if (!within(pBox, size, box)) return;
    const side = sideOf(pBox, box);
    // Against another float, the caption counts whole: a label alone ("TABLE I") with its title
    // line right under it, nearer the table under them than the label alone is.
    const next = units[at + 1];
    const whole = CAPTION_LABEL_ONLY.test(text) && next?.kind === 'paragraph' && continues(pBox, next.paragraph) ? union(pBox, paragraphBox(next.paragraph)) : pBox;
    if (side !== prefer && others.some((o) => within(whole, size, o) && sideOf(whole, o) === prefer && verticalDistance(whole, o) < verticalDistance(pBox, box))) return;
    // A caption opening with its label wins over one the classifier alone found (a table's
    // wrapped last cell it took for a caption), then the preferred side, then the nearer.
    const score = verticalDistance(pBox, box) + (side === prefer ? 0 : page.height) + (named ? 0 : 2 * page.height);
    if (!best || score < best.score) best = { at, score, side };
  });
  if (!best) return [];
  let { at } = best;
  const { side } = best;
  // The caption's label on its own line right above the caption taken (IEEE's "TABLE II" over
  // the table's title) opens it.
  const above = units[at - 1];
  if (above?.kind === 'paragraph' && CAPTION_LABEL_ONLY.test(textOf(above.paragraph)) && continues(paragraphBox(above.paragraph), (units[at] as { paragraph: LabelledParagraph }).paragraph)) at--;
  const caption = (units.splice(at, 1)[0] as { paragraph: LabelledParagraph }).paragraph;
  const whole: LabelledParagraph = { ...caption, lines: [...caption.lines], trace: [...caption.trace, entry('floats', `caption.${kind}-${side}`)] };
  // The start of a caption the paragraphs split, above the part taken (the part nearest a table
  // under it is the caption's last line): caption paragraphs right above it, up to the one
  // opening with the caption's label.
  // Found by place, not by reading order: a sidebar read between them does not part them.
  while (!ANY_CAPTION.test(textOf(whole))) {
    let k = -1;
    units.forEach((u, i) => {
      if (u.kind !== 'paragraph' || !continues(paragraphBox(u.paragraph), whole)) return;
      // Text between a float and its caption under it is the caption's first lines, whatever their label.
      const between = side === 'below' && u.paragraph.label === 'text' && paragraphBox(u.paragraph)[1] >= box[3] - 1;
      if (!(u.paragraph.label === 'caption' || CAPTION_LABEL_ONLY.test(textOf(u.paragraph)) || between)) return;
      // The nearest above: the lowest.
      if (k < 0 || paragraphBox(u.paragraph)[3] > unitBox(units[k]!)[3]) k = i;
    });
    if (k < 0) break;
    const u = units.splice(k, 1)[0] as { paragraph: LabelledParagraph };
    if (k < at) at--;
    whole.lines.unshift(...u.paragraph.lines);
    whole.trace.push(entry('floats', `caption.${kind}-continued-above`));
  }
  // The rest of a caption the paragraphs split: caption paragraphs right below it that do not
  // open a caption of their own; under a label alone, the paragraph right below whatever its type.
  for (let last = paragraphBox(caption); ; ) {
    const u = units[at];
    // A caption of its own, or a table's note ("Note: …", set small like the caption), ends it.
    if (u?.kind !== 'paragraph' || ANY_CAPTION.test(textOf(u.paragraph)) || (kind === 'table' && TABLE_NOTE.test(textOf(u.paragraph)))) break;
    const labelOnly = CAPTION_LABEL_ONLY.test(textOf(whole)) && (u.paragraph.label === 'text' || u.paragraph.label === 'title');
    if (u.paragraph.label !== 'caption' && !labelOnly) break;
    const b = paragraphBox(u.paragraph);
    if (!continues(last, u.paragraph)) break;
    units.splice(at, 1);
    whole.lines.push(...u.paragraph.lines);
    whole.trace.push(entry('floats', `caption.${kind}-continued`));
    last = b;
  }
  return [whole];
}

/** Whether paragraph `p` starts right under `box` (within CAPTION_CONTINUES of its size) and overlaps it sideways. */
function continues(box: Box, p: LabelledParagraph): boolean {
  const b = paragraphBox(p);
  const size = p.lines[0]!.fontSize;
  return b[1] >= box[3] - size && b[1] - box[3] <= CAPTION_CONTINUES * size && overlapsX(b, box);
}

/** Whether `b` (of type `size`) starts right under `bottom` — touching it, or within NOTE_REACH of the page — and shares the float's (`box`) width. */
function startsRightBelow(page: Page, b: Box, size: number, bottom: number, box: Box): boolean {
  return b[1] >= bottom - NOTE_TOUCH * size && b[1] - bottom < page.height * NOTE_REACH && overlapsX(b, box);
}

/** The labels a table's note may have been given. */
const NOTE_LABELS = new Set<LabelledParagraph['label']>(['text', 'page_footnote', 'caption', 'footer']);

/** Notes right below a table, one after the other, removed from `units`. */
function takeNotes(page: Page, units: Unit[], box: Box): LabelledParagraph[] {
  const notes: LabelledParagraph[] = [];
  let bottom = box[3];
  for (;;) {
    const at = units.findIndex((u) => {
      // A note the classifier took for a caption or a footer (small type under a float, the last
      // lines of a short page) is a note all the same: it opens as notes do, right under the table.
      if (u.kind !== 'paragraph' || !NOTE_LABELS.has(u.paragraph.label)) return false;
      return startsRightBelow(page, paragraphBox(u.paragraph), u.paragraph.lines[0]!.fontSize, bottom, box) && TABLE_NOTE.test(textOf(u.paragraph));
    });
    if (at < 0) return notes;
    const note = (units.splice(at, 1)[0] as { paragraph: LabelledParagraph }).paragraph;
    notes.push({ ...note, trace: [...note.trace, entry('floats', 'table-note.below')] });
    bottom = paragraphBox(note)[3];
  }
}

/**
 * Credit lines right below a picture (or its caption), removed from `units`: "Photo: A. Name /
 * Reuters", "© A. Name". A credit the paragraphs joined to the caption under it (the caption's
 * first line) is cut from it; the caption stays in `units`.
 */
function takeCredits(page: Page, units: Unit[], box: Box): LabelledParagraph[] {
  const credits: LabelledParagraph[] = [];
  let bottom = box[3];
  for (;;) {
    const at = units.findIndex((u) => {
      if (u.kind !== 'paragraph' || !NOTE_LABELS.has(u.paragraph.label)) return false;
      const first = u.paragraph.lines[0]!;
      return startsRightBelow(page, first.box, first.fontSize, bottom, box) && IMAGE_CREDIT.test(first.text);
    });
    if (at < 0) return credits;
    const p = (units[at] as { paragraph: LabelledParagraph }).paragraph;
    const [first, ...rest] = p.lines;
    const credit: LabelledParagraph = { ...p, lines: [first!], trace: [...p.trace, entry('floats', 'credit.below')] };
    if (rest.length) units[at] = { kind: 'paragraph', paragraph: { ...p, lines: rest, trace: [...p.trace, entry('floats', 'credit.cut-from-paragraph')] } };
    else units.splice(at, 1);
    credits.push(credit);
    bottom = first!.box[3];
  }
}

function paragraphBox(p: LabelledParagraph): Box {
  let box: Box = p.equation ? [...p.equation.box] : [Infinity, Infinity, -Infinity, -Infinity];
  for (const l of p.lines) box = [Math.min(box[0], l.box[0]), Math.min(box[1], l.box[1]), Math.max(box[2], l.box[2]), Math.max(box[3], l.box[3])];
  return box;
}

function unitBox(u: Unit): Box {
  return u.kind === 'paragraph' ? paragraphBox(u.paragraph) : u.placed.region.box;
}

/** Text right of a float whose top is at most this share of the float's height below the float's top starts beside it (a logo beside its letterhead). */
const BESIDE_TOP = 0.25;
/** …and starts within this many of its ems right of the float (farther, it is another column or a sidebar, read in its own turn). */
const BESIDE_GAP = 2;

/**
 * Inserts a region before the first unit that starts below its top and overlaps it
 * horizontally, or that starts beside it, right of it, at its top: a float is read before the
 * text set beside it from the same height (a logo before its letterhead), not after the column
 * under it. With neither, after the last unit above it that overlaps it horizontally.
 */
function placeInOrder(units: Unit[], unit: Unit & { kind: 'region' }): void {
  const box = unit.placed.region.box;
  // A float inside a frame (an infobox's table under the box's title) is read among the frame's
  // text: before its first text under the float's top, or after its last text above it.
  const frame = unit.placed.region.frame;
  const framed = frame ? units.flatMap((u, i) => (containsCentre(frame, unitBox(u)) ? [i] : [])) : [];
  if (framed.length) {
    const under = framed.find((i) => unitBox(units[i]!)[1] >= box[1]);
    units.splice(under ?? framed[framed.length - 1]! + 1, 0, unit);
    return;
  }
  const besideTop = (u: Unit, b: Box) =>
    u.kind === 'paragraph' && b[0] >= box[2] && b[0] - box[2] <= BESIDE_GAP * u.paragraph.lines[0]!.fontSize && b[1] >= box[1] && b[1] - box[1] <= BESIDE_TOP * (box[3] - box[1]);
  let at = units.findIndex((u) => {
    const b = unitBox(u);
    return (b[1] >= box[1] && overlapsX(b, box)) || besideTop(u, b);
  });
  // Nothing under it: it closes its column, after the last text above it there (a figure at the
  // foot of a page's left column is read before the right column, not after it).
  if (at < 0) {
    at = units.length;
    for (let i = units.length - 1; i >= 0; i--) {
      const b = unitBox(units[i]!);
      if (b[3] <= box[1] && overlapsX(b, box)) {
        at = i + 1;
        break;
      }
    }
  }
  units.splice(at, 0, unit);
}
