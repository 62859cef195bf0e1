// Tables framed by rules at their top, under their header and at their foot (LaTeX booktabs'
// \toprule, \midrule and \bottomrule; a web table ruled at head and foot) whose cells wrap onto
// several lines: p{} columns of sentences, set justified. Such a body defeats the row-by-row
// reading of the borderless detector: a justified line's stretched word spaces look like cell
// gaps, and a wrapped cell's next line, alone on its baseline, looks like prose. Exact structure
// reads it: the three rules bound the table and part its header from its body; the white that
// runs down through every line of the body parts the columns; a line goes on in a cell when its
// first word did not fit after the cell's text above it (rows.ts, textRows). A frame whose cells
// do not wrap is left to the row-by-row reading, which reads its finer structure (spans, sections),
// unless that reading finds no table in it (rows of sentences, cells set too tight to part by their
// gaps): borderless.ts decides, from `values.wrapped`.
import type { Box, TextLine } from '../model/document.js';
import { median } from '../model/numbers.js';
import type { Cell } from '../model/table.js';
import { cutAtWord, WORD_GAP } from './fragments.js';
import { baselineGroups, textRows } from './rows.js';
import type { TableFound } from './ruled.js';
import type { HRule } from './rules.js';
import { centreY, MAX_ROW_HEIGHT, OVERHANG, SAME_EXTENT, sameExtent } from './rowruled.js';
import { isTableCaption } from '../model/text.js';

/** The header rule stands at most this many ems under the top rule (a header wrapped over four lines). */
const MAX_HEAD_HEIGHT = 5;
/** Rules this many ems apart or less are one (a heavier rule drawn twice). */
const ONE_RULE = 0.5;
/**
 * White this many ems wide, down through every line of the body, parts two columns: a table
 * shrunk to fit keeps half an em between its columns. (A justified line's word spaces are wider,
 * but they do not line up on every line.)
 */
const MIN_GUTTER = 0.3;
/** A column gap has text on both its sides on at least this many of the body's baselines (a word space lining up by chance on a few lines does not). */
const GUTTER_LINES = 2;
/** A table's rules are this many ems long at least (shorter ones are a chart's ticks, a fraction's bar). */
const MIN_WIDTH = 5;
/** A rule inside the body this share of the frame's width or more parts sections or tables (a shorter one underlines a cell). */
const INNER_RULE = 0.5;
/** A table's body has at least this many rows. */
const MIN_BODY_ROWS = 2;

/** Tables between booktabs-style frames among `lines` (`values.wrapped` 1 when body cells wrap); the lines they took are theirs. */
export function framedTables(lines: readonly TextLine[], rules: readonly HRule[]): TableFound[] {
  const size = median(lines.map((l) => l.fontSize)) || 10;
  const out: TableFound[] = [];
  let remaining = lines.filter((l) => !l.rotated && !l.equation);
  const own = rules.filter((r) => !r.frame && r.x1 - r.x0 >= MIN_WIDTH * size);
  for (const [top, head, bottom] of frames(own, size)) {
    if (ruledOn(top, bottom, own, remaining, size)) continue;
    const found = frameTable(top, head, bottom, remaining, rules, size);
    if (!found) continue;
    out.push(found);
    const used = new Set(found.lines);
    remaining = remaining.filter((l) => !used.has(l));
  }
  return out;
}

/**
 * Top, header and bottom rules of one extent, top to bottom: the header rule within
 * MAX_HEAD_HEIGHT of the top rule, the bottom rule the next rule of that extent under it.
 */
function frames(rules: readonly HRule[], size: number): [HRule, HRule, HRule][] {
  const sorted = [...rules].sort((a, b) => a.y - b.y);
  const out: [HRule, HRule, HRule][] = [];
  for (const top of sorted) {
    // The rules of its extent under it, a doubled rule counted once.
    const under: HRule[] = [];
    for (const r of sorted) if (r.y > top.y + ONE_RULE * size && sameExtent(r, top, size) && (!under.length || r.y - under[under.length - 1]!.y > ONE_RULE * size)) under.push(r);
    const [head, bottom] = under;
    if (!head || !bottom || head.y - top.y > MAX_HEAD_HEIGHT * size) continue;
    // The frame of the rule above already holds this one as its header rule.
    if (out.some(([, h]) => h === top)) continue;
    out.push([top, head, bottom]);
  }
  return out;
}

/**
 * Whether the frame is part of a stack of rules under every row (rowruled.ts reads those): a rule
 * of its extent within a row's height above its top or below its bottom, with no table's caption
 * between (a caption parts two tables stacked in a column).
 */
function ruledOn(top: HRule, bottom: HRule, rules: readonly HRule[], lines: readonly TextLine[], size: number): boolean {
  const same = (r: HRule) => r !== top && r !== bottom && sameExtent(r, top, size);
  const captionBetween = (a: number, b: number) => lines.some((l) => centreY(l) > a && centreY(l) < b && l.box[2] > top.x0 && l.box[0] < top.x1 && isTableCaption(l.text));
  return rules.some((r) => same(r) && ((r.y > bottom.y + ONE_RULE * size && r.y - bottom.y <= MAX_ROW_HEIGHT * size && !captionBetween(bottom.y, r.y)) || (r.y < top.y - ONE_RULE * size && top.y - r.y <= MAX_ROW_HEIGHT * size && !captionBetween(r.y, top.y))));
}

/** The table the frame holds, when its body has columns and two rows or more; null otherwise. */
function frameTable(top: HRule, head: HRule, bottom: HRule, lines: readonly TextLine[], rules: readonly HRule[], size: number): TableFound | null {
  const x0 = Math.min(top.x0, head.x0, bottom.x0);
  const x1 = Math.max(top.x1, head.x1, bottom.x1);
  const inside = lines.filter((l) => l.box[2] > x0 && l.box[0] < x1 && centreY(l) > top.y && centreY(l) < bottom.y);
  // Text running on past the rules' ends: the rules part something wider (prose between rules).
  if (inside.some((l) => l.box[0] < x0 - OVERHANG * size || l.box[2] > x1 + OVERHANG * size)) return null;
  // Another rule across the body: sections, or two tables; not this reading's.
  if (rules.some((r) => r !== head && r.y > head.y + ONE_RULE * size && r.y < bottom.y - ONE_RULE * size && r.x1 - r.x0 > INNER_RULE * (x1 - x0))) return null;
  const header = inside.filter((l) => centreY(l) < head.y);
  const body = inside.filter((l) => centreY(l) > head.y);
  if (!header.length || baselineGroups(body).length < MIN_BODY_ROWS) return null;
  // A rule inside the header band (a group's heading over its columns) makes a header of two rows: left to the others.
  if (rules.some((r) => r.y > top.y + ONE_RULE * size && r.y < head.y - ONE_RULE * size && r.x0 >= x0 - SAME_EXTENT * size && r.x1 <= x1 + SAME_EXTENT * size)) return null;

  const gutters = columnGutters(body, size);
  if (!gutters.length) return null;
  const cols = gutters.length + 1;
  const colOf = (l: TextLine) => gutters.filter(([a]) => l.box[0] > a).length;
  const pieces = new Map<TextLine, TextLine>();
  const cut = (group: readonly TextLine[]) =>
    group.flatMap((l) => {
      const parts = cutAtGutters(l, gutters);
      for (const p of parts) pieces.set(p, l);
      return parts;
    });
  const bodyPieces = cut(body);
  const colRight = Array.from({ length: cols }, (_, c) => Math.max(-Infinity, ...bodyPieces.filter((p) => colOf(p) === c).map((p) => p.box[2])));
  // Where each column's room ends: the next column's text.
  const colRoom = Array.from({ length: cols }, (_, c) => Math.min(x1, ...bodyPieces.filter((p) => colOf(p) > c).map((p) => p.box[0])));
  const bodyRows = textRows(bodyPieces, colOf, colRight, false, false, colRoom);
  if (bodyRows.length < MIN_BODY_ROWS) return null;
  const headerPieces = cut(header);
  const groups = groupHeadings(headerPieces, colOf, cols);
  const headRows = groups ? [groups.upper, headerPieces.filter((p) => !groups.upper.includes(p))] : [headerPieces];
  const rows = [...headRows, ...bodyRows];
  const cells: Cell[] = [];
  rows.forEach((row, r) => {
    for (let c = 0; c < cols; c++) {
      const own = row.filter((p) => colOf(p) === c);
      if (own.length) cells.push({ row: r, col: c, rowSpan: 1, colSpan: (r === 0 && groups?.spans.get(c)) || 1, lines: own });
    }
  });
  // Every column holds body text, in two rows or more but for one.
  for (let c = 0; c < cols; c++) if (cells.filter((x) => x.col === c && x.row >= headRows.length).length < Math.min(2, bodyRows.length)) return null;
  const used = [...new Set([...pieces.values()])];
  const bodyLines = baselineGroups(bodyPieces).length;
  const box: Box = [Math.min(x0, ...used.map((l) => l.box[0])), top.y, Math.max(x1, ...used.map((l) => l.box[2])), bottom.y];
  return {
    table: { box, rows: rows.length, cols, cells },
    lines: used,
    rule: 'table.framed-by-rules',
    values: { rows: rows.length, cols, bodyLines, wrapped: bodyRows.length < bodyLines ? 1 : 0 },
  };
}

/**
 * Group headings on the header's first line over the columns' headings on the lines under it
 * ("Revenue" and "Net" over "2023 2021 | 2025 2019"): the first line has fewer headings than the
 * lines under it fill columns, and a heading heads the columns from its own to the next heading's,
 * two or more, each headed under it. Then the first line is a header row of its own, each heading
 * spanning its columns (`spans`: column → columns spanned); null otherwise (one header row).
 */
function groupHeadings(pieces: readonly TextLine[], colOf: (l: TextLine) => number, cols: number): { upper: TextLine[]; spans: Map<number, number> } | null {
  const lines = baselineGroups(pieces);
  if (lines.length < 2) return null;
  const upper = lines[0]!;
  const headed = new Set(lines.slice(1).flat().map(colOf));
  const starts = [...new Set(upper.map(colOf))].sort((a, b) => a - b);
  if (starts.length >= headed.size) return null;
  const spans = new Map<number, number>();
  starts.forEach((c, i) => {
    const end = (starts[i + 1] ?? cols) - 1;
    let covered = true;
    for (let k = c; k <= end; k++) if (!headed.has(k)) covered = false;
    if (end > c && covered) spans.set(c, end - c + 1);
  });
  return spans.size ? { upper, spans } : null;
}

/**
 * Each word of the line as [x0, x1]: its glyphs parted where they stand a word gap apart, with or
 * without a space in its text (cells set close are written without one). OCR lines: their word
 * boxes; else the whole line.
 */
function wordSpans(line: TextLine): [number, number][] {
  const glyphs = line.glyphs?.filter((g) => g.code > 32);
  if (!glyphs?.length) return line.words?.length ? line.words : [[line.box[0], line.box[2]]];
  const spans: [number, number][] = [];
  for (const g of glyphs) {
    const last = spans[spans.length - 1];
    if (last && g.x0 - last[1] <= WORD_GAP * g.size) last[1] = Math.max(last[1], g.x1);
    else spans.push([g.x0, g.x1]);
  }
  return spans;
}

/**
 * The white strips [a, b] no word of the body covers, between its text, each MIN_GUTTER wide,
 * parting columns that each hold words on GUTTER_LINES baselines or more. A strip with a column
 * of fewer on one side is a word space that lines up with nothing (inside the widest value of a
 * column set flush right, "311.3 per 1,000"): of the two strips around that column, the narrower
 * goes (a word space is narrower than the column gap).
 */
function columnGutters(body: readonly TextLine[], size: number): [number, number][] {
  const spans = body.flatMap(wordSpans).sort((a, b) => a[0] - b[0]);
  const gutters: [number, number][] = [];
  let reach = spans[0]?.[1] ?? 0;
  for (const [a, b] of spans.slice(1)) {
    if (a - reach >= MIN_GUTTER * size) gutters.push([reach, a]);
    reach = Math.max(reach, b);
  }
  const groups = baselineGroups(body).map((g) => g.flatMap(wordSpans));
  const filled = (from: number, to: number) => groups.filter((g) => g.some(([a, b]) => (a + b) / 2 > from && (a + b) / 2 < to)).length;
  for (;;) {
    const bounds = [-Infinity, ...gutters.flatMap(([a, b]) => [a, b]), Infinity];
    const sparse = Array.from({ length: gutters.length + 1 }, (_, c) => c).find((c) => filled(bounds[2 * c]!, bounds[2 * c + 1]!) < GUTTER_LINES);
    if (sparse === undefined || !gutters.length) return gutters;
    const left = gutters[sparse - 1];
    const right = gutters[sparse];
    const width = (g: [number, number] | undefined) => (g ? g[1] - g[0] : Infinity);
    gutters.splice(width(left) <= width(right) ? sparse - 1 : sparse, 1);
  }
}

/** The line cut before the first word past each gutter it crosses. */
function cutAtGutters(line: TextLine, gutters: readonly [number, number][]): TextLine[] {
  const out: TextLine[] = [];
  let rest = line;
  for (const [, b] of gutters) {
    if (rest.box[0] >= b || rest.box[2] <= b) continue;
    const start = wordSpans(rest).find(([x]) => x >= b && x > rest.box[0]);
    const parts = start ? cutAtWord(rest, start[0]) : null;
    if (!parts) continue;
    out.push(parts[0]);
    rest = parts[1];
  }
  out.push(rest);
  return out;
}
