// Tables without a grid of rules: runs of rows made of several short text fragments whose
// column gaps line up. Conservative on purpose: running text, two-column pages, equations
// with their numbers and lists must stay text.
import type { Box, TextLine } from '../model/document.js';
import { union } from '../model/geometry.js';
import { ANY_CAPTION, FORMATTED_VALUE, goesOnFrom, isSentenceReference, isTableCaption, LOWER_START, TRAILING_LEADERS, underContentsHeading } from '../model/text.js';
import { median } from '../model/numbers.js';
import { firstWordWidth, NEXT_LINE_PITCH } from '../model/typography.js';
import type { Cell, Table } from '../model/table.js';
import { columnEdges, columnIndex, GROUP_HEADING_CENTRED } from './columns.js';
import { alignedWith, cellFragments, columnAlignment, cutAtColumns, cutAtWord, endsInBrokenWord, innerWordEnds, innerWordStarts, type ColumnAlignment } from './fragments.js';
import type { TableFound } from './ruled.js';
import { readByOcr, scannedCellFragments } from './scanned.js';
import { baselineGroups, textRows } from './rows.js';
import type { HRule } from './rules.js';
import { framedTables } from './framed.js';
import { rowRuledTables } from './rowruled.js';

/**
 * A number, a range or a value with its error ("12.5", "(3.1%)", "0.12 ± 0.02", "3–5"), or a
 * dash. A currency sign stands before the amount or after it ("$12", "8 €": French and German
 * price lists set it after).
 */
const VALUE = '[-–−+±<>≤≥~$€£¥]?\\s*\\d[\\d.,]*\\s*[%‰$€£¥]?';
const NUMERIC = new RegExp(`^[(\\[]?${VALUE}(\\s*[-–−±/]\\s*${VALUE})*[)\\]]?\\s*[*†‡a-z]?$|^[-–—.]$|^n\\/?a$`, 'i');
/** Longer fragments are running text, not cells. */
const MAX_CELL_CHARS = 45;
/** Rows of a run follow each other within this many ems (a wider gap ends the table). */
const MAX_ROW_GAP = 3;
/**
 * A block of this many text lines set off from the run above by a blank line (more than
 * BLANK_LINE ems of white) parts two tables (an address block between a letterhead's fields and
 * an invoice's items); a cell wrapped over several lines follows its row at a line's pitch, and
 * the padding under it (a blank line's worth on web pages) does not part the table.
 */
const TEXT_BLOCK_LINES = 3;
/** Cell ends this many ems apart are one right-aligned column's (TeX sets them exactly). */
const ALIGNED_END = 0.1;
/** …in this many rows or more. */
const ALIGNED_END_ROWS = 3;
/** A column edge found from its cells' shared end lies this many ems right of it (the next column's text starts a word space or more away). */
const EDGE_PAST_END = 0.12;
/** Share of a column's cells ending at one x that are numbers. */
const NUMERIC_END_SHARE = 0.5;
/** A totals block closes a run of at least this many rows (items over it). */
const TOTALS_BODY_ROWS = 3;
const BLANK_LINE = 1.2;
/** Sizes this share apart are two kinds of text (a table in small print, the page's body beside it). */
const OTHER_SIZE = 0.15;
/** A short line this many ems right of a run of three rows or more is beside it, not in it. */
const FAR_BESIDE = 3;
/** A heading over a table's values starts this share of the run's width right of its left edge. */
const HEADING_INDENT = 0.25;
/** Rules this many ems above and below a run, as wide as it, bound and confirm it. */
const RULE_REACH = 3;
/** A frame's edge confirms a run this many ems off, when one line at most (the box's title) stands between. */
const FRAME_REACH = 6;
/** Share of fragments that must sit within one column. */
const CLEAN_FRAGMENTS = 0.85;
/** A page column's margin: this many lines or more of the page start (or end) at one x. */
const MARGIN_LINES = 3;
/** Share of rows that must use two columns or more. */
const MULTI_COLUMN_ROWS = 0.7;
/** Share of running-text lines a table region may hold (beside a column of prose, it is no table). */
const MAX_PROSE_LINES = 0.2;
/** Share of the grid that must hold text (scattered labels are a chart's, not a table's). */
const MIN_FILLED = 0.4;
/** A column whose fragments' median length exceeds this is running text. */
const WORDY_COLUMN_CHARS = 25;
/** A page's column gutter is at least this many ems wide (xy-cut's reading order uses the same). */
const GUTTER = 0.8;
/** The page's lines this many ems above and below a run tell a page gutter from the run's own column gap. */
const GUTTER_REACH = 4;
/** A line runs across a would-be page column's margin when it goes on this many ems past it on both sides (more than a gutter and a word's end). */
const SPANS_PAST = 2;
/** Below this share of the smaller side's rows on shared baselines, two sides of a gutter are two things. */
const SHARED_ROWS = 0.5;
/** Cells of one row stand on one baseline, to this many ems (lines of two page columns seldom do). */
const SAME_ROW = 0.15;
/** Page-column text around a gutter is at least this share of its side's width. */
const SIDE_FILL = 0.5;
const SAME_ROW_OCR = 0.4;
/** Fewer than this share of a run's rows with text in its first column: its row labels are set off the rows. */
const OFF_ROW_LABELS = 0.5;
/** A table's lines (a row label, a wrapped cell's next line, a row cut at the columns) are set in its cells' type size, within this share (the text layer gives sizes exactly). */
const LABEL_SIZE = 0.05;
/** A row label wrapped below its row's values ends within this many ems of the run's last row. */
const LABEL_BELOW = 2.5;
/** The lines of one wrapped label stand this many ems apart at most (box to box; a blank line is an em or more). */
const WRAPPED_LINE_GAP = 0.5;
/** A long cell is let into its column when it ends this many ems before the next column's text. */
const LONG_CELL_GAP = 1;
/** A row label's leader dots end within this many ems of the table's first column. */
const LEADER_REACH = 4;
/** Tolerances in ems of the table's text: a line touching a column edge, or sticking out of a region's side (OCR boxes jitter by a third of an em). */
const TOUCH = 0.05;
const SLACK = 0.3;

function isNumeric(text: string): boolean {
  return NUMERIC.test(text.trim());
}

/** A line of words (no figure) as long as a wordy column's cells: running text's, where its column is narrow. */
function isWordy(line: TextLine): boolean {
  return line.text.length > WORDY_COLUMN_CHARS && !/\d/.test(line.text);
}

/** Whether a line is set in a table's cell size (LABEL_SIZE); OCR's sizes are estimates, so any OCR line is. */
function inCellSize(line: TextLine, cellSize: number): boolean {
  return readByOcr([line]) || Math.abs(line.fontSize - cellSize) <= LABEL_SIZE * cellSize;
}

/**
 * Whether a piece of the text layer is set bold, every glyph of it: a line's own flag is its first
 * words' weight, and a label set bold gives it to the value the line is cut from ("Location
 * Córdoba"). OCR guesses weight from the ink: its pieces are not.
 */
function setBold(line: TextLine): boolean {
  return !!line.glyphs?.length && line.glyphs.every((g) => g.style.bold);
}

function isCellLike(line: TextLine): boolean {
  return line.text.replace(TRAILING_LEADERS, '').length <= MAX_CELL_CHARS || isNumeric(line.text);
}

/**
 * A row's label may run longer than a cell when the rest of its row is amounts (a price list's
 * item, "Domaine de la Guicharde « Autour de la chapelle » 2016   8 €"; a statement's line item):
 * this many characters at most (a line of a page column is longer).
 */
const MAX_LABEL_CHARS = 80;

/**
 * A label too long to be a cell, set on one baseline with amounts only, all right of it: a
 * price list's or a statement's row. `row`: the fragments on its baseline.
 */
function isAmountLabel(line: TextLine, row: readonly TextLine[]): boolean {
  if (isCellLike(line) || line.text.length > MAX_LABEL_CHARS || !/\p{L}/u.test(line.text)) return false;
  const others = row.filter((l) => l !== line);
  return others.length > 0 && others.every((l) => l.box[0] >= line.box[2] && isNumeric(l.text));
}

/**
 * The fragments among `lines` that are amount labels (isAmountLabel) on their baselines, but for
 * those with a long line right above or below them that is no amount label: a paragraph's lines,
 * one of them on a baseline with numbers of the page column beside it.
 */
function amountLabels(lines: readonly TextLine[]): Set<TextLine> {
  const found = new Set(baselineGroups(lines).flatMap((row) => row.filter((l) => isAmountLabel(l, row))));
  const inParagraph = (l: TextLine) =>
    lines.some((o) => {
      if (o === l || isCellLike(o) || found.has(o) || o.box[2] <= l.box[0] || o.box[0] >= l.box[2]) return false;
      const gap = Math.max(o.box[1] - l.box[3], l.box[1] - o.box[3]);
      return gap < PARAGRAPH_LINE_GAP * l.fontSize;
    });
  return new Set([...found].filter((l) => !inParagraph(l)));
}

/** Lines of a paragraph stand this many ems apart at most (box to box; a blank line is an em or more). */
const PARAGRAPH_LINE_GAP = 0.8;

/**
 * Borderless tables among `lines`. `rules` are horizontal rules not part of a ruled grid
 * (a table's top, header and bottom rules), which bound and confirm a table.
 */
export function borderlessTables(lines: readonly TextLine[], rules: readonly HRule[]): TableFound[] {
  const found = rowsTables(lines, rules);
  // A table framed by rules (framed.ts) stands where the rows' reading did not read its frame as
  // one table, when its cells wrap (that reading parts wrapped cells) or that reading found no
  // table in it at all: it takes its lines, the rest are read again.
  const framed = framedTables(lines, rules).filter((f) => {
    const own = new Set(f.lines);
    return !found.some((t) => readsWhole(t, f)) && (f.values.wrapped || !found.some((t) => t.lines.some((l) => own.has(l))));
  });
  if (!framed.length) return found;
  const taken = new Set(framed.flatMap((t) => t.lines));
  return [...framed, ...rowsTables(lines.filter((l) => !taken.has(l)), rules)];
}

/** Share of a framed table's lines a table found row by row must hold, and of its own lines that must be the frame's, to read the frame whole. */
const WHOLE_SHARE = 0.9;

/** Whether `table` holds the framed table's lines and little else. */
function readsWhole(table: TableFound, framed: TableFound): boolean {
  const own = new Set(table.lines);
  const shared = framed.lines.filter((l) => own.has(l)).length;
  return shared >= WHOLE_SHARE * framed.lines.length && shared >= WHOLE_SHARE * own.size;
}

/** Tables read row by row: tables ruled under every row, then runs of tabular rows. */
function rowsTables(lines: readonly TextLine[], rules: readonly HRule[]): TableFound[] {
  // Rules under every row (none between columns) give a table's rows exactly: those first,
  // unless the rows' columns hold a wider table that the rules run under only in part (its
  // other columns' cells span the ruled rows): then that table is read whole.
  const whole = tablesOfRuns(lines, rules, new Set());
  const out = rowRuledTables(lines, rules).filter((t) => !whole.some((w) => holdsWider(w.table.box, t.table.box)));
  return out.length ? [...out, ...tablesOfRuns(lines, rules, new Set(out.flatMap((t) => t.lines)))] : whole;
}

/** A table this much wider than a row-ruled table it holds is a wider table ruled in part. */
const WIDER_TABLE = 1.25;

/** Whether `outer` holds `inner` (its centre and most of its height) and is wider by WIDER_TABLE or more. */
function holdsWider(outer: Box, inner: Box): boolean {
  const cx = (inner[0] + inner[2]) / 2;
  const height = inner[3] - inner[1];
  const shared = Math.min(outer[3], inner[3]) - Math.max(outer[1], inner[1]);
  return cx > outer[0] && cx < outer[2] && shared > 0.8 * height && outer[2] - outer[0] >= WIDER_TABLE * (inner[2] - inner[0]);
}

/** Tables found as runs of tabular rows among `lines` (those in `taken` left out). */
function tablesOfRuns(lines: readonly TextLine[], rules: readonly HRule[], taken: ReadonlySet<TextLine>): TableFound[] {
  const out: TableFound[] = [];
  // Cells are found among the lines cut at their cell gaps; a table takes the whole lines.
  const source = new Map<TextLine, TextLine>();
  let remaining = lines
    .filter((l) => !l.rotated && !taken.has(l))
    .flatMap((l) => {
      const pieces = l.glyphs ? cellFragments(l) : scannedCellFragments(l);
      for (const p of pieces) source.set(p, l);
      return pieces;
    });
  const all = remaining;
  const queue = joinSections(tabularRuns(remaining).flatMap((r) => splitAtPageGutters(r, all, rules)), all, rules)
    .flatMap((r) => splitAtCaptions(r, all, rules))
    .flatMap((r) => splitAtBoldHeader(r, all, rules))
    .flatMap(splitTrailingTotals);
  // Parts of runs looked for again without their prose, after every other run: none whose lines a table took meanwhile.
  const apartParts = new Set<TextLine[][]>();
  for (let run = queue.shift(); run; run = queue.shift()) {
    if (apartParts.has(run) && run.some((row) => row.some((l) => !remaining.includes(l)))) continue;
    // Rows set closer than a cell gap are cut at the run's columns, and join it.
    const cut = rowsCutAtColumns(run, remaining);
    const cutLines = new Set(cut?.cuts.map((c) => c.line));
    for (const c of cut?.cuts ?? []) for (const p of c.pieces) source.set(p, source.get(c.line)!);
    const pool = cut ? [...remaining.filter((l) => !cutLines.has(l)), ...cut.cuts.flatMap((c) => c.pieces)] : remaining;
    const cutRun = cut ? [...cut.header, ...cut.rows, ...cut.below] : run;
    if (cut && bounds.has(run)) bounds.set(cutRun, bounds.get(run)!);
    const found = runTable(cutRun, pool, rules, cut?.edges);
    // A table across a page of narrow columns of prose, between them, is looked for again
    // without the prose's rows when the run that took them is refused.
    const apart = (prose: ReturnType<typeof proseColumns>) => {
      // (Parted as every run is: two tables side by side between the prose are two runs.)
      const parts = apartFromProse(run, (l) => prose.lines.has(source.get(l)!))
        .flatMap((r) => splitAtPageGutters(r, all, rules))
        .flatMap((r) => splitAtCaptions(r, all, rules));
      for (const r of parts) {
        note(r, 'apartFromProse', run.length - r.length);
        apartParts.add(r);
      }
      queue.push(...parts);
    };
    if (!found) {
      const prose = proseColumns([...new Set(run.flat().map((l) => source.get(l)!))]);
      if (prose.columns >= PROSE_COLUMNS) apart(prose);
      continue;
    }
    if (holdsFractionBar(found, rules)) continue;
    if (cut) found.values = { ...found.values, rowsCutAtColumns: cut.cuts.length };
    const taken = new Set(found.lines.map((l) => source.get(l)!));
    // Narrow page columns of justified prose (a magazine's three), their lines short enough to be
    // cells and parted at their wide word spaces: text, not a table.
    const prose = proseColumns([...taken]);
    if (prose.columns >= PROSE_COLUMNS && prose.lines.size >= PROSE_SHARE * taken.size) {
      apart(prose);
      continue;
    }
    // A part looked for again must hold no column of prose at all (a page column's text beside a table).
    if (apartParts.has(run) && prose.columns > 0) continue;
    if (withinJustifiedParagraph([...taken], lines)) continue;
    out.push({ ...found, lines: [...taken] });
    remaining = remaining.filter((l) => !taken.has(source.get(l)!));
  }
  return out;
}

/** Lines of one paragraph follow one another at one pitch, to this many ems. */
const PARAGRAPH_PITCH = 0.15;

/**
 * A few lines of a justified paragraph whose word spaces are wide enough to part them as cells
 * ("confirmed     district     was" in a narrow column): every row of the run flush with the same
 * two edges, and the paragraph's lines right above and right below it, on the run's own line
 * pitch, flush with them too. A table stands apart from the prose around it (a gap, a rule, a
 * caption), and its rows seldom fill both edges.
 */
function withinJustifiedParagraph(taken: readonly TextLine[], lines: readonly TextLine[]): boolean {
  const rows = baselineGroups(taken);
  if (rows.length < 2) return false;
  const size = median(taken.map((l) => l.fontSize)) || 10;
  const edge = JUSTIFIED_EDGE * size;
  const x0 = Math.min(...taken.map((l) => l.box[0]));
  const x1 = Math.max(...taken.map((l) => l.box[2]));
  const flush = (row: readonly TextLine[]) => Math.abs(Math.min(...row.map((l) => l.box[0])) - x0) <= edge && Math.abs(Math.max(...row.map((l) => l.box[2])) - x1) <= edge;
  if (!rows.every(flush)) return false;
  const baselines = rows.map((row) => row[0]!.baseline);
  const pitch = (baselines[baselines.length - 1]! - baselines[0]!) / (baselines.length - 1);
  if (baselines.some((b, i) => i > 0 && Math.abs(b - baselines[i - 1]! - pitch) > PARAGRAPH_PITCH * size)) return false;
  const own = new Set(taken);
  const lineAt = (baseline: number) => baselineGroups(lines.filter((l) => !own.has(l) && Math.abs(l.baseline - baseline) <= PARAGRAPH_PITCH * size && l.box[2] > x0 && l.box[0] < x1))[0];
  const above = lineAt(baselines[0]! - pitch);
  const below = lineAt(baselines[baselines.length - 1]! + pitch);
  return !!above && !!below && flush(above) && flush(below);
}

/**
 * A table's sections set apart by white space only are one table (a price list's "Whites",
 * "Rosés" and "Reds", each under its own head row): runs one under the other, the lower within
 * SECTION_GAP ems of the upper, nothing of the page between them, their left and right edges
 * aligned (the labels flush left, the amounts flush right) and as many columns in each.
 */
function joinSections(runs: TextLine[][][], lines: readonly TextLine[], rules: readonly HRule[]): TextLine[][][] {
  const out: TextLine[][][] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    if (last && sectionOf(last, run, lines, rules)) {
      const joined = [...last, ...run];
      bounds.set(joined, { ...bounds.get(last), ...bounds.get(run), sectionsJoined: (bounds.get(last)?.sectionsJoined ?? 1) + 1 });
      out[out.length - 1] = joined;
    } else out.push(run);
  }
  return out;
}

/** Sections of one table stand this many ems apart at most (box to box; rows of one section stand MAX_ROW_GAP apart at most). */
const SECTION_GAP = 6;
/** Edges of two sections' text line up to this many ems. */
const SECTION_ALIGN = 0.5;

/** Rules across this share of a run's width or more close a table, or open one. */
const ACROSS_TABLE = 0.8;
/** Rules this many ems apart or more are two (a table's bottom rule and the next table's top rule); closer, one double rule. */
const TWO_RULES = 0.5;

/** Whether `lower` is a section of the table `upper` begins (joinSections). */
function sectionOf(upper: TextLine[][], lower: TextLine[][], lines: readonly TextLine[], rules: readonly HRule[]): boolean {
  if (upper.length < 2 || lower.length < 2) return false;
  const a = extend(null, upper.flat());
  const b = extend(null, lower.flat());
  const size = median([...upper.flat(), ...lower.flat()].map((l) => l.fontSize)) || 10;
  if (b[1] <= a[3] || b[1] - a[3] > SECTION_GAP * size) return false;
  if (Math.abs(a[0] - b[0]) > SECTION_ALIGN * size || Math.abs(a[2] - b[2]) > SECTION_ALIGN * size) return false;
  const own = new Set([...upper.flat(), ...lower.flat()]);
  const between = lines.some((l) => !own.has(l) && l.box[3] > a[3] && l.box[1] < b[1] && l.box[2] > a[0] && l.box[0] < a[2]);
  if (between) return false;
  // A rule closing the upper and another opening the lower, white between them: two tables set
  // one under the other (booktabs tables stacked in a column), not sections of one.
  const across = rules.filter((r) => r.y > a[3] && r.y < b[1] && r.x1 - r.x0 >= ACROSS_TABLE * (a[2] - a[0])).map((r) => r.y);
  if (across.length >= 2 && Math.max(...across) - Math.min(...across) >= TWO_RULES * size) return false;
  return columnEdges(upper, a, size).length === columnEdges(lower, b, size).length;
}

/**
 * A formula, not a table: a rule inside the region no wider than half of it, with a line
 * centred right above it and one right below it (short), and a relation or operator beside it
 * on its height (a fraction's numerator and denominator set apart like cells once columns part at
 * narrow gaps).
 */
/** A fraction's numerator or denominator, set apart as a cell, is this short at most. */
const FRACTION_PART_CHARS = 16;
/** A relation or an operator on the math axis beside a fraction. */
const RELATION = /[=<>≤≥≠≈≡∼±+−×÷·]/u;

function holdsFractionBar(found: TableFound, rules: readonly HRule[]): boolean {
  const [x0, y0, x1, y1] = found.table.box;
  const size = median(found.lines.map((l) => l.fontSize)) || 10;
  return rules.some((r) => {
    if (r.y <= y0 || r.y >= y1 || r.x0 < x0 - size || r.x1 > x1 + size || r.x1 - r.x0 > (x1 - x0) / 2) return false;
    const centred = (l: TextLine) => l.text.length <= FRACTION_PART_CHARS && l.box[0] >= r.x0 - size && l.box[2] <= r.x1 + size && Math.abs((l.box[0] + l.box[2]) / 2 - (r.x0 + r.x1) / 2) < size;
    const above = found.lines.some((l) => centred(l) && r.y - l.box[3] >= -0.2 * size && r.y - l.box[3] < size);
    const below = found.lines.some((l) => centred(l) && l.box[1] - r.y >= -0.2 * size && l.box[1] - r.y < size);
    // …and the formula's other symbols beside it on its height (a relation on the math axis): a
    // table's rule under a spanning header lies between rows, with no text at its height.
    const beside = found.lines.some((l) => l.box[1] < r.y && l.box[3] > r.y && (l.box[2] <= r.x0 || l.box[0] >= r.x1) && RELATION.test(l.text));
    return above && below && beside;
  });
}

/**
 * A run cut at the page's column gutters that pass through it: an empty vertical strip no
 * fragment of the run crosses, which the page's other lines around the run (above, below and
 * beside it) do not cross either while standing on both sides of it, or whose two sides seldom
 * share a baseline. Two tables side by side,
 * or a table and the short lines of the page column beside it, are separate runs; a table's
 * own column gap is crossed by the text above or below it (its caption, the prose around it).
 */
function splitAtPageGutters(run: TextLine[][], lines: readonly TextLine[], rules: readonly HRule[]): TextLine[][][] {
  const fragments = run.flat();
  const size = median(fragments.map((l) => l.fontSize)) || 10;
  const box = extend(null, fragments);
  const own = new Set(fragments);
  const around = lines.filter((l) => !own.has(l) && l.box[3] >= box[1] - GUTTER_REACH * size && l.box[1] <= box[3] + GUTTER_REACH * size && l.box[2] > box[0] && l.box[0] < box[2]);
  // The part of each strip that the text around leaves clear (text set flush with its edges
  // touches it without crossing it): a table set indented in the right page column leaves a strip
  // from the left column's text to its own, which the column's caption above partly fills. Text
  // beside the run's rows that crosses the strip (a long cell of its own) leaves no gutter, and
  // the part left clear must end at a page column's margin: where three lines or more of the
  // page start (or end), not at a header over its column.
  const besideRows = (l: TextLine) => l.box[3] > box[1] && l.box[1] < box[3];
  const crossing = (l: TextLine, [x0, x1]: [number, number]) => l.box[0] < x1 - SLACK * size && l.box[2] > x0 + SLACK * size;
  const margin = (x: number, side: 0 | 2) => lines.filter((l) => Math.abs(l.box[side] - x) <= JUSTIFIED_EDGE * size).length >= MARGIN_LINES;
  const clear = (strip: [number, number]): [number, number] | null => {
    // (A page column's line beside the rows, longer than a cell, that ends at its margin inside
    // the strip, or starts at one, reaches into it only as far as its column goes: the rest may
    // still be clear. Cells flush with their column's edge stay in the way; a table's caption
    // set at its page column's margin, beside the other table's rows, is no cell.)
    const atMargin = (l: TextLine) => (!isCellLike(l) || isTableCaption(l.text)) && (margin(l.box[2], 2) || margin(l.box[0], 0));
    if (around.some((l) => besideRows(l) && crossing(l, strip) && !atMargin(l))) return null;
    const part = clearPart(strip, around, size);
    if (!part) return null;
    // (clearPart counts each line a slack short of its ends. A caption centred over the table may
    // end inside the gutter, short of the page column's margin: the margin is then inside the part.)
    const marginIn = (a: number, b: number, side: 0 | 2) => lines.some((l) => l.box[side] >= a && l.box[side] <= b && margin(l.box[side], side));
    if (part[0] > strip[0] && !margin(part[0] + SLACK * size, 2) && !marginIn(part[0], part[1], 2)) return null;
    if (part[1] < strip[1] && !margin(part[1] - SLACK * size, 0) && !marginIn(part[0], part[1], 0)) return null;
    return part;
  };
  const strips = emptyStrips(fragments, box, size);
  const captions = strips.length ? captionsNear(box, lines, size) : [];
  const captionsOver = strips.length ? captionsAbove(box, lines, size) : [];
  const ruled = strips.map((strip) => ({ strip, box: ruledApart(strip, box, rules, size) })).find((s) => s.box);
  const captioned = ruled?.strip ?? strips.find((strip) => captionedApart(strip, box, captions, size) || centredCaptionsApart(strip, box, captionsOver, size)) ?? captionBesideRow(run, strips, size);
  const gutter = captioned ?? strips.map(clear).find((strip): strip is [number, number] => {
    if (!strip) return false;
    const [x0, x1] = strip;
    if (acrossPageColumns(run, strip, box, lines, size)) {
      note(run, 'acrossPageColumns', Math.round(x0));
      return false;
    }
    // Page-column text fills its column; cells fill a fraction of the columns on one side of a
    // table's gap. A totals row ("Subtotal   4602.26") under a narrow column of amounts fills it
    // too, and ends in its amount (one page-column line so ending tells nothing either way).
    const fills = (l: TextLine, from: number, to: number) => l.box[2] - l.box[0] >= SIDE_FILL * (to - from) && !endsInFigure(l.text);
    if (around.some((l) => l.box[2] <= x0 && fills(l, box[0], x0)) && around.some((l) => l.box[0] >= x1 && fills(l, x1, box[2]))) return true;
    // Two tables side by side in two page columns, each with its rows' labels, their rows level by chance.
    if (labelsOnBothSides(run, strip, size)) return true;
    // Nothing around tells: the two sides are one table when their rows share baselines (a
    // sparse column's cells sit on its table's rows), two things when they seldom do.
    return !sidesShareRows(strip, box, lines, size);
  });
  if (!gutter) return [run];
  if (captioned) note(run, ruled ? 'ruledApart' : 'captionedApart', Math.round(captioned[0]));
  // Each side's lines over the run's height are searched for runs of their own; the ruled table's
  // side over its rules' whole span (the run may have reached only into its first columns and rows).
  const [x0, x1] = gutter;
  const within = (b: Box) => lines.filter((l) => l.box[3] >= b[1] && l.box[1] <= b[3] && l.box[0] >= b[0] - SLACK * size && l.box[2] <= b[2] + SLACK * size);
  const ruledBox = ruled?.box;
  const grown: Box = ruledBox ? union(box, ruledBox) : box;
  // (The strip is white between the run's own lines; a line of the left side the run did not
  // hold, its header's or its first rows', may reach into it, up to the right side's text.)
  const left = within(ruledBox && ruledBox[2] < x1 ? grown : box).filter((l) => l.box[2] <= x1 - SLACK * size);
  const right = within(ruledBox && ruledBox[0] > x0 ? grown : box).filter((l) => l.box[0] >= x1 - SLACK * size);
  const runs = [left, right].flatMap((side) => tabularRuns(side).flatMap((r) => splitAtPageGutters(r, lines, rules)));
  for (const r of runs) note(r, ruled ? 'ruledApartAt' : captioned ? 'captionedApartAt' : 'pageGutterAt', Math.round(x0));
  return runs;
}

/** A caption's first line names its float in this many words after its label at least (a cell naming a figure, "Fig. 3", has none or one). */
const CAPTION_WORDS = 3;

/** A caption's first line: a figure's or a table's label, then words naming the float (not a cell naming a figure). */
function opensCaption(l: TextLine): boolean {
  const text = l.text.trim();
  const label = ANY_CAPTION.exec(text);
  return !!label && text.slice(label[0].length).split(/\s+/u).filter((w) => /\p{L}/u.test(w)).length >= CAPTION_WORDS;
}

/**
 * Whether the lines beside a run on the two sides of a strip share their baselines (SHARED_ROWS of
 * the side with fewer rows): one table's columns, rather than two things side by side.
 */
function sidesShareRows([x0, x1]: [number, number], box: Box, lines: readonly TextLine[], size: number): boolean {
  const beside = lines.filter((l) => l.box[3] >= box[1] && l.box[1] <= box[3]);
  const left = baselineGroups(beside.filter((l) => l.box[2] <= x0 && l.box[0] >= box[0] - SLACK * size)).map((r) => r[0]!.baseline);
  const right = baselineGroups(beside.filter((l) => l.box[0] >= x1 && l.box[2] <= box[2] + SLACK * size)).map((r) => r[0]!.baseline);
  const [fewer, more] = left.length <= right.length ? [left, right] : [right, left];
  // Baselines read by OCR (no glyphs) jitter by a third of an em.
  const near = (beside.some((l) => !l.glyphs?.length) ? SAME_ROW_OCR : SAME_ROW) * size;
  const shared = fewer.filter((b) => more.some((o) => Math.abs(o - b) <= near)).length;
  return shared >= SHARED_ROWS * fewer.length;
}

/**
 * A table set across both page columns (a `table*` over a two-column page) whose own column gap
 * falls on the page's gutter: nothing of the page stands beside its rows (the page columns' text is
 * above or below it), most of its rows have cells on both sides of the strip on one baseline, and
 * no table caption stands over one side alone (two tables at the head of two page columns).
 */
function acrossPageColumns(run: TextLine[][], [x0, x1]: [number, number], box: Box, lines: readonly TextLine[], size: number): boolean {
  const own = new Set(run.flat());
  const besideRows = lines.some((l) => !own.has(l) && l.box[3] > box[1] && l.box[1] < box[3] && (l.box[2] < box[0] - GUTTER * size || l.box[0] > box[2] + GUTTER * size));
  if (besideRows) return false;
  const both = run.filter((row) => row.some((l) => l.box[2] <= x0 + SLACK * size) && row.some((l) => l.box[0] >= x1 - SLACK * size)).length;
  if (both < SHARED_ROWS * run.length || run.length < 3) return false;
  if (valuesGoOnAcross(run, [x0, x1], size)) return true;
  // A page column of short lines beside a table runs on above or below it on its side alone; a
  // table's two sides end together (its caption and title are centred over it).
  const left = (l: TextLine) => l.box[2] <= x0 + SLACK * size;
  const right = (l: TextLine) => l.box[0] >= x1 - SLACK * size;
  const centred = (l: TextLine) => Math.abs(l.box[0] + l.box[2] - box[0] - box[2]) / 2 < size;
  const near = lines.filter((l) => !own.has(l) && isCellLike(l) && !centred(l) && l.box[2] > box[0] - SLACK * size && l.box[0] < box[2] + SLACK * size && ((l.box[1] >= box[3] && l.box[1] - box[3] < MAX_ROW_GAP * size) || (l.box[3] <= box[1] && box[1] - l.box[3] < MAX_ROW_GAP * size)));
  if (near.some(left) !== near.some(right)) return false;
  // Nor is a page column of prose beside a table: justified lines on one side, within the run's height.
  const within = lines.filter((l) => l.box[1] >= box[1] - SLACK * size && l.box[3] <= box[3] + SLACK * size);
  if ([within.filter(left), within.filter(right)].some((side) => side.length >= 3 && isJustifiedColumn(side, size))) return false;
  const oneSide = lines.some((l) => isTableCaption(l.text) && l.box[3] >= box[1] - CAPTION_REACH * size && l.box[1] <= box[3] + CAPTION_REACH * size && (l.box[2] <= x0 + SLACK * size || l.box[0] >= x1 - SLACK * size));
  return !oneSide;
}

/** A value and its unit at most ("73.5", "−4 %", "422.1 MB", "337.0 req/s", "2015"): a figure column's cell. */
const VALUE_CELL = /^[-–−+±<>≤≥~$€£¥(]?\s*\d[\d.,]*\s?[\p{L}µ°%/]{0,6}\)?$/u;
/** Of the rows with cells on both sides of the strip, this share at least (its header rows do neither). */
const VALUES_ACROSS = 0.6;

/**
 * One table's rows going on across the strip: on most rows with cells on both sides, the right
 * side opens with a value (it has no row labels of its own) and the left side holds a label and
 * values. Two tables side by side each hold their rows' labels; a page column of prose holds no values.
 */
function valuesGoOnAcross(run: TextLine[][], strip: [number, number], size: number): boolean {
  const sides = rowSides(run, strip, size);
  const value = (t: string) => VALUE_CELL.test(t);
  const across = sides.filter(([left, right]) => value(right[0]!) && !value(left[0]!) && left.slice(1).some(value)).length;
  return sides.length >= 3 && across >= VALUES_ACROSS * sides.length;
}

/** The texts of each row's cells left and right of the strip, in reading order: the rows with cells on both sides. */
function rowSides(run: TextLine[][], [x0, x1]: [number, number], size: number): [string[], string[]][] {
  const texts = (cells: TextLine[]) => cells.sort((a, b) => a.box[0] - b.box[0]).map((l) => l.text.trim());
  return run
    .map((row): [string[], string[]] => [texts(row.filter((l) => l.box[2] <= x0 + SLACK * size)), texts(row.filter((l) => l.box[0] >= x1 - SLACK * size))])
    .filter(([left, right]) => left.length && right.length);
}

/**
 * Two tables side by side: on most rows with cells on both sides of the strip, each side opens
 * with a label (words) and holds values after it (valuesGoOnAcross's converse: one table's rows
 * go on across with values only).
 */
function labelsOnBothSides(run: TextLine[][], strip: [number, number], size: number): boolean {
  const sides = rowSides(run, strip, size);
  const labelled = (side: string[]) => !VALUE_CELL.test(side[0]!) && /\p{L}/u.test(side[0]!) && side.slice(1).some((t) => VALUE_CELL.test(t));
  const both = sides.filter(([left, right]) => labelled(left) && labelled(right)).length;
  return sides.length >= 3 && both >= VALUES_ACROSS * sides.length;
}

/** The table captions within CAPTION_REACH of the run's box (found once for all of its strips). */
function captionsNear(box: Box, lines: readonly TextLine[], size: number): TextLine[] {
  return lines.filter((l) => isTableCaption(l.text) && l.box[3] >= box[1] - CAPTION_REACH * size && l.box[1] <= box[3] + CAPTION_REACH * size);
}

/**
 * Captions this many ems above or below a run at most are its tables': a line of the table the
 * run has not taken in yet (a wrapped last cell) and a web page's margin (1–1.5 ems) between.
 */
const CAPTION_REACH = 3.5;
/** A caption set flush with a table's box starts up to a cell's padding (this many ems) left of its cells' text. */
const CELL_PADDING = 1;

/**
 * Two tables set side by side, each with its caption: the strip parts the run when a caption
 * ("Table 4. …") starts at the run's left edge (or a cell padding left of it) and ends before the
 * strip, and another starts at the strip's right side (where the right table's first column starts), each right above or below the run (or on its first or last row). Text
 * above and below crosses the strip (the page's prose runs across both tables).
 */
function captionedApart([x0, x1]: [number, number], box: Box, captions: readonly TextLine[], size: number): boolean {
  const left = captions.some((l) => Math.abs(l.box[0] - box[0]) <= CELL_PADDING * size && l.box[2] <= x0 + SLACK * size);
  const right = captions.some((l) => Math.abs(l.box[0] - x1) <= CELL_PADDING * size);
  return left && right;
}

/**
 * Two tables side by side in one page column, one's caption on the other's first (or last) row:
 * the run took the caption as a cell. A table's caption does not stand beside a row of its own
 * cells, so the widest strip between the caption and the nearest cell beside it parts the run.
 */
function captionBesideRow(run: TextLine[][], strips: readonly [number, number][], size: number): [number, number] | undefined {
  const between: [number, number][] = [];
  for (const row of [run[0]!, run[run.length - 1]!]) {
    for (const c of row.filter((l) => isTableCaption(l.text))) {
      const right = row.filter((o) => o.box[0] >= c.box[2]);
      const left = row.filter((o) => o.box[2] <= c.box[0]);
      // The other table's row holds two cells or more there (its own header's first line may rise level with its caption).
      if (right.length < 2 && left.length < 2) continue;
      const after = Math.min(...right.map((o) => o.box[0]));
      const before = Math.max(...left.map((o) => o.box[2]));
      between.push(...strips.filter(([x0, x1]) => (x0 >= c.box[2] - SLACK * size && x1 <= after + SLACK * size) || (x0 >= before - SLACK * size && x1 <= c.box[0] + SLACK * size)));
    }
  }
  return between.sort((a, b) => b[1] - b[0] - (a[1] - a[0]))[0];
}

/** A caption centred over its table heads a caption block this many ems tall at most (IEEE's label line over three lines of title). */
const CAPTION_BLOCK_REACH = 6;

/** The table captions' label lines within CAPTION_BLOCK_REACH of the run's top (above it, or taken in as its first rows). */
function captionsAbove(box: Box, lines: readonly TextLine[], size: number): TextLine[] {
  return lines.filter((l) => isTableCaption(l.text) && Math.abs(box[1] - l.box[3]) <= CAPTION_BLOCK_REACH * size);
}

/**
 * Two tables side by side, each with its caption centred over it (IEEE's "TABLE II" over each
 * page column's table): one caption wholly left of the strip and centred on the run's part there,
 * one wholly right of it and centred on the part there. One table's caption is centred over the
 * whole table, across the strip.
 */
function centredCaptionsApart([x0, x1]: [number, number], box: Box, captions: readonly TextLine[], size: number): boolean {
  const centredOn = (l: TextLine, from: number, to: number) => Math.abs(l.box[0] + l.box[2] - from - to) / 2 <= CELL_PADDING * size + (to - from) / 4;
  const left = captions.some((l) => l.box[2] <= x0 + SLACK * size && l.box[0] >= box[0] - CELL_PADDING * size && centredOn(l, box[0], x0));
  const right = captions.some((l) => l.box[0] >= x1 - SLACK * size && l.box[2] <= box[2] + CELL_PADDING * size && centredOn(l, x1, box[2]));
  return left && right;
}

/** A table's top and bottom rules lie within this many ems of its rows. */
const TABLE_RULE_REACH = 2;

/**
 * Two tables side by side, one of them set between rules of its own (booktabs' top, header and
 * bottom rules over one page column): two rules of one span or more, over the run's height,
 * end in the strip and run on away from it past an em, and no rule crosses the strip. A run
 * reaching over that end joins the table to what stands beside it. (A spanner rule over a header's columns also ends at a column
 * gap, but alone: its table's own rules span the whole table.) The box the rules bound, or null.
 */
export function ruledApart([x0, x1]: [number, number], box: Box, rules: readonly HRule[], size: number): Box | null {
  const inStrip = (x: number) => x >= x0 - SLACK * size && x <= x1 + SLACK * size;
  const near = rules.filter((r) => !r.frame && r.y >= box[1] - TABLE_RULE_REACH * size && r.y <= box[3] + TABLE_RULE_REACH * size);
  // A rule across the strip is one table's (its rows' rules run across its own column gaps).
  if (near.some((r) => r.x0 < x0 - SLACK * size && r.x1 > x1 + SLACK * size)) return null;
  const ending = near.filter((r) => (inStrip(r.x0) && r.x1 > x1 + size) || (inStrip(r.x1) && r.x0 < x0 - size));
  const sameSpan = (a: HRule, b: HRule) => Math.abs(a.x0 - b.x0) <= SLACK * size && Math.abs(a.x1 - b.x1) <= SLACK * size;
  const pair = ending.find((r) => ending.some((o) => o !== r && sameSpan(o, r)));
  if (!pair) return null;
  // The table's other rules of that span (its bottom rule may lie past the run's last row).
  const height = box[3] - box[1];
  const own = rules.filter((o) => sameSpan(o, pair) && o.y >= box[1] - height && o.y <= box[3] + height).map((o) => o.y);
  return [pair.x0, Math.min(...own), pair.x1, Math.max(...own)];
}

/**
 * A run parted where a table's caption stands among its rows ("TABLE II. Fluorescent reagent"
 * under its table, or over it): the rows past the caption (the section heading under it, the
 * prose over it) are no part of the table it names.
 */
function splitAtCaptions(run: TextLine[][], lines: readonly TextLine[], rules: readonly HRule[]): TextLine[][][] {
  const box = extend(null, run.flat());
  const own = new Set(run.flat());
  const captions = lines.filter((l) => !own.has(l) && l.box[1] > box[1] && l.box[3] < box[3] && l.box[0] < box[2] && l.box[2] > box[0] && isTableCaption(l.text));
  if (!captions.length) return [run];
  const parts: TextLine[][][] = [[]];
  let next = 0;
  const cuts = captions.map((c) => (c.box[1] + c.box[3]) / 2).sort((a, b) => a - b);
  for (const row of run) {
    const top = Math.min(...row.map((l) => l.box[1]));
    while (next < cuts.length && top > cuts[next]!) {
      parts.push([]);
      next++;
    }
    parts[parts.length - 1]!.push(row);
  }
  const noted = bounds.get(run);
  for (const part of parts) if (noted) bounds.set(part, noted);
  // Each part is looked at for a page gutter again (the caption's rows had bridged one).
  return parts.filter((part) => part.length > 0).flatMap((part) => splitAtPageGutters(part, lines, rules));
}

/**
 * A run cut before a header row set bold under rows that are not: a table's head opens it, and
 * what the run took above it is something else (the page's prose and a caption in two page
 * columns on shared baselines, or another table set right over it). A header row: two cells or
 * more, every one bold (setBold), words only (a bold totals row holds figures).
 */
function splitAtBoldHeader(run: TextLine[][], lines: readonly TextLine[], rules: readonly HRule[]): TextLine[][][] {
  const boldHeader = (row: TextLine[]) => row.length >= 2 && row.every((l) => setBold(l) && !/\d/.test(l.text));
  for (let k = 1; k < run.length; k++) {
    if (!boldHeader(run[k]!) || run[k - 1]!.every(setBold)) continue;
    const [upper, lower] = [run.slice(0, k), run.slice(k)];
    const noted = bounds.get(run);
    if (noted) for (const part of [upper, lower]) bounds.set(part, noted);
    note(lower, 'cutAtBoldHeader', k);
    // Each part is looked at for a page gutter again (the other part's rows had bridged one).
    return [...splitAtPageGutters(upper, lines, rules), ...splitAtPageGutters(lower, lines, rules).flatMap((part) => splitAtBoldHeader(part, lines, rules))];
  }
  return [run];
}

/**
 * A run cut before the totals block that closes it: its last rows (two or more) each a label and
 * an amount set right of the first column's text, the label in a column of numbers (an
 * invoice's "Subtotal   2,920.65" under its items' prices and amounts). The items are one table,
 * the totals another; a price list of two columns too (the label then stands in its amounts'
 * column). Rows of a table that leave its first column empty hold values, not labels of their own.
 */
function splitTrailingTotals(run: TextLine[][]): TextLine[][][] {
  // A totals row's label stands right of the run's first column (a price list's items are a
  // label and an amount too, their labels in the first column).
  const all = run.flat();
  const runEdges = columnEdges(run, extend(null, all), median(all.map((l) => l.fontSize)) || 10);
  const offFirst = (row: TextLine[]) => columnIndex(runEdges, (row[0]!.box[0] + row[0]!.box[2]) / 2) > 0;
  let k = run.length;
  while (k > 0 && isTotalsRow(run[k - 1]!) && offFirst(run[k - 1]!)) k--;
  if (run.length - k < 2 || k < TOTALS_BODY_ROWS) return [run];
  const body = run.slice(0, k);
  const fragments = body.flat();
  const size = median(fragments.map((l) => l.fontSize)) || 10;
  const edges = columnEdges(body, extend(null, fragments), size);
  if (edges.length < 3) return [run];
  const colOf = (l: TextLine) => columnIndex(edges, (l.box[0] + l.box[2]) / 2);
  const totals = run.slice(k);
  const numericColumn = (col: number) => {
    const cells = fragments.filter((l) => colOf(l) === col);
    return cells.length > 0 && cells.filter((l) => isNumeric(l.text)).length >= 0.5 * cells.length;
  };
  // The label starts right of the first column's text (between two columns' text the edge lies
  // anywhere in the gap), in a column of numbers.
  const firstEnds = fragments.filter((l) => colOf(l) === 0).map((l) => l.box[2]);
  const firstEnd = Math.max(...firstEnds);
  const fits = totals.every((row) => row[0]!.box[0] >= firstEnd && numericColumn(colOf(row[0]!)));
  // Items of two columns (a description, an amount): the totals' labels stand in the
  // descriptions' column, set flush right against the amounts, right of where most descriptions end.
  const labelEnds = totals.map((row) => row[0]!.box[2]);
  const flushRightLabels = edges.length === 3 && Math.max(...labelEnds) - Math.min(...labelEnds) <= SLACK * size && totals.every((row) => row[0]!.box[0] >= median(firstEnds));
  if (!fits && !flushRightLabels) return [run];
  const noted = bounds.get(run);
  if (noted) bounds.set(body, noted);
  note(totals, 'totalsBelow', k);
  return [body, totals];
}

/** A totals label is words ("Subtotal", "VAT 20%"); a field's label ends in a colon ("Date:"). */
const TOTALS_LABEL = /^\p{L}.*[^:]$/u;
/** An amount of money: figures with two decimals, a currency sign or code around them ("5,471.26", "€ 12,50", "$67.54"). */
const MONEY = /^[^\d\s]{0,3}\s?-?\d[\d,.\s]*[.,]\d{2}\s?[^\d\s]{0,3}$/u;

/**
 * Two totals rows, their labels lined up on one side and their amounts too: an
 * invoice's totals block cut short by a page break (the rest closes the page before, or opens the
 * next), or set under its items as two rows.
 */
function totalsPair(run: readonly TextLine[][], size: number): boolean {
  if (run.length !== 2 || !run.every((row) => isTotalsRow(row) && TOTALS_LABEL.test(row[0]!.text.trim()) && MONEY.test(row[1]!.text.trim()))) return false;
  const [a, b] = run as [TextLine[], TextLine[]];
  const near = (x: number, y: number) => Math.abs(x - y) <= SLACK * size;
  const lined = (x: TextLine, y: TextLine) => near(x.box[0], y.box[0]) || near(x.box[2], y.box[2]);
  return lined(a[0]!, b[0]!) && lined(a[1]!, b[1]!);
}

/** A totals row: a label and then an amount. */
function isTotalsRow(row: TextLine[]): boolean {
  return row.length === 2 && !isNumeric(row[0]!.text) && /\p{L}/u.test(row[0]!.text) && isNumeric(row[1]!.text);
}

/** The x-ranges inside the box that no fragment covers, at least a gutter wide. */
/**
 * The widest part of the strip that no line of `around` crosses (each line counted a slack short
 * of its ends), if it is still a gutter wide.
 */
function clearPart([x0, x1]: [number, number], around: readonly TextLine[], size: number): [number, number] | null {
  const covers = around
    .map((l) => [l.box[0] + SLACK * size, l.box[2] - SLACK * size] as const)
    .filter(([a, b]) => a < x1 && b > x0)
    .sort((p, q) => p[0] - q[0]);
  let best: [number, number] | null = null;
  let from = x0;
  for (const [a, b] of [...covers, [x1, x1] as const]) {
    const to = Math.min(a, x1);
    if (to - from >= GUTTER * size && (!best || to - from > best[1] - best[0])) best = [from, to];
    from = Math.max(from, b);
  }
  return best;
}

function emptyStrips(fragments: TextLine[], box: Box, size: number): [number, number][] {
  const spans = fragments.map((l) => [l.box[0], l.box[2]] as const).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let reach = box[0];
  for (const [x0, x1] of spans) {
    if (x0 - reach >= GUTTER * size) out.push([reach, x0]);
    reach = Math.max(reach, x1);
  }
  return out;
}

/** A run with its rows set closer than a cell gap cut at its columns (rowsCutAtColumns). */
interface CutRows {
  /** The run's column edges (moved into the gaps a header was cut at: a right-aligned header reaches left of its values). */
  edges: number[];
  /** Rows cut or found right above the run (the first a header row, or a row cut with a head row above it). */
  header: TextLine[][];
  /** The run's rows, their fragments over several columns cut. */
  rows: TextLine[][];
  below: TextLine[][];
  /** Each line cut, and its pieces. */
  cuts: Array<{ line: TextLine; pieces: TextLine[] }>;
}

/**
 * Rows of a run whose cells are set closer than a cell gap (a table scaled down to the text
 * width, a key column as wide as its longest key), cut at the word gaps that match the run's
 * columns exactly: the header row right above it, rows right below it, lines inside it. Above,
 * lines that stay within one column (a stub label set lower than the header) are passed over;
 * any other line stops the search.
 */
function rowsCutAtColumns(run: TextLine[][], lines: readonly TextLine[]): CutRows | null {
  const fragments = run.flat();
  const size = median(fragments.map((l) => l.fontSize)) || 10;
  const box = extend(null, fragments);
  const parted = headersJoinTheirColumns(run, columnEdges(run, box, size));
  // Left-aligned columns first: numbers of one width set flush left end together too.
  const alignedStarts = flushLeftStarts(run, parted, box, size);
  const alignedEnds = flushRightEnds(run, [...parted, ...alignedStarts.map((x) => x - EDGE_PAST_END * size)], box, size);
  const edges = [...parted, ...alignedEnds.map((x) => x + EDGE_PAST_END * size), ...alignedStarts.map((x) => x - EDGE_PAST_END * size)].sort((a, b) => a - b);
  const placed = new Set<number>();
  // A list's markers set apart from their items are no column a heading below could be cut at.
  if (edges.length < 3 || isList(run, edges)) return null;
  const own = new Set(fragments);
  const colOf = (l: TextLine) => columnIndex(edges, (l.box[0] + l.box[2]) / 2);
  const crosses = (l: TextLine) => columnIndex(edges, l.box[0] + TOUCH * size) !== columnIndex(edges, l.box[2] - TOUCH * size);
  // Each column's shared edges, from the cells that keep within it.
  const columns = edges.slice(1).map((_, c) => columnAlignment(fragments.filter((l) => colOf(l) === c && !crosses(l))));
  // A column found from its cells' shared end ends there, though most of its cells were joined to the next column's.
  for (const x of alignedEnds) columns[columnIndex(edges, x)]!.right ??= x;
  for (const x of alignedStarts) columns[columnIndex(edges, x)]!.left ??= x;
  // Where each column's text ends (its cells that keep within it).
  const ends = edges.slice(1).map((_, c) => Math.max(-Infinity, ...fragments.filter((l) => colOf(l) === c && !crosses(l)).map((l) => l.box[2])));
  const spans = (l: TextLine) => l.box[2] > box[0] && l.box[0] < box[2];
  // A header cell's next line starting in the white between two columns' text (a header set flush
  // left over values set flush right) crosses the edge there, and no further.
  const inColumnWhite = (l: TextLine) => {
    const c = columnIndex(edges, l.box[0] + TOUCH * size);
    return c + 1 < edges.length - 1 && l.box[0] > ends[c]! && columnIndex(edges, l.box[2] - TOUCH * size) === c + 1;
  };
  const cuts: CutRows['cuts'] = [];
  const header: TextLine[][] = [];
  const above = lines.filter((l) => !own.has(l) && spans(l) && l.box[3] <= box[1] + TOUCH * size && box[1] - l.box[3] < MAX_ROW_GAP * size).sort((a, b) => b.box[3] - a.box[3]);
  for (const line of above) {
    // A line past the run's right edge is no header, but for the last column's header set wider
    // than its values (its last word starts in that column, and it reaches past by that column's width at most).
    const lastColumn = edges[edges.length - 2]!;
    const lastWord = innerWordStarts(line).at(-1)?.x ?? line.box[0];
    const lastHeader = lastWord >= lastColumn - SLACK * size && line.box[2] - box[2] <= box[2] - lastColumn;
    if (line.box[2] > box[2] + SLACK * size && !lastHeader) break;
    const cut = cutAtColumns(line, edges, columns);
    // A header may reach left over the row labels set off the run; then it must match two
    // column edges or more (a line of prose matches one by chance now and then).
    const within = line.box[0] >= box[0] - SLACK * size;
    if (cut) {
      // A header set flush right over its flush-right values reaches left of them by its own width only.
      const first = cut.pieces[0]!;
      const flushRight = alignedWith(first.box[2], columns[columnIndex(edges, first.box[2] - TOUCH * size)]?.right, size) && first.box[0] >= box[0] - (first.box[2] - first.box[0]);
      if (cut.pieces.every(isCellLike) && (within || flushRight || cut.pieces.length >= 3)) {
        header.push(cut.pieces);
        cuts.push({ line, pieces: cut.pieces });
        place(cut.edges);
        const head = headRowAbove(line, lines, own, edges, size);
        if (head) header.unshift(head);
      }
      break;
    }
    if (!within || (crosses(line) && !inColumnWhite(line))) break;
  }
  const inside = (l: TextLine) => l.box[0] >= box[0] - SLACK * size && l.box[2] <= box[2] + SLACK * size;
  function place(moved: number[]) {
    for (let e = 1; e < edges.length - 1; e++) {
      if (moved[e] === edges[e] || placed.has(e)) continue;
      edges[e] = moved[e]!;
      placed.add(e);
    }
  }
  const cutInside = (l: TextLine) => {
    const cut = inside(l) ? cutAtColumns(l, edges, columns) : null;
    if (!cut || !cut.pieces.every(isCellLike)) return null;
    // The first row cut at an edge places it (in its gap) for the rest.
    place(cut.edges);
    return cut.pieces;
  };
  const below: TextLine[][] = [];
  for (let bottom = box[3]; ; ) {
    const next = lines.filter((l) => !own.has(l) && spans(l) && l.box[1] >= bottom - TOUCH * size && l.box[1] - bottom < MAX_ROW_GAP * size).sort((a, b) => a.box[1] - b.box[1])[0];
    // (Rows are set in the run's type size: the prose under a table often is not.)
    const pieces = next && inCellSize(next, size) && cutInside(next);
    if (!next || !pieces) break;
    below.push(pieces);
    cuts.push({ line: next, pieces });
    bottom = next.box[3];
  }
  for (const line of lines) {
    const cy = (line.box[1] + line.box[3]) / 2;
    if (own.has(line) || cy <= box[1] || cy >= box[3] || !crosses(line)) continue;
    const pieces = cutInside(line);
    if (pieces) cuts.push({ line, pieces });
  }
  // The run's own rows: a fragment over several columns (a packed header among the rows) is cut;
  // one that ends where a right-aligned column's cells end (or starts where a left-aligned
  // column's start) is that column's, and the edge moves to let it in.
  let moved = false;
  const rows = run.map((row, r) =>
    row.flatMap((line) => {
      if (!crosses(line)) return [line];
      const pieces = cutInside(line) ?? (r < HEADER_ROWS ? cutAfterColumnEnd(line, edges, ends, size) : null);
      if (pieces) cuts.push({ line, pieces });
      // A piece may still reach left over an edge into the white after the column before it.
      for (const piece of pieces ?? [line]) if (crosses(piece)) moved = edgeMovedFor(piece, edges, columns, ends, size, row) || moved;
      return pieces ?? [line];
    }),
  );
  return cuts.length || moved ? { edges, header, rows, below, cuts } : null;
}

/**
 * The head row over a row cut at the run's columns right above the run: that row was one line
 * only because a cell ran up to the next column (its first, "Fluorescent pellet under sequence
 * 132.5 mg/mL"), and ended the run there, so the head row above it stood alone. It is the
 * cells on the nearest baseline above the cut row, within a row gap: two or more, each inside one
 * of the run's columns, no two in one column.
 */
function headRowAbove(row: TextLine, lines: readonly TextLine[], own: ReadonlySet<TextLine>, edges: readonly number[], size: number): TextLine[] | null {
  const near = lines.filter((l) => !own.has(l) && l.box[3] <= row.box[1] + TOUCH * size && row.box[1] - l.box[3] < MAX_ROW_GAP * size && l.box[2] > edges[0]! && l.box[0] < edges[edges.length - 1]!);
  const nearest = baselineGroups(near).at(-1);
  if (!nearest || nearest.length < 2 || !nearest.every(isCellLike)) return null;
  const columns = nearest.map((l) => columnIndex(edges, l.box[0] + TOUCH * size));
  // (The last column's head may reach past its values: columnIndex takes it as the last column's.)
  const within = nearest.every((l, i) => l.box[0] >= edges[0]! - SLACK * size && columnIndex(edges, l.box[2] - TOUCH * size) === columns[i]);
  return within && new Set(columns).size === columns.length ? nearest : null;
}

/** A run's header: its first rows, this many at most. */
const HEADER_ROWS = 2;

/**
 * A header line over two columns set closer than a cell gap ("Frozen   Triplicate" over values
 * set flush right), cut at the word gap where its first piece has ended with column k-1's text
 * and the next word starts a word space or more past where that text ends, in the white before
 * column k's values; k is the last edge the line crosses. Edge k moves into that gap.
 */
function cutAfterColumnEnd(line: TextLine, edges: number[], ends: readonly number[], size: number): TextLine[] | null {
  const crossed = edges.slice(1, -1).flatMap((e, i) => (line.box[0] < e && line.box[2] > e ? [i + 1] : []));
  if (!crossed.length) return null;
  const k = crossed[crossed.length - 1]!;
  const end = ends[k - 1]!;
  if (!Number.isFinite(end)) return null;
  const word = innerWordStarts(line).find((w) => w.x - end > WORD_SPACE * size && w.x < edges[k]!);
  if (!word) return null;
  const pieces = cutAtWord(line, word.x);
  if (!pieces || pieces[0]!.box[2] > end + TOUCH * size) return null;
  edges[k] = (end + word.x) / 2;
  return pieces;
}

/**
 * Where the columns of numbers set flush right end that stand closer than a word space to the
 * next column's cells (a table scaled down to the text width), and no edge parts yet: an x
 * where values of several rows end to within a tenth of an em, some as whole fragments, some
 * inside a fragment that runs on past it ("9%  354.3 years" under "37%"). A column edge goes
 * just right of each; rowsCutAtColumns cuts the fragments there.
 */
function flushRightEnds(run: TextLine[][], edges: number[], box: Box, size: number): number[] {
  // Where cells end: each fragment's end, and inside a fragment each word ending a value.
  const ends = run
    .flatMap((row, r) =>
      row.filter((l) => l.glyphs?.length).flatMap((l) => [
        { x: l.box[2], r, numeric: endsInFigure(l.text), inner: false },
        // A word's text before its end is the line's start: without a digit in the line none ends in a figure.
        ...(/\d/.test(l.text) ? innerWordEnds(l) : [])
          .filter((e) => e.x < l.box[2] - size && endsInValue(e.before))
          .map((e) => ({ x: e.x, r, numeric: true, inner: true })),
      ]),
    )
    .sort((a, b) => a.x - b.x);
  const fragments = run.flat();
  const added: number[] = [];
  const near = alignedWindows(ends, ALIGNED_END * size);
  let rejected: typeof ends | undefined;
  for (const anchor of ends) {
    if (added.some((e) => Math.abs(e - anchor.x) < size)) continue;
    const group = near(anchor);
    // An anchor whose group is the last rejected anchor's is rejected too (the tests below ask only the group).
    if (rejected && sameItems(rejected, group)) continue;
    rejected = group;
    // Cells of several rows end there, some of them whole fragments, some inside one that runs on
    // (the cheap tests first: a group of fewer ends than ALIGNED_END_ROWS has fewer rows).
    if (group.length < ALIGNED_END_ROWS || !group.some((e) => e.inner) || !group.some((e) => !e.inner)) continue;
    const x = median(group.map((e) => e.x));
    if (new Set(group.map((e) => e.r)).size < ALIGNED_END_ROWS || x >= box[2] - SLACK * size) continue;
    // A column of numbers set flush right (a justified column of text ends at one x too).
    if (group.filter((e) => e.numeric).length < NUMERIC_END_SHARE * group.length) continue;
    // Already parted: an edge in the white between it and the next text to its right.
    const next = Math.min(box[2], ...fragments.filter((l) => l.box[0] > x + TOUCH * size).map((l) => l.box[0]));
    if (edges.some((e) => e >= x - ALIGNED_END * size && e <= next)) continue;
    rejected = undefined;
    added.push(x);
  }
  return added;
}

/**
 * Where the columns of text set flush left start that stand closer than a cell gap to the
 * previous column's cells (narrow columns of a fixed-layout web table, a cell padding apart),
 * and no edge parts yet: an x where cells of several rows start to within a tenth of an em as
 * whole fragments, and every fragment running through it has a word starting there (one of the
 * previous column's cells ran into it: "234.7 bn 75" over "Adjust"). A column edge goes just
 * left of each; rowsCutAtColumns cuts the fragments there.
 */
function flushLeftStarts(run: TextLine[][], edges: number[], box: Box, size: number): number[] {
  const wordStarts = new Map<TextLine, ReturnType<typeof innerWordStarts>>();
  const wordStartsOf = (l: TextLine) => wordStarts.get(l) ?? wordStarts.set(l, innerWordStarts(l)).get(l)!;
  const starts = run
    .flatMap((row, r) =>
      row.filter((l) => l.glyphs?.length).flatMap((l) => [
        { x: l.box[0], r, inner: false },
        ...wordStartsOf(l)
          .filter((s) => s.x > l.box[0] + size)
          .map((s) => ({ x: s.x, r, inner: true })),
      ]),
    )
    .sort((a, b) => a.x - b.x);
  const fragments = run.flat();
  const added: number[] = [];
  const near = alignedWindows(starts, ALIGNED_END * size);
  let rejected: typeof starts | undefined;
  for (const anchor of starts) {
    if (added.some((e) => Math.abs(e - anchor.x) < size)) continue;
    const group = near(anchor);
    // An anchor whose group is the last rejected anchor's is rejected too (the tests below ask only the group).
    if (rejected && sameItems(rejected, group)) continue;
    rejected = group;
    // Whole fragments starting there, rows or not: fewer than ALIGNED_END_ROWS fail the test below on their rows (most anchors are words inside lines).
    let fragmentStarts = 0;
    for (const s of group) if (!s.inner) fragmentStarts++;
    if (fragmentStarts < ALIGNED_END_ROWS) continue;
    const x = median(group.map((s) => s.x));
    // Cells of several rows start there, most of them whole fragments (a column's own), some inside one that runs into it.
    const whole = new Set(group.filter((s) => !s.inner).map((s) => s.r)).size;
    if (whole < ALIGNED_END_ROWS || x <= box[0] + SLACK * size || whole < group.filter((s) => s.inner).length) continue;
    // Values of one width set flush right start together too: their ends line up as well.
    const starting = fragments.filter((l) => Math.abs(l.box[0] - x) <= ALIGNED_END * size);
    if (Math.max(...starting.map((l) => l.box[2])) - Math.min(...starting.map((l) => l.box[2])) <= ALIGNED_END * size) continue;
    // Nothing runs through it but fragments with a word starting there (a column's start, not a word of running text).
    const through = fragments.filter((l) => l.box[0] < x - TOUCH * size && l.box[2] > x + TOUCH * size);
    if (through.some((l) => !wordStartsOf(l).some((s) => Math.abs(s.x - x) <= ALIGNED_END * size))) continue;
    // Already parted: an edge in the white between it and the previous text to its left.
    const previous = Math.max(box[0], ...fragments.filter((l) => l.box[2] < x - TOUCH * size).map((l) => l.box[2]));
    if (edges.some((e) => e <= x + ALIGNED_END * size && e >= previous)) continue;
    rejected = undefined;
    added.push(x);
  }
  return added;
}

/**
 * For x-sorted points, asked in their order: the points within `tolerance` of each (itself
 * included), in their order — what `points.filter((p) => Math.abs(p.x - anchor.x) <= tolerance)`
 * gives, found by a window that only moves right (the filter over all points for each made
 * flushLeftStarts and flushRightEnds quadratic in a run's words). Anchors must come in the points' order.
 */
export function alignedWindows<T extends { x: number }>(points: readonly T[], tolerance: number): (anchor: T) => T[] {
  // Points out of order or not finite (a NaN sorts anywhere; Infinity is not within any distance of itself) are asked the slow way.
  if (points.some((p, i) => !Number.isFinite(p.x) || (i > 0 && p.x < points[i - 1]!.x))) return (anchor) => points.filter((p) => Math.abs(p.x - anchor.x) <= tolerance);
  let lo = 0;
  let hi = 0;
  return (anchor) => {
    while (lo < points.length && points[lo]!.x < anchor.x && Math.abs(points[lo]!.x - anchor.x) > tolerance) lo++;
    if (hi < lo) hi = lo;
    while (hi < points.length && (points[hi]!.x <= anchor.x || Math.abs(points[hi]!.x - anchor.x) <= tolerance)) hi++;
    return points.slice(lo, hi);
  };
}

/** Whether two lists hold the same items in the same order. */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** A whole number with its digits (a dash standing for none is set anywhere in its column; "2," is cut off its "800"). */
function isFigure(text: string): boolean {
  return /\d/.test(text) && !/[.,]$/.test(text) && isNumeric(text);
}

/**
 * Whether the text ends in a figure (its last value is one). Text without a digit has no figure
 * at its end: it is not split into its values (every word end of every line is asked).
 */
export function endsInFigure(text: string): boolean {
  return /\d/.test(text) && isFigure(lastValue(text));
}

/** A number and the unit written after it ("264.7 ms", "5.7 req/s"): a value's end, inside a row run together. */
const NUMBER_AND_UNIT = /\d\s?[\p{L}µ°%/]{1,6}$/u;

/** Whether text ends in a figure or in a figure's unit. */
function endsInValue(text: string): boolean {
  return endsInFigure(text) || NUMBER_AND_UNIT.test(text);
}

/** The value a run of values ends with: the text after the last wide space (a cell's unit stays with its number). */
function lastValue(text: string): string {
  const words = text.split(/\s+/);
  // "9% 354.3" ends with "354.3"; "372.4 h" is one value with its unit.
  for (let k = words.length - 1; k >= 0; k--) if (isNumeric(words.slice(k).join(' '))) return words.slice(k).join(' ');
  return text;
}

/**
 * Moves the column edge a cell crosses when one of its sides matches its column's shared edge
 * exactly, and the column beside it ends (or starts) clear of it, or when it starts right of
 * where a right-aligned column's text ends (`ends`, per column); whether an edge moved.
 */
function edgeMovedFor(line: TextLine, edges: number[], columns: readonly ColumnAlignment[], ends: readonly number[], size: number, row: readonly TextLine[] = []): boolean {
  for (let k = 1; k < columns.length; k++) {
    const left = columns[k - 1]!;
    const right = columns[k]!;
    // Right-aligned column k: the cell ends with its cells and starts right of column k-1's.
    if (alignedWith(line.box[2], right.right, size) && left.right !== undefined && line.box[0] > left.right && line.box[0] < edges[k]!) {
      edges[k] = (left.right + line.box[0]) / 2;
      return true;
    }
    // Left-aligned column k-1: the cell starts with its cells and ends left of column k's.
    if (alignedWith(line.box[0], left.left, size) && right.left !== undefined && line.box[2] < right.left && line.box[2] > edges[k]!) {
      edges[k] = (line.box[2] + right.left) / 2;
      return true;
    }
    // A header set flush left over column k starts in the white after column k-1's text (a word
    // space or more right of where its cells end: values set flush right) and ends within column k.
    // Its row has a cell of its own in column k-1 before it ("Plasmid" left of "Sterile control"):
    // a header alone on its row may span column k-1 too (a group header over a multirow label's row).
    const end = ends[k - 1] ?? -Infinity;
    const before = row.some((o) => o !== line && o.box[2] < line.box[0] && o.box[0] >= edges[k - 1]! - TOUCH * size);
    if (before && Number.isFinite(end) && line.box[0] - end > WORD_SPACE * size && line.box[0] < edges[k]! && line.box[2] > edges[k]! && (k + 1 >= edges.length - 1 || line.box[2] < edges[k + 1]!)) {
      edges[k] = (end + line.box[0]) / 2;
      return true;
    }
  }
  return false;
}

/** A word space, in ems: text further apart than this is two things. */
const WORD_SPACE = 0.35;

/** How a run was bounded (a page gutter, a text block below it), for the table's trace. */
const bounds = new WeakMap<TextLine[][], Record<string, number>>();
function note(run: TextLine[][], key: string, value: number): void {
  bounds.set(run, { ...bounds.get(run), [key]: value });
}

/**
 * Runs of consecutive rows with at least two cell-like fragments, as the rows' fragments. Runs
 * are followed side by side: a row joins the open run it lies under, so two tables in two page
 * columns whose rows alternate (their baselines differ) are two runs, not a row each.
 */
function tabularRuns(lines: readonly TextLine[]): TextLine[][][] {
  const runs: TextLine[][][] = [];
  let open: OpenRun[] = [];
  const close = (r: OpenRun) => {
    runs.push(r.rows);
    open = open.filter((o) => o !== r);
  };
  // Where running text starts: the left margins of the page's columns of prose (in a narrow
  // column, its lines and a list's items are short enough to be cells: lines of words as long as
  // a wordy column's count too).
  const proseStarts = lines.filter((l) => !isCellLike(l) || isWordy(l)).map((l) => l.box[0]);
  // Long labels of amounts (a price list's items) are cells of their rows.
  const labelled = amountLabels(lines);
  const beside = (r: OpenRun, l: TextLine) => farBeside(r.rows, r.box, l) || inProseColumnBeside(r.box, l, proseStarts);
  // The previous page column's line (a heading) left of a run set flush with its own column's margin.
  const headingLeftOf = (box: Box, l: TextLine) => inProseColumnLeft(box, l, proseStarts) && amidProse(l, box, lines);
  const groups = baselineGroups(lines);
  // The first row of a table beside an open run, parted from that run's line (besideTables).
  let startsBeside: { group: TextLine[]; of: OpenRun } | undefined;
  for (let gi = 0; gi < groups.length; gi++) {
    let group = groups[gi]!;
    // Rows of two tables side by side on one baseline: two rows.
    const apart = besideTables(group, open);
    if (apart) {
      group = apart.parts[0];
      groups.splice(gi + 1, 0, apart.parts[1]);
      if (apart.starts) startsBeside = { group: apart.parts[1], of: apart.left };
    }
    // A line of the next page column's text on a run's row, alone right of it, stands beside the
    // run: it neither makes the row tabular nor ends the run (several lines there can be another table's row).
    // So does a line of the previous page column amid its prose (a heading), alone left of a run
    // set flush with its column's margin (a table beside it in that column keeps its cells).
    // So does a float's caption there (a figure in the next page column).
    const alone = (l: TextLine, r: OpenRun) =>
      ((inProseColumnBeside(r.box, l, proseStarts) || (opensCaption(l) && l.box[0] >= r.box[2])) && group.filter((o) => o.box[0] >= r.box[2]).length === 1) ||
      (headingLeftOf(r.box, l) && group.filter((o) => o.box[2] <= r.box[0]).length === 1);
    const all = group.filter((l) => !open.some((r) => alone(l, r)));
    if (!all.length) continue;
    const size = Math.max(...all.map((l) => l.fontSize), 1);
    const top = Math.min(...all.map((l) => l.box[1]));
    const cellLike = ofOneSize(all.filter((l) => isCellLike(l) || labelled.has(l)));
    // Two words of a narrow justified column set a cell gap apart ("Stateless      re-": a
    // wrapped row label) are no row: a piece that breaks its word right after another runs on
    // onto the next line.
    const tabular = cellLike.filter((l) => !runsOnFrom(l, cellLike)).length >= 2;
    // A wide gap ends a run; before a row, its row labels wrapped over several lines left of it
    // fill the gap (before other text, they do not: the caption of a table below).
    // A label's next line goes on from the labels as well.
    const fromLabels = (r: OpenRun) => tabular || all.some((l) => leftOf(l, r, size) && isCellLike(l));
    for (const r of [...open]) if (top - (fromLabels(r) ? Math.max(r.bottom, r.labelBottom) : r.bottom) >= MAX_ROW_GAP * size) close(r);
    // A run waiting to be parted (running text under one side): parted at the other side's next
    // row, closed whole at any other row.
    for (const r of [...open]) {
      if (!r.parting || !tabular) continue;
      const under = cellLike.filter((l) => l.box[2] > r.box[0] && l.box[0] < r.box[2]);
      if (!under.length) continue;
      const other = under.length >= 2 && under.every(r.parting) ? partedRun(r, r.parting) : null;
      close(r);
      if (other) open.push(other);
    }
    // A row of an open run with a cell too long to look like one (a sentence in a Word table's cell).
    const longRow = tabular ? undefined : open.find((r) => withLongCell(r, all, size) && ofRunSize(r, all));
    // The run the row continues: the open run it lies under (lines far beside it left out).
    const target = tabular ? open.find((r) => {
      const inRun = cellLike.filter((l) => !beside(r, l));
      return inRun.length >= 2 && overlaps(r.box, inRun) && ofRunSize(r, inRun) && !isNumberedHeading(inRun, r);
    }) : longRow;
    const rowLines = longRow ? all : cellLike;
    // A block of text lines set off by a blank line ends the run above it.
    if (target && target.textLines >= TEXT_BLOCK_LINES && target.textGap >= BLANK_LINE * size) {
      note(target.rows, 'endsAtTextBlock', target.textLines);
      close(target);
    }
    else if (target && acrossColumns(target, rowLines.filter((l) => !beside(target, l)), size)) {
      note(target.rows, 'endsAtRowAcrossColumns', target.rows.length);
      close(target);
    }
    else if (target && underProse(target, rowLines.filter((l) => !beside(target, l)), proseStarts, size)) {
      note(target.rows, 'endsAtRowUnderProse', target.rows.length);
      close(target);
    }
    else if (target) {
      target.textLines = 0;
      target.textGap = 0;
      target.wrapped = [];
      if (longRow) note(target.rows, 'rowsWithLongCells', (bounds.get(target.rows)?.rowsWithLongCells ?? 0) + 1);
      const cells = rowLines.filter((l) => !beside(target, l)).sort((a, b) => a.box[0] - b.box[0]);
      target.rows.push(cells);
      target.box = extend(target.box, cells);
      target.bottom = Math.max(...cells.map((l) => l.box[3]));
      // Lines of this row beside the run go on to the runs they lie under.
      continue;
    }
    if (tabular) {
      // A row label's line left of an open run fills its gap though the rest of its baseline is
      // right of the run (a figure's tick label in the next page column); a row of cells does not.
      for (const r of open) if (all.every((l) => leftOf(l, r, size) || l.box[0] >= r.box[2])) fillLabels(r, all, size, true);
      // A new run; the open runs it overlaps end (a table does not run through another).
      let cells = [...cellLike].sort((a, b) => a.box[0] - b.box[0]);
      // A run opening beside the previous page column's heading (on the table's first baseline)
      // opens without it, as a run already open would leave it out.
      const rest = cells.slice(1);
      if (rest.length >= 2 && headingLeftOf(extend(null, rest), cells[0]!)) cells = rest;
      for (const r of [...open]) if (overlaps(r.box, cells)) close(r);
      open.push({ rows: [cells], box: extend(null, cells), bottom: Math.max(...cells.map((l) => l.box[3])), labelBottom: -Infinity, textLines: 0, textGap: 0, wrapped: [], besideOf: startsBeside?.group === group ? startsBeside.of : undefined });
      continue;
    }
    for (const r of [...open]) {
      fillLabels(r, all, size);
      // Beside a run, running text of another page column neither joins nor ends it.
      const group = all.filter((l) => l.box[0] < r.box[2] && !leftOf(l, r, size));
      if (!group.length) continue;
      // Running text, a line across the run's extent end it; a short line inside it (a section
      // row, a wrapped cell) or a heading over its values does not.
      // A cell's next line (a wrapped header) may reach past the run's side.
      const wraps = group.filter((l) => wrapsOn(r, l));
      const crowded = group.filter((l) => crowdedRow(r, l));
      if (group.some((l) => !isCellLike(l) && !headingOver(r.box, l) && !wrapsInColumn(r, l, lines) && !crowded.includes(l)) || !group.every((l) => inside(r.box, [l]) || wraps.includes(l) || crowded.includes(l))) {
        // Running text under one of two tables side by side may end that one only: the run waits
        // for the other side's next row (and closes whole if another comes first).
        const parting = r.parting ? (group.every((l) => !r.parting!(l)) ? r.parting : null) : partingSide(r, group, lines, size);
        if (parting) r.parting = parting;
        else close(r);
      } else {
        // A line alone is text; several side by side are a row of long cells.
        if (group.length === 1) {
          r.textGap = Math.max(r.textGap, group[0]!.box[1] - r.bottom);
          r.textLines++;
        } else r.textLines = r.textGap = 0;
        r.wrapped.push(...wraps);
        // A ragged cell's next line may reach past the rows' side: the region takes it in (runTable).
        const reach = Math.max(...wraps.map((l) => l.box[2]));
        if (reach > r.box[2]) note(r.rows, 'wrappedTo', Math.max(Math.round(reach), bounds.get(r.rows)?.wrappedTo ?? 0));
        r.bottom = Math.max(r.bottom, ...group.map((l) => l.box[3]));
      }
    }
  }
  for (const r of [...open]) close(r);
  return runs.sort((a, b) => a[0]![0]!.baseline - b[0]![0]!.baseline);
}

/** A side of a run that goes on as a table has at least this share of figures among its cells. */
const SIDE_FIGURES = 0.25;

/** One side of a run's rows: the cells `keep` takes, from its first row of two cells or more (a run starts at a row of cells). */
function sideRows(rows: readonly TextLine[][], keep: (c: TextLine) => boolean): TextLine[][] {
  const side = rows.map((row) => row.filter(keep)).filter((row) => row.length);
  const first = side.findIndex((row) => row.length >= 2);
  return first < 0 ? [] : side.slice(first);
}

/**
 * Two tables side by side in two page columns, their rows on shared baselines, are one run. When
 * one table ends, its column's running text under it ends that table only, once the other table's
 * next row comes. Here: whether `text` stands under one side of the run and a page gutter parts
 * the two sides (no line around crosses the white between them; the page's lines end and start in
 * it), the other side having two rows of two cells or more, a share of them figures. Returns
 * which cells are the other side's.
 */
function partingSide(r: OpenRun, text: readonly TextLine[], lines: readonly TextLine[], size: number): ((c: TextLine) => boolean) | null {
  const from = Math.min(...text.map((l) => l.box[0]));
  const to = Math.max(...text.map((l) => l.box[2]));
  const cells = r.rows.flat();
  // The text under the run's left side (the right side goes on), or under its right side.
  const leftSide = cells.some((c) => c.box[0] >= to) && !cells.some((c) => c.box[0] < from - SLACK * size);
  const rightSide = !leftSide && cells.some((c) => c.box[2] <= from) && !cells.some((c) => c.box[2] > to + SLACK * size);
  if (!leftSide && !rightSide) return null;
  const onOther = (c: TextLine) => (leftSide ? c.box[0] >= to : c.box[2] <= from);
  const otherRows = sideRows(r.rows, onOther);
  const other = otherRows.flat();
  const own = sideRows(r.rows, (c) => !onOther(c)).flat();
  if (!own.length || otherRows.filter((row) => row.length >= 2).length < 2) return null;
  // (Page columns of prose beside a table read as rows of two pieces too, but hold few figures.)
  if (other.filter((c) => isNumeric(c.text)).length < SIDE_FIGURES * other.length) return null;
  // The white between the two sides (the text belongs to its own side).
  const x0 = leftSide ? Math.max(to, ...own.map((c) => c.box[2])) : Math.max(...other.map((c) => c.box[2]));
  const x1 = leftSide ? Math.min(...other.map((c) => c.box[0])) : Math.min(from, ...own.map((c) => c.box[0]));
  if (x1 - x0 < GUTTER * size) return null;
  const mine = new Set(cells);
  const page = lines.filter((l) => !mine.has(l));
  const top = r.box[1] - GUTTER_REACH * size;
  const bottom = Math.max(r.bottom, ...text.map((l) => l.box[3])) + GUTTER_REACH * size;
  if (page.some((l) => l.box[3] >= top && l.box[1] <= bottom && l.box[0] < x0 + SLACK * size && l.box[2] > x1 - SLACK * size)) return null;
  const ending = page.filter((l) => l.box[2] >= x0 - SLACK * size && l.box[2] <= x1).length;
  const starting = page.filter((l) => l.box[0] >= x0 && l.box[0] <= x1 + SLACK * size).length;
  if (ending < MARGIN_LINES || starting < MARGIN_LINES) return null;
  return onOther;
}

/** The other side of a run parted (partingSide) as a run of its own; `r`, about to close, keeps its own side. */
function partedRun(r: OpenRun, onOther: (c: TextLine) => boolean): OpenRun {
  const otherRows = sideRows(r.rows, onOther);
  // (In place: the run's rows are the key of its trace notes.)
  r.rows.splice(0, r.rows.length, ...sideRows(r.rows, (c) => !onOther(c)));
  note(r.rows, 'partedFromTableBeside', 1);
  note(otherRows, 'partedFromTableBeside', 1);
  const other = otherRows.flat();
  return { rows: otherRows, box: extend(null, other), bottom: Math.max(...other.map((c) => c.box[3])), labelBottom: -Infinity, textLines: 0, textGap: 0, wrapped: [] };
}

/**
 * A row whose cells stand closer than a cell gap, read as one line too long for a cell: it starts
 * where the run's rows start, and a word of it starts where the cells of a column start in
 * CROWDED_COLUMN_ROWS rows or more ("Mean control group and enzyme We compared (a) the", the label
 * running up to the next column). It neither joins nor ends the run; rowsCutAtColumns cuts it
 * into its cells.
 */
function crowdedRow(r: OpenRun, l: TextLine): boolean {
  const size = l.fontSize;
  // (Its last cell, a sentence set ragged, may reach a little past the rows above, as a wrapped cell's next line may.)
  if (Math.abs(l.box[0] - r.box[0]) > ALIGNED_END * size || l.box[2] > r.box[2] + WRAP_REACH * size) return false;
  // (A wrapped cell's next lines start where its column's cells start too.)
  const cells = [...r.rows.flat(), ...r.wrapped];
  return innerWordStarts(l).some((w) => cells.filter((c) => Math.abs(c.box[0] - w.x) <= ALIGNED_END * size).length >= CROWDED_COLUMN_ROWS);
}

/** A crowded row's word must start with a column's cells (or their wrapped lines) in this many lines. */
const CROWDED_COLUMN_ROWS = 3;

/**
 * A wrapped cell's next line reaches at most this many ems past the run's side ("outcomes" under
 * "Eligible" over right-aligned values); a line reaching further is the text under the table
 * starting at its left edge (on a scanned page it took the prose into the run, and the run then
 * failed as a table: both tables of a real report page were lost).
 */
const WRAP_REACH = 2;

/**
 * A cell's next line: it starts where a cell of the run's last row starts (a left-aligned cell
 * wrapped), on the next baseline under it or under that cell's next line, and reaches little
 * past the run's side, or no further than its first word would have reached set after the line
 * above it (a ragged-right cell's next line may be the longer: its first word did not fit above).
 */
function wrapsOn(r: OpenRun, l: TextLine): boolean {
  const size = l.fontSize;
  if (!isCellLike(l)) return false;
  const near = l.box[2] - r.box[2] <= WRAP_REACH * size;
  return [...r.rows[r.rows.length - 1]!, ...r.wrapped].some(
    (c) => Math.abs(c.box[0] - l.box[0]) <= ALIGNED_END * size && l.box[1] >= c.box[3] - TOUCH * size && l.baseline - c.baseline <= NEXT_LINE_PITCH * size && (near || l.box[2] - l.box[0] < c.box[2] - c.box[0] + firstWordWidth(l) + WORD_SPACE * size),
  );
}

/**
 * A long cell's next line, too long to look like a cell (an invoice item's description wrapped):
 * it goes on from a line as long on the run's last row, which was too long to be taken as that
 * row's cell (the row has no cell where it starts), as a paragraph's next line from where it
 * starts, and it ends before the row's next cell starts (running text under a table runs across
 * its columns; a row whose cell is there was read whole).
 */
function wrapsInColumn(r: OpenRun, l: TextLine, all: readonly TextLine[]): boolean {
  const size = l.fontSize;
  const row = r.rows[r.rows.length - 1]!;
  const baseline = median(row.map((c) => c.baseline));
  // (Left edges of ink: letters' side bearings differ by a fifth of an em.)
  const at = (x: number) => Math.abs(x - l.box[0]) <= JUSTIFIED_EDGE * size;
  if (row.some((c) => at(c.box[0]))) return false;
  const first = all.find((o) => o !== l && !isCellLike(o) && at(o.box[0]) && Math.abs(o.baseline - baseline) <= SAME_ROW * size && l.box[1] >= o.box[3] - TOUCH * size && l.box[1] - o.box[3] <= PARAGRAPH_LINE_GAP * size);
  if (!first) return false;
  const next = Math.min(...row.filter((c) => c.box[0] > first.box[2]).map((c) => c.box[0]));
  return Number.isFinite(next) && l.box[2] < next - SLACK * size;
}

/**
 * Left of an open run: a label set flush with its column may touch the run's first header. A line
 * starting at the run's left edge is in it, however short (a broken word's last letter, "e").
 */
function leftOf(l: TextLine, r: OpenRun, size: number): boolean {
  return l.box[2] <= r.box[0] + SLACK * size && l.box[0] < r.box[0] - TOUCH * size;
}

/** A piece ending in a broken word ("re-") with a piece right before it (within a few ems): the two are one justified line's. */
function runsOnFrom(piece: TextLine, row: readonly TextLine[]): boolean {
  return endsInBrokenWord(piece) && row.some((l) => l.box[2] <= piece.box[0] && piece.box[0] - l.box[2] < FAR_BESIDE * piece.fontSize);
}

/**
 * Short lines left of an open run, following on from its rows, are its row labels wrapped: they
 * fill its row gap (not the prose of the page column across the gutter from them: a table in the
 * right column).
 */
function fillLabels(r: OpenRun, all: readonly TextLine[], size: number, one = false): void {
  const besideLeft = all.filter((l) => leftOf(l, r, size));
  const beyond = proseBeyondGutter(besideLeft, size);
  const left = besideLeft.filter((l) => l.box[2] > beyond);
  if (one && left.length > 1) return;
  if (left.length && left.every((l) => isCellLike(l) && l.box[1] - Math.max(r.bottom, r.labelBottom) < MAX_ROW_GAP * size)) r.labelBottom = Math.max(r.labelBottom, ...left.map((l) => l.box[3]));
}

/**
 * The lines of a row's most common size: the cells of a table row share a size, and a line of
 * another size on its baseline is the other page column's (a table in small print beside body
 * text). From the text layer only.
 */
function ofOneSize(lines: TextLine[]): TextLine[] {
  // Read by OCR, a line's size is its box's height, which varies with its letters.
  if (lines.some((l) => !l.glyphs?.length)) return lines;
  const near = (a: TextLine, b: TextLine) => Math.abs(a.fontSize - b.fontSize) <= OTHER_SIZE * Math.max(a.fontSize, b.fontSize);
  let best: TextLine[] = [];
  for (const l of lines) {
    const same = lines.filter((o) => near(l, o));
    if (same.length > best.length) best = same;
  }
  return best;
}

/**
 * A row set in the run's type size: a table's rows share theirs. Small print right under larger
 * text in rows (a title page's author block over a table in small print, two ems apart) starts a
 * run of its own. Text-layer lines only.
 */
function ofRunSize(r: OpenRun, row: readonly TextLine[]): boolean {
  // OCR'd lines' sizes are guesses from their boxes (digits stand lower than words with
  // ascenders and descenders): only the text layer's sizes tell.
  if (!row.every((l) => l.glyphs) || !r.rows.every((rr) => rr.every((l) => l.glyphs))) return true;
  const size = runSize(r);
  const rowSize = median(row.map((l) => l.fontSize));
  return Math.min(size, rowSize) >= RUN_SIZE_RATIO * Math.max(size, rowSize);
}

/** A section's number alone ("2.1", "3", "IV."): a numbered heading's first piece, its title a gap after it. */
const SECTION_NUMBER_ONLY = /^(\d{1,2}(\.\d{1,2}){0,4}\.?|[IVX]{1,5}\.)$/;

/**
 * A numbered section heading under a table ("2.1   Critical fatigue life"): its number and title
 * a wide gap apart read as two cells, set bold and no smaller than the run's cells. It ends the run.
 */
function isNumberedHeading(row: readonly TextLine[], r: OpenRun): boolean {
  const sorted = [...row].sort((a, b) => a.box[0] - b.box[0]);
  return row.length === 2 && SECTION_NUMBER_ONLY.test(sorted[0]!.text.trim()) && row.every((l) => l.bold && l.glyphs) && median(row.map((l) => l.fontSize)) >= runSize(r);
}

/** The median type size of a run's lines. */
function runSize(r: OpenRun): number {
  return median(r.rows.flat().map((l) => l.fontSize));
}
/** Rows of one table differ in size by less than this ratio (bold or italic headings share the body's size; 8-point table text under 10-point text does not). */
const RUN_SIZE_RATIO = 0.85;

interface OpenRun {
  rows: TextLine[][];
  box: Box;
  /** Bottom of its last line. */
  bottom: number;
  /** Bottom of the short lines left of it that follow on from its rows (wrapped row labels). */
  labelBottom: number;
  /** Lines of text (rows of one fragment) since its last row, and the widest gap above one. */
  textLines: number;
  textGap: number;
  /** Cells' next lines taken since its last row (wrapsOn): a cell wrapped over three lines or more goes on from them. */
  wrapped: TextLine[];
  /** The run this one was started beside, on a baseline parted between them (besideTables). */
  besideOf?: OpenRun;
  /** Running text stands under one side of the run: these cells' side may go on (partingSide). */
  parting?: (c: TextLine) => boolean;
}

/**
 * Two small tables side by side, the left one's header wrapped: its second line and the right
 * table's header share a baseline, and their rows after that share theirs too. Such a baseline is
 * parted [left part, right part] with the run the left part goes on: one line under a run's first
 * row with two headings or more well right of it (the right table's header: `starts`), and after that,
 * while both runs are open, the lines under the left run and the rest, wholly right of it. Null
 * when the baseline is one row.
 */
function besideTables(group: TextLine[], open: readonly OpenRun[]): { parts: [TextLine[], TextLine[]]; left: OpenRun; starts: boolean } | null {
  for (const a of open) {
    const size = runSize(a) || 10;
    if (open.some((b) => b.besideOf === a)) {
      const left = group.filter((l) => l.box[2] <= a.box[2] + TOUCH * size);
      const right = group.filter((l) => !left.includes(l));
      if (left.length && right.length && right.every((l) => l.box[0] >= a.box[2])) return { parts: [left, right], left: a, starts: false };
      continue;
    }
    const under = group.filter((l) => l.box[0] >= a.box[0] - TOUCH * size && l.box[2] <= a.box[2] + TOUCH * size);
    const right = group.filter((l) => l.box[0] - a.box[2] > FAR_BESIDE * size);
    // Only under a run's first row (the second line of its header), beside a header's headings (no values).
    if (a.rows.length === 1 && under.length === 1 && right.length >= 2 && under.length + right.length === group.length && a.bottom <= under[0]!.box[1] + TOUCH * size && right.every((l) => !FORMATTED_VALUE.test(l.text))) return { parts: [under, right], left: a, starts: true };
  }
  return null;
}

/** A cell too long to look like one stays shorter than this many characters (a page column's lines are longer). */
const MAX_LONG_CELL_CHARS = 80;

/**
 * A row of a run of COLUMNS_SET_ROWS rows or more, one of its cells too long to look like a cell
 * (a sentence in a Word table's cell): two pieces or more on its baseline, each starting where
 * cells of a different column of the run start (ALIGNED_END, in two rows or more), none as long
 * as a page column's line. Prose under a table runs across its columns in one piece.
 */
function withLongCell(r: OpenRun, row: readonly TextLine[], size: number): boolean {
  // Right under a header row set bold, its columns are the header's (the first row of a table of
  // sentences may hold a long cell).
  const underHeader = r.rows.length === 1 && r.rows[0]!.length >= 2 && r.rows[0]!.every(setBold) && !row.some(setBold);
  if ((r.rows.length < COLUMNS_SET_ROWS && !underHeader) || row.length < 2 || row.every(isCellLike)) return false;
  if (row.some((l) => l.text.length > MAX_LONG_CELL_CHARS)) return false;
  const cells = r.rows.flat();
  const starts = row.map((l) => cells.filter((c) => Math.abs(c.box[0] - l.box[0]) <= ALIGNED_END * size));
  return starts.every((s) => s.length >= (underHeader ? 1 : 2)) && new Set(starts.map((s) => s[0]!.box[0])).size === row.length;
}

/** A run of this many rows or more has columns for a row to cross. */
const COLUMNS_SET_ROWS = 3;

/**
 * A row whose cells run across the run's columns, two or more of them each over a strip of white
 * its rows so far leave between their columns, not all of them lining up with the columns: the
 * page's text under a table (two page columns of prose, their lines short enough to be cells,
 * side by side on one baseline), not a row of it.
 */
function acrossColumns(r: OpenRun, row: readonly TextLine[], size: number): boolean {
  if (r.rows.length < COLUMNS_SET_ROWS) return false;
  const strips = emptyStrips(r.rows.flat(), r.box, size);
  if (strips.length < 2) return false;
  const crossing = row.filter((l) => strips.some(([a, b]) => l.box[0] < a - SLACK * size && l.box[2] > b + SLACK * size));
  if (crossing.length < 2) return false;
  // A crowded row (its cells closer than a cell gap, cut at the columns later) lines up with them:
  // a word of it starts where a column's text starts, or ends where one's ends (OCR lines, whose
  // words are not placed glyph by glyph, are given the benefit of the doubt).
  const at = (x: number, edge: number) => Math.abs(x - edge) <= JUSTIFIED_EDGE * size;
  const linesUp = (l: TextLine) => !l.glyphs || innerWordStarts(l).some((w) => strips.some(([, b]) => at(w.x, b))) || innerWordEnds(l).some((w) => strips.some(([a]) => at(w.x, a)));
  return !crossing.every(linesUp);
}

/**
 * A row of cells under rows of the page's running text: lines of page columns side by side,
 * each where running text starts, each row's lines running across two or more of the gaps
 * between the new row's cells. The run so far is the end of the text over a table (two page
 * columns of prose, their lines short enough to be cells), not the table's first rows; the
 * row starts a run of its own. The mirror of acrossColumns, for prose above a table.
 */
function underProse(r: OpenRun, row: readonly TextLine[], proseStarts: readonly number[], size: number): boolean {
  if (row.length < 3) return false;
  const cells = [...row].sort((a, b) => a.box[0] - b.box[0]);
  const gaps = cells.slice(1).map((l, i) => [cells[i]!.box[2], l.box[0]] as const);
  const crossed = (rr: readonly TextLine[]) => gaps.filter(([a, b]) => rr.some((l) => l.box[0] < a - SLACK * size && l.box[2] > b + SLACK * size)).length;
  return r.rows.every((rr) => rr.every((l) => atProseStart(l.box[0], l.fontSize, proseStarts)) && crossed(rr) >= 2);
}

/**
 * A short line far right of a run of three rows or more (a page column's last words, a
 * heading of the other column) is not a cell of the run's rows.
 */
function farBeside(run: TextLine[][], runBox: Box | null, line: TextLine): boolean {
  return run.length >= 3 && runBox !== null && line.box[0] - runBox[2] > FAR_BESIDE * line.fontSize;
}

/**
 * A line wholly right of a run that starts where running text starts (MARGIN_LINES lines of prose
 * or more, to JUSTIFIED_EDGE): the next page column's (a paragraph's short last line, a figure's
 * caption), not a cell of the run's rows. A table in the left column of a page of narrow columns
 * had taken the right column's lines as cells and run on across the page.
 */
function inProseColumnBeside(runBox: Box | null, line: TextLine, proseStarts: readonly number[]): boolean {
  return runBox !== null && line.box[0] >= runBox[2] && atProseStart(line.box[0], line.fontSize, proseStarts);
}

/** Whether running text starts at x: MARGIN_LINES lines of prose or more, to JUSTIFIED_EDGE. */
function atProseStart(x: number, size: number, proseStarts: readonly number[]): boolean {
  return proseStarts.filter((s) => Math.abs(s - x) <= JUSTIFIED_EDGE * size).length >= MARGIN_LINES;
}

/**
 * A line wholly left of a run set flush with its page column's margin (where running text starts,
 * to a cell's padding): the line is the previous page column's (a heading centred there on
 * one of the table's baselines), not a cell. A table in the right column of a two-column page had
 * taken the left column's heading as a cell, and the prose under it ended the table.
 */
function inProseColumnLeft(runBox: Box | null, line: TextLine, proseStarts: readonly number[]): boolean {
  if (runBox === null || line.box[2] > runBox[0]) return false;
  // (A table's cells start up to a cell's padding right of its column's margin.)
  const size = line.fontSize;
  return proseStarts.filter((s) => runBox[0] - s >= -JUSTIFIED_EDGE * size && runBox[0] - s <= CELL_PADDING * size).length >= MARGIN_LINES;
}

/** Running text of the page column left of a run stands within this many ems over or under a line of it. */
const PROSE_NEAR = 2.5;

/** Whether running text of the page column left of `runBox` stands right over or under the line. */
function amidProse(line: TextLine, runBox: Box, lines: readonly TextLine[]): boolean {
  const near = PROSE_NEAR * line.fontSize;
  return lines.some((o) => o !== line && o.box[2] <= runBox[0] && !isCellLike(o) && o.box[1] < line.box[3] + near && o.box[3] > line.box[1] - near);
}

/**
 * A long line inside a run's extent that starts well right of its left edge: a section heading
 * over the table's values, not running text (which starts at the left).
 */
function headingOver(runBox: Box | null, line: TextLine): boolean {
  return runBox !== null && line.box[0] > runBox[0] + HEADING_INDENT * (runBox[2] - runBox[0]) && line.box[2] <= runBox[2] + SLACK * line.fontSize;
}

function extend(box: Box | null, lines: TextLine[]): Box {
  const b: Box = box ? [...box] : [Infinity, Infinity, -Infinity, -Infinity];
  for (const l of lines) {
    b[0] = Math.min(b[0], l.box[0]);
    b[1] = Math.min(b[1], l.box[1]);
    b[2] = Math.max(b[2], l.box[2]);
    b[3] = Math.max(b[3], l.box[3]);
  }
  return b;
}

function overlaps(box: Box, lines: TextLine[]): boolean {
  const x0 = Math.min(...lines.map((l) => l.box[0]));
  const x1 = Math.max(...lines.map((l) => l.box[2]));
  return Math.min(box[2], x1) - Math.max(box[0], x0) > 0.5 * Math.min(box[2] - box[0], x1 - x0);
}

function inside(box: Box, lines: TextLine[]): boolean {
  return lines.every((l) => l.box[0] >= box[0] - SLACK * l.fontSize && l.box[2] <= box[2] + SLACK * l.fontSize);
}

/**
 * Column edges without the columns that hold only header text set beside (not above) the
 * numbers it heads: a header written from a column's left edge over right-aligned numbers
 * narrower than the column leaves a gap between the two, and becomes a column of its own. Such
 * a column (text in the top two rows only, never in a row with the numbers to its right) joins
 * the numbers' column.
 */
function headersJoinTheirColumns(run: TextLine[][], edges: number[]): number[] {
  // Each fragment's column, found once (the edges do not move here).
  const colsOf = run.map((row) => row.map((l) => columnIndex(edges, (l.box[0] + l.box[2]) / 2)));
  const cols = edges.length - 1;
  // The rows with a fragment in each column, in row order.
  const rows = Array.from({ length: cols }, () => new Set<number>());
  colsOf.forEach((row, r) => {
    for (const c of row) rows[c]?.add(r);
  });
  const fragments = run.flat();
  const fragmentCols = colsOf.flat();
  const dropped = new Set<number>();
  for (let c = 0; c + 1 < cols; c++) {
    const header = rows[c]!;
    const values = rows[c + 1]!;
    if (!header.size || [...header].some((r) => r > 1 || values.has(r)) || values.size < 2) continue;
    const cells = fragments.filter((_, i) => fragmentCols[i] === c + 1);
    if (cells.filter((l) => isNumeric(l.text)).length < 0.5 * cells.length) continue;
    dropped.add(c + 1);
    // The joined column takes the header's rows too: a header column further right does not join it.
    rows[c + 1] = new Set([...values, ...header]);
  }
  return edges.filter((_, i) => !dropped.has(i));
}

/** The table a run makes, if it is one; `cutEdges`: its column edges when rows were cut at them (rowsCutAtColumns). */
function runTable(run: TextLine[][], lines: TextLine[], rules: readonly HRule[], cutEdges?: number[]): TableFound | null {
  const fragments = run.flat();
  const sizes = fragments.map((l) => l.fontSize).sort((a, b) => a - b);
  const size = sizes[sizes.length >> 1] ?? 10;
  let box = extend(null, fragments);
  // Rules right above and below the run, as wide as it, bound the table and confirm it.
  const fits = (r: HRule) => r.x0 <= box[0] + size && r.x1 >= box[2] - size;
  // A frame's edge may stand further off, over the box's title (an infobox's name above its table).
  const titleOnly = (y0: number, y1: number) => baselineGroups(lines.filter((l) => l.box[1] >= y0 && l.box[3] <= y1 && l.box[2] > box[0] && l.box[0] < box[2])).length <= 1;
  const frameReach = (r: HRule, gap: number, y0: number, y1: number) => gap < RULE_REACH * size || (r.frame === true && gap < FRAME_REACH * size && titleOnly(y0, y1));
  const above = rules.filter((r) => fits(r) && r.y <= box[1] && frameReach(r, box[1] - r.y, r.y, box[1]));
  const below = rules.filter((r) => fits(r) && r.y >= box[3] && frameReach(r, r.y - box[3], box[3], r.y));
  const ruled = above.length > 0 && below.length > 0;
  if (run.length < (ruled || totalsPair(run, size) ? 2 : 3)) return null;

  let edges = cutEdges ? [box[0], ...cutEdges.slice(1, -1), box[2]] : headersJoinTheirColumns(run, columnEdges(run, box, size));
  const cols = edges.length - 1;
  if (cols < 2) return null;
  // The next page column's text taken as the run's last column (or the previous one's as its
  // first): the run goes on without it.
  const beside = pageColumnBeside(run, edges, lines, size) ?? pageColumnBefore(run, edges, lines, size);
  if (beside) {
    const keep = (l: TextLine) => (beside.side === 'after' ? l.box[2] <= beside.x - SLACK * size : l.box[0] >= beside.x + SLACK * size);
    // A row left with one piece had joined the run by the page column's line on its baseline (a
    // wrapped label's piece, a broken word's end): no row of its own; the region takes it back.
    const rest = run.map((row) => row.filter(keep)).filter((row) => row.length > 1);
    bounds.set(rest, { ...bounds.get(run), [beside.side === 'after' ? 'pageColumnAfter' : 'pageColumnBefore']: Math.round(beside.x) });
    const inRest = new Set(rest.flat());
    const pool = lines.filter((l) => inRest.has(l) || keep(l) || l.box[3] < box[1] || l.box[1] > box[3]);
    const cut = cutEdges?.filter((e) => keep({ box: [e, 0, e, 0] } as TextLine));
    return runTable(rest, pool, rules, cut ? [beside.side === 'after' ? box[0] : beside.x, ...cut, beside.side === 'after' ? beside.x : box[2]] : undefined);
  }
  const colOf = (l: TextLine) => columnIndex(edges, (l.box[0] + l.box[2]) / 2);
  // Rows must fill their columns cleanly: fragments within one column, most rows using 2+.
  const clean = fragments.filter((l) => columnIndex(edges, l.box[0] + TOUCH * size) === columnIndex(edges, l.box[2] - TOUCH * size)).length;
  if (clean < CLEAN_FRAGMENTS * fragments.length) return null;
  const multi = run.filter((row) => new Set(row.map(colOf)).size >= 2).length;
  if (multi < MULTI_COLUMN_ROWS * run.length) return null;
  // Row labels set off the rows' baselines (wrapped, centred on their row) are the first column.
  // Their zone: left of the run, or its first column when few of its rows have text there.
  const inFirst = run.filter((row) => row.some((l) => columnIndex(edges, (l.box[0] + l.box[2]) / 2) === 0)).length;
  const ownFirst = inFirst > 0 && inFirst < OFF_ROW_LABELS * run.length && edges.length > 2;
  // Between rules, the labels stand where the rules start at the furthest (left of them is what
  // stands beside the table: the other page column's text).
  const ruledFrom = ruled ? Math.min(...[...above, ...below].map((r) => r.x0)) - size : -Infinity;
  // Nor across the strip two captions parted the run at (the left table's cells beside the right
  // one's rows). A strip parted as a page gutter, or where rules end, may be a table's own gap
  // (rules under its values only): labels cross it.
  const gutter = bounds.get(run)?.captionedApartAt;
  const labelsFrom = Math.max(ruledFrom, gutter !== undefined && gutter < box[0] ? gutter : -Infinity);
  const labels = rowLabels(box, ownFirst ? edges[1]! : box[0], lines, new Set(fragments), size).filter((l) => l.box[0] >= labelsFrom);
  // Two columns of values labelled left of them are a table of three, however far apart they stand.
  // Numbers are counted below a first row of words only (a header naming its columns; a field's
  // label ending in a colon, "Status:  Draft", heads no column).
  const header = run.length >= 3 && !run[0]!.some((l) => isNumeric(l.text) || /:$/.test(l.text.trim()));
  const values = header ? run.slice(1).flat() : fragments;
  // A table's caption right above or below the run ("Table 3: …", IEEE's label over its title)
  // confirms columns of words (a glossary's terms and their definitions).
  const over = (l: TextLine) => l.box[0] < box[2] && l.box[2] > box[0];
  // (A sentence naming the table, "Table 4 shows how…", is prose, not its caption.)
  const captioned = [...captionsNear(box, lines, size), ...captionsAbove(box, lines, size)].some((l) => over(l) && !isSentenceReference(l.text.trim()));
  const ruledOff = headingsRuledOff(run, edges, rules.filter(fits), size);
  if (ruledOff) note(run, 'headingsRuledOff', 1);
  const setBold = !ruledOff && headingsSetBold(run, edges);
  if (setBold) note(run, 'headingsSetBold', 1);
  const headed = ruledOff || setBold;
  if (!looksTabular(fragments, edges, ruled, run.length, labels.length > 0 && !ownFirst, values, captioned || headed)) return null;
  if (isContents(run, edges, lines) || isList(run, edges)) return null;
  if (labels.length && !ownFirst) {
    const x0 = Math.min(...labels.map((l) => l.box[0]));
    edges = [x0, (Math.max(...labels.map((l) => l.box[2])) + box[0]) / 2, ...edges.slice(1)];
    box = [x0, box[1], box[2], Math.max(box[3], ...labels.map((l) => l.box[3]))];
  }

  // The region: the run's box, between its rules when ruled; every line inside belongs to it. A
  // frame's edges confirm the table but bound the box around it (an infobox's title stands
  // between its top edge and the table): the region keeps to the run there.
  const top = above.filter((r) => !r.frame);
  const bottom = below.filter((r) => !r.frame);
  if (ruled && top.length && bottom.length) box = [box[0], Math.max(...top.map((r) => r.y)), box[2], Math.min(...bottom.map((r) => r.y))];
  else if (ruled) {
    if (top.length) box[1] = Math.max(...top.map((r) => r.y));
    if (bottom.length) box[3] = Math.min(...bottom.map((r) => r.y));
    else box[3] = lastCellsRunOn(box, lines, size);
  } else box[3] = lastCellsRunOn(box, lines, size);
  const members = lines.filter((l) => {
    const cy = (l.box[1] + l.box[3]) / 2;
    return cy >= box[1] - TOUCH * size && cy <= box[3] + TOUCH * size && l.box[0] >= box[0] - size && l.box[2] <= Math.max(box[2], bounds.get(run)?.wrappedTo ?? 0) + size;
  });
  // Running text inside the region: a table beside a column of prose, not one table. Labels of
  // amounts are rows' labels, unless they end flush like a justified page column's lines (prose
  // beside a column of numbers).
  const labelled = amountLabels(members);
  if (labelled.size && isJustifiedColumn([...labelled], size)) return null;
  if (members.filter((l) => !isCellLike(l) && !labels.includes(l) && !labelled.has(l)).length > MAX_PROSE_LINES * members.length) return null;
  makeRoomForLongCells(edges, members, size);
  // A column no line starts in is no column (two edges found for one gap: its white and its cells' shared start).
  const starts = new Set(members.map((l) => columnIndex(edges, l.box[0] + TOUCH * size)));
  edges = edges.filter((_, i) => i === 0 || i === edges.length - 1 || starts.has(i));
  const table = gridTable(members, edges, box, size, labels);
  spanOverRules(table, edges, rules, size);
  centreSpanningCells(table, size);
  joinStackedHeaderLabel(table);
  // Mostly empty cells: scattered labels (a chart's values beside prose), not rows of data.
  const filled = table.cells.reduce((n, c) => n + c.colSpan, 0) / (table.rows * table.cols);
  if (table.rows < 2 || filled < MIN_FILLED) return null;
  const framed = [...above, ...below].filter((r) => r.frame).length;
  return { table, lines: members, rule: ruled ? 'table.borderless-between-rules' : 'table.borderless-aligned-columns', values: { rows: table.rows, cols: table.cols, filled, offRowLabels: labels.length, ...(framed ? { frameEdges: framed } : {}), ...bounds.get(run) } };
}

/**
 * Where the next page column starts when a run took its lines as its last column (a table in the
 * left column of a two-column page, the right column's prose and list items on its baselines):
 * the leftmost start x of the column's cells of words where the cells from x on are mostly words,
 * not numbers, MARGIN_LINES lines of words or more start (the text column's margin, to
 * JUSTIFIED_EDGE), and the text column runs on past the run (a line starting there right above or
 * below it), holds running text beside its rows, or its cells there are list items.
 * A table across both page columns (table*) has numbers there. Undefined when the last column is the table's own.
 */
function pageColumnBeside(run: TextLine[][], edges: readonly number[], lines: readonly TextLine[], size: number): PageColumn | undefined {
  const cols = edges.length - 1;
  if (cols < 3) return undefined;
  const own = new Set(run.flat());
  const last = run.flat().filter((l) => columnIndex(edges, (l.box[0] + l.box[2]) / 2) === cols - 1);
  const y0 = Math.min(...run.flat().map((l) => l.box[1]));
  // The run's last cells may run on below its last row (a wrapped cell's last line): still the run.
  const y1 = lastCellsRunOn([edges[0]!, y0, edges[cols]!, Math.max(...run.flat().map((l) => l.box[3]))], lines, size);
  const nearAbove = (l: TextLine) => rightAbove(l, y0, size);
  const nearBelow = (l: TextLine) => rightBelow(l, y1, size);
  const near = (l: TextLine) => nearAbove(l) || nearBelow(l);
  // The text column's margin: where one of the column's cells of words starts, the leftmost that
  // qualifies (the table's own cells of a column merged with it start left of it and stay).
  const starts = [...new Set(last.filter((l) => !isNumeric(l.text)).map((l) => l.box[0]))].sort((a, b) => a - b);
  for (const x of starts) {
    const cut = last.filter((l) => l.box[0] >= x - JUSTIFIED_EDGE * size);
    // A line right under (or over) the run that runs across x (its caption, the column's prose),
    // where the cells from x on reach the run's last (or first) row, shows one page column
    // holding the whole table: none starts at x.
    // (A cell of the last row reaches it, though another cell's wrapped lines run on below.)
    const reachesBottom = cut.some((l) => l.box[3] >= y1 - size || run[run.length - 1]!.includes(l));
    const reachesTop = cut.some((l) => l.box[1] <= y0 + size);
    const across = (l: TextLine) => !own.has(l) && l.box[0] < x - SPANS_PAST * size && l.box[2] > x + SPANS_PAST * size;
    if (lines.some((l) => across(l) && ((reachesBottom && nearBelow(l)) || (reachesTop && nearAbove(l))))) continue;
    const words = cut.filter((l) => !isNumeric(l.text));
    if (words.length < TEXT_COLUMN_WORDS * cut.length) continue;
    // Lines of words starting there (its lines are short in a narrow column, list items cut at
    // their word gaps, so no length tells them from cells).
    const column = lines.filter((l) => Math.abs(l.box[0] - x) <= JUSTIFIED_EDGE * size && !isNumeric(l.text));
    if (column.length < MARGIN_LINES) continue;
    // It runs on past the run (a line right above or below it), or holds prose beside its rows…
    const runsOn = column.some((l) => !own.has(l) && (near(l) || (l.box[1] < y1 && l.box[3] > y0 && !isCellLike(l))));
    // …or its cells are a list's items, each a marker and words (a page column's numbered list; a
    // table's last column holds values or labels, not items).
    const items = words.filter((l) => LIST_ITEM.test(l.text)).length;
    if (runsOn || (items >= 2 && items >= TEXT_COLUMN_WORDS * words.length)) return { side: 'after', x };
  }
  return undefined;
}

/**
 * Where the previous page column ends when a run in the right column took its lines as its first
 * column (its prose beside the rows, a list's items): the column's cells are mostly words, and
 * the text column holds running text beside the run's rows that is not the run's, starting where
 * those cells start (a table's own label column has nothing but its labels there; text above and
 * below a table starts where its labels do, so only the rows' height tells).
 */
function pageColumnBefore(run: TextLine[][], edges: readonly number[], lines: readonly TextLine[], size: number): PageColumn | undefined {
  const cols = edges.length - 1;
  if (cols < 3) return undefined;
  const own = new Set(run.flat());
  const first = run.flat().filter((l) => columnIndex(edges, (l.box[0] + l.box[2]) / 2) === 0);
  if (!first.length || first.filter((l) => !isNumeric(l.text)).length < TEXT_COLUMN_WORDS * first.length) return undefined;
  const starts = first.map((l) => l.box[0]);
  const y0 = Math.min(...run.flat().map((l) => l.box[1]));
  const y1 = Math.max(...run.flat().map((l) => l.box[3]));
  const x = Math.max(...first.map((l) => l.box[2]));
  const x0 = Math.min(...starts);
  // A page column is about as wide as the table beside it; a label column is narrower than its values.
  const wide = x - x0 >= COLUMN_WIDTH * (Math.max(...run.flat().map((l) => l.box[2])) - x);
  if (!wide) return undefined;
  // And the column runs on past the run, its lines set full width (a table's own long labels,
  // wrapped, end where the longest ends, and the text around the table does not).
  const near = (l: TextLine) => rightAbove(l, y0, size) || rightBelow(l, y1, size);
  const runsOn = lines.some((l) => !own.has(l) && near(l) && Math.abs(l.box[2] - x) <= JUSTIFIED_EDGE * size && starts.some((s) => Math.abs(l.box[0] - s) <= JUSTIFIED_EDGE * size));
  if (!runsOn) return undefined;
  // Text of the column between the rows: lines of words at its margin that are not the run's,
  // running text or as wide as the column (a justified column's lines, short in a narrow column).
  const between = lines.filter((l) => !own.has(l) && !isNumeric(l.text) && l.box[1] < y1 && l.box[3] > y0 && l.box[2] <= x + SLACK * size && starts.some((s) => Math.abs(l.box[0] - s) <= JUSTIFIED_EDGE * size));
  const prose = between.filter((l) => !isCellLike(l)).length;
  const full = between.filter((l) => l.box[2] - l.box[0] >= FULL_WIDTH * (x - x0)).length;
  return prose > 0 || full >= MARGIN_LINES ? { side: 'before', x } : undefined;
}

/** Whether a line ends above y, less than GUTTER_REACH ems over it: the page's text right above a run. */
function rightAbove(l: TextLine, y: number, size: number): boolean {
  return l.box[3] <= y && y - l.box[3] < GUTTER_REACH * size;
}

/** Whether a line starts below y, less than GUTTER_REACH ems under it: the page's text right below a run. */
function rightBelow(l: TextLine, y: number, size: number): boolean {
  return l.box[1] >= y && l.box[1] - y < GUTTER_REACH * size;
}

/** A page column taken as a run's first column is at least this share of the rest of the run's width. */
const COLUMN_WIDTH = 0.5;
/** A line this share of a column's width or wider is one of its full lines (a justified column's). */
const FULL_WIDTH = 0.8;

/** A page column's text taken into a run: on which side, and where the run goes on without it. */
interface PageColumn {
  side: 'before' | 'after';
  x: number;
}

/** A list item's line: its marker (a number or letter with its stop or bracket, or a bullet), then words. */
const LIST_ITEM = /^(\(?(\d{1,3}|[a-zA-Z])[.)]|[•◦▪‣●○■□])\s+\p{L}/u;
/** Share of a page column's lines beside a run, taken as its last column, that are words (not numbers). */
const TEXT_COLUMN_WORDS = 0.5;

/** A wrapped cell's next baseline stands this many ems under its line at most (leading is 1.1–1.5 em). */
const CELL_LINE_PITCH = 1.5;

/**
 * The bottom of a run's region with the lines that carry its last row's cells on below it: right
 * under a line of the region (to CELL_LINE_PITCH), flush with it, going on from it (goesOnFrom: a
 * row label wrapped past its row's values, "chromatography correlated" / "with").
 */
function lastCellsRunOn(box: Box, lines: readonly TextLine[], size: number): number {
  let bottom = box[3];
  for (;;) {
    // The lines of the last row (a descender takes one's bottom lower than another's).
    const last = lines.filter((l) => Math.abs(l.box[3] - bottom) < WRAPPED_LINE_GAP * size && l.box[0] >= box[0] - TOUCH * size && l.box[2] <= box[2] + TOUCH * size);
    // (Baseline to baseline: a line without descenders ends higher than one with them. A cell's
    // next line is set in the cells' type size; the next page column's prose often is not.)
    const continues = (l: TextLine, a: TextLine) => Math.abs(a.box[0] - l.box[0]) <= JUSTIFIED_EDGE * size && l.baseline - a.baseline <= CELL_LINE_PITCH * size && inCellSize(l, size) && goesOnFrom(a.text, l.text);
    const next = lines.find((l) => l.box[1] > bottom - TOUCH * size && isCellLike(l) && last.some((a) => continues(l, a)));
    if (!next) return bottom;
    bottom = next.box[3];
  }
}

/**
 * Column edges moved right to let in the region's long lines that start in a column and end in
 * the white before the next column's text (an invoice item's description too long to be a cell
 * of the run, whose columns the short descriptions placed): each such edge goes between the
 * longest of them and the next column. A line reaching into the next column's text still spans.
 */
function makeRoomForLongCells(edges: number[], members: readonly TextLine[], size: number): void {
  for (let k = 1; k < edges.length - 1; k++) {
    const next = Math.min(...members.filter((l) => l.box[0] >= edges[k]!).map((l) => l.box[0]));
    if (!Number.isFinite(next)) continue;
    const ends = members.filter((l) => l.box[0] < edges[k]! && l.box[0] >= edges[k - 1]! - size && l.box[2] > edges[k]!).map((l) => l.box[2]);
    if (!ends.length) continue;
    const end = Math.max(...ends);
    if (next - end >= LONG_CELL_GAP * size) edges[k] = (end + next) / 2;
  }
}

/**
 * The lines left of a run (or in its first column, up to `zoneRight`) that label its rows
 * without sharing their baselines: a first column
 * of wrapped labels set centred or at the foot of their rows, so that no row reads as two
 * cells. Short lines within the run's height (a wrapped label may end below its last row), and
 * no text running on above and below them: the lines of a page column beside the table.
 */
function rowLabels(box: Box, zoneRight: number, lines: readonly TextLine[], run: Set<TextLine>, size: number): TextLine[] {
  const inZone = (l: TextLine) => {
    const cy = (l.box[1] + l.box[3]) / 2;
    return cy >= box[1] - TOUCH * size && cy <= box[3] + LABEL_BELOW * size;
  };
  // A table's labels are set in its cells' size; text of another size left of it is the page's
  // (a page column's prose and headings beside a table in smaller print). OCR's sizes are estimates.
  const cellSize = median([...run].map((l) => l.fontSize)) || size;
  const ofCellSize = (l: TextLine) => inCellSize(l, cellSize);
  const beyond = proseBeyondGutter(lines.filter((l) => !run.has(l) && l.box[2] <= zoneRight + TOUCH * size && inZone(l)), size);
  const left = lines.filter((l) => !run.has(l) && l.box[2] <= zoneRight + TOUCH * size && l.box[2] > beyond && ofCellSize(l));
  // A row's label faces its row: text of the page standing between them on its height (a page
  // column's prose in larger print, beside a figure's caption two columns off) parts them.
  const facing = left.filter(inZone);
  const between = (l: TextLine) => lines.some((o) => !run.has(o) && !facing.includes(o) && o.box[0] >= l.box[2] - TOUCH * size && o.box[2] <= zoneRight + TOUCH * size && o.box[1] < l.box[3] && o.box[3] > l.box[1]);
  // The page's prose right above or below a run, starting at its left edge or left of it, with a
  // gutter left of it that no line there crosses: left of the gutter is the other page column,
  // whose lines level with the rows (a figure's caption, an abstract's first line) are no labels.
  const near = (o: TextLine) => !run.has(o) && (rightAbove(o, box[1], size) || rightBelow(o, box[3], size));
  const around = zoneRight === box[0] ? lines.filter(near) : [];
  const margin = Math.min(...around.filter((o) => !isCellLike(o) && o.box[0] <= box[0] + TOUCH * size && o.box[2] > box[0]).map((o) => o.box[0]));
  const gutterLeft = !Number.isFinite(margin) || around.some((o) => o.box[0] < margin - GUTTER * size && o.box[2] > margin) ? -Infinity : margin - GUTTER * size;
  const labels = facing.filter((l) => !between(l) && l.box[2] > gutterLeft);
  // A label run out with leader dots to the table is one, however long.
  const ledOut = (l: TextLine) => TRAILING_LEADERS.test(l.text) && zoneRight - l.box[2] < LEADER_REACH * size;
  // Labels run out with leaders to the table are its rows' labels, whatever stands around them
  // (the first lines of a wrapped label, its leaders on its last, are as long as the column).
  if (labels.length >= 2 && labels.filter(ledOut).length >= 0.5 * labels.length) return labels;
  // A long label wraps: its first line, as long as the label column, has the rest of the label
  // right under it, flush with it (labels of some rows only; most are short).
  const wraps = (l: TextLine) => labels.some((n) => n !== l && n.box[1] >= l.box[3] - TOUCH * size && n.box[1] - l.box[3] <= WRAPPED_LINE_GAP * size && Math.abs(n.box[0] - l.box[0]) <= JUSTIFIED_EDGE * size);
  const long = labels.filter((l) => !isCellLike(l) && !ledOut(l));
  if (labels.length < 2 || long.length > 0.5 * labels.length || !long.every(wraps)) return [];
  const x0 = Math.min(...labels.map((l) => l.box[0]));
  const x1 = Math.max(...labels.map((l) => l.box[2]));
  // The last label wrapped on past the zone runs on line after line under it: those lines are
  // its own, not a page column below (a narrow p-column's label of five lines).
  let bottom = Math.max(...labels.map((l) => l.box[3]));
  for (const l of left.filter((l) => !labels.includes(l) && l.box[1] >= bottom && l.box[2] > x0 && l.box[0] < x1).sort((a, b) => a.box[1] - b.box[1])) {
    if (l.box[1] - bottom > WRAPPED_LINE_GAP * size || !isCellLike(l)) break;
    labels.push(l);
    bottom = l.box[3];
  }
  // A page column runs on both above and below (a caption's short last line stands above only).
  const beside = (l: TextLine) => !labels.includes(l) && l.box[2] > x0 && l.box[0] < x1;
  const above = left.some((l) => beside(l) && l.box[3] < box[1] && l.box[3] >= box[1] - GUTTER_REACH * size);
  const below = left.some((l) => beside(l) && l.box[1] > box[3] && l.box[1] <= box[3] + GUTTER_REACH * size);
  // A justified page column runs on above them as well, its lines as wide as theirs (the labels
  // ran on to its last line): a table's wrapped labels end ragged.
  const full = (l: TextLine) => l.box[0] - x0 <= JUSTIFIED_EDGE * size && x1 - l.box[2] <= JUSTIFIED_EDGE * size;
  const justifiedAbove = isJustifiedColumn(labels, size) && left.some((l) => beside(l) && full(l) && l.box[3] < box[1] && l.box[3] >= box[1] - GUTTER_REACH * size);
  return (above && below) || justifiedAbove ? [] : labels;
}

/**
 * Where the lines left of a run in a page's right column stop being its labels: the right edge
 * of the prose column across the page gutter from them (the lines nearest the run, then a strip
 * at least a gutter wide that none of them crosses, then running text beyond it). A table in the
 * right column of a two-column page had its labels judged with the left column's prose beside
 * them, and lost them. -Infinity when no prose stands beyond a gutter (labels in two columns of
 * their own stay together).
 */
function proseBeyondGutter(candidates: readonly TextLine[], size: number): number {
  const byRight = [...candidates].sort((a, b) => b.box[2] - a.box[2]);
  let reach = Infinity;
  for (let i = 0; i < byRight.length; i++) {
    const l = byRight[i]!;
    if (i > 0 && reach - l.box[2] >= GUTTER * size) {
      const far = byRight.slice(i);
      return far.some((f) => !isCellLike(f)) || isJustifiedColumn(far, size) ? l.box[2] + TOUCH * size : -Infinity;
    }
    reach = Math.min(reach, l.box[0]);
  }
  return -Infinity;
}

/** Two page columns of prose or more in a table's region, holding this share of its lines or more, are running text (a table over two columns' first lines is still a table). */
const PROSE_COLUMNS = 2;
const PROSE_SHARE = 0.5;
/** A column of prose has this many lines of running text at least… */
const PROSE_COLUMN_LINES = 5;
/** …each of this many words or more when justified (a wrapped cell's lines in a justified column are fewer)… */
const PROSE_LINE_WORDS = 3;
/** …or, set ragged right, this share of its lines of two words or more going on with a sentence… */
const PROSE_RUN_ON = 0.6;
/** A line of prose is words more than this share of it (a word opening with a letter or a bracket), not values. */
const PROSE_WORDS_SHARE = 0.5;
const PROSE_WORD = /^[\p{L}(]/u;
/** …opening in lower case or with a bracket ("(b) the effective"). */
const RUNS_ON = /^[\p{Ll}(]/u;

/**
 * How many columns of prose the (whole, uncut) lines of a region stand in, and how many of the
 * lines are theirs. A column starts at a
 * left margin where PROSE_COLUMN_LINES lines or more start; its rows are those lines, each with
 * the lines on its baseline right of it before the next margin (a justified line's wide word
 * spaces may part it; a caption or a heading running into the next column does not join the
 * columns). A column is prose when most of its rows end at one right edge and
 * PROSE_COLUMN_LINES of those hold PROSE_LINE_WORDS words or more (justified), or when
 * PROSE_COLUMN_LINES rows of two words or more, PROSE_RUN_ON of them, run on (RUNS_ON)
 * (ragged right: a sentence running on from line to line, as a table's cells seldom do).
 */
function proseColumns(lines: readonly TextLine[]): { columns: number; lines: Set<TextLine> } {
  const size = median(lines.map((l) => l.fontSize)) || 10;
  const edge = JUSTIFIED_EDGE * size;
  const margins: number[] = [];
  const starts = lines.map((l) => l.box[0]).sort((a, b) => a - b);
  for (let i = 0; i < starts.length; ) {
    let j = i;
    while (j < starts.length && starts[j]! - starts[i]! <= edge) j++;
    if (j - i >= PROSE_COLUMN_LINES) margins.push(starts[i]!);
    i = j;
  }
  let columns = 0;
  const inProse = new Set<TextLine>();
  margins.forEach((m, k) => {
    const next = margins[k + 1] ?? Infinity;
    // A row starts its line: no text ends right before it on its baseline, closer than a page gutter (a line cut at a word space goes on).
    const startsLine = (h: TextLine) => !lines.some((l) => l !== h && Math.abs(l.baseline - h.baseline) <= SAME_ROW * size && l.box[2] <= h.box[0] + edge && h.box[0] - l.box[2] < GUTTER * size);
    const rows = lines
      .filter((h) => h.box[0] >= m - edge && h.box[0] - m <= edge && startsLine(h))
      .map((h) => {
        const row = [h, ...lines.filter((l) => l !== h && Math.abs(l.baseline - h.baseline) <= SAME_ROW * size && l.box[0] >= h.box[2] && l.box[0] < next - edge)];
        const text = row.sort((a, b) => a.box[0] - b.box[0]).map((l) => l.text.trim()).join(' ');
        const words = text.split(/\s+/);
        // Words, not values: a table's row read from a column of numbers on is no line of prose.
        const prose = words.filter((w) => PROSE_WORD.test(w)).length > PROSE_WORDS_SHARE * words.length;
        return { right: Math.max(...row.map((l) => l.box[2])), words: prose ? words.length : 0, text, row };
      });
    const wordy = rows.filter((r) => r.words >= 2);
    const right = median(rows.filter((r) => r.words >= PROSE_LINE_WORDS).map((r) => r.right));
    const full = rows.filter((r) => r.words >= PROSE_LINE_WORDS && Math.abs(r.right - right) <= edge).length;
    const runOn = wordy.filter((r) => RUNS_ON.test(r.text)).length;
    if ((full >= PROSE_COLUMN_LINES && full >= 0.5 * rows.length) || (runOn >= PROSE_COLUMN_LINES && runOn >= PROSE_RUN_ON * wordy.length)) {
      columns++;
      for (const r of rows) for (const l of r.row) inProse.add(l);
    }
  });
  return { columns, lines: inProse };
}

/**
 * A run's parts between the rows of the page's columns of prose it ran through (two pieces or
 * more, each of a prose column's line, none a value), each of two rows or more; a part's first
 * and last rows of one piece of prose (a paragraph's last line) are left out too. A wrapped row
 * label's lines are one piece each: they stay with their table. Nothing when no row is prose.
 */
function apartFromProse(run: TextLine[][], inProse: (l: TextLine) => boolean): TextLine[][][] {
  const isValue = (l: TextLine) => VALUE_CELL.test(l.text.trim());
  const prose = (row: TextLine[]) => row.every((l) => inProse(l) && !isValue(l));
  if (!run.some((row) => row.length >= 2 && prose(row))) return [];
  const parts: TextLine[][][] = [[]];
  for (const row of run) {
    if (row.length >= 2 && prose(row)) parts.push([]);
    else parts[parts.length - 1]!.push(row);
  }
  return parts
    .map((part) => {
      let [from, to] = [0, part.length];
      while (from < to && part[from]!.length === 1 && prose(part[from]!)) from++;
      while (to > from && part[to - 1]!.length === 1 && prose(part[to - 1]!)) to--;
      return part.slice(from, to);
    })
    .filter((part) => part.length >= 2);
}

/** A justified line's edges lie this many ems from its column's (a line's ink ends short by a glyph's side bearing). */
const JUSTIFIED_EDGE = 0.2;

/**
 * Lines of a justified page column, however narrow (its lines short enough to be cells): three
 * or more, and most of them, reach both of the column's edges.
 */
function isJustifiedColumn(lines: readonly TextLine[], size: number): boolean {
  const x0 = Math.min(...lines.map((l) => l.box[0]));
  const x1 = Math.max(...lines.map((l) => l.box[2]));
  const full = lines.filter((l) => l.box[0] - x0 <= JUSTIFIED_EDGE * size && x1 - l.box[2] <= JUSTIFIED_EDGE * size).length;
  return full >= 3 && full >= 0.5 * lines.length;
}

/** A section's number before its title in a table of contents ("3", "3.1", "A.2", "IV"). */
const SECTION_NUMBER = /^(\d{1,3}(\.\d{1,3})*|[A-Z](\.\d{1,3})*|[IVXL]{1,6})\.?(\s|$)/;
/** Share of a contents' rows whose titles are numbered. */
const NUMBERED_TITLES = 0.8;

/** A list item's marker: a number or letter with its stop or bracket, or a bullet. */
const LIST_MARKER = /^(\(?(\d{1,3}(\.\d{1,3})*|[a-zA-Z]|[ivxlcIVXLC]{1,6})[.)]|[•◦▪‣·●○■□–—-])$/u;

/** A list, its markers set apart from the items' text: every first cell is a list marker. */
function isList(run: TextLine[][], edges: number[]): boolean {
  const firsts = run.flat().filter((l) => columnIndex(edges, (l.box[0] + l.box[2]) / 2) === 0);
  return firsts.length >= 2 && firsts.every((l) => LIST_MARKER.test(l.text.trim()));
}

/**
 * A table of contents: titles run out with leader dots to a last column of page numbers that
 * never decrease. Leader tables of values hold other numbers.
 */
function isContents(run: TextLine[][], edges: number[], lines: readonly TextLine[]): boolean {
  const last = edges.length - 2;
  const pages: number[] = [];
  let leaders = 0;
  let numbered = 0;
  for (const row of run) {
    const cells = [...row].sort((a, b) => a.box[0] - b.box[0]);
    const page = cells[cells.length - 1]!;
    if (columnIndex(edges, (page.box[0] + page.box[2]) / 2) !== last || cells.length < 2) continue;
    if (!/^\d{1,4}$/.test(page.text.trim())) return false;
    pages.push(Number(page.text.trim()));
    // The title may be too long to be a cell: any line on the page number's baseline.
    const title = lines.filter((l) => l !== page && Math.abs(l.baseline - page.baseline) <= SAME_ROW * page.fontSize).sort((a, b) => a.box[0] - b.box[0]);
    if (title.some((l) => TRAILING_LEADERS.test(l.text))) leaders++;
    if (title.length && SECTION_NUMBER.test(title[0]!.text)) numbered++;
  }
  if (pages.length < 2 || !pages.every((p, i) => i === 0 || p >= pages[i - 1]!)) return false;
  // A book's contents run its chapters' titles out to their page numbers without leaders, its
  // sections' with them: numbered titles, some with leaders, are contents too; so are numbered
  // titles without leaders under a "Contents" heading (a report's chapters only).
  return leaders >= pages.length / 2 || (numbered >= NUMBERED_TITLES * pages.length && (leaders > 0 || underContentsHeading(extend(null, run.flat()), lines)));
}

/** Rows of a price list under its header: this many at least. */
const PRICED_ROWS = 4;

/**
 * Rows of a price list: words on the left (no figures), amounts on the right ending flush on one
 * edge, one of each per row, PRICED_ROWS rows or more. A chart's axes hold figures on both sides.
 */
function pricedItems(values: readonly TextLine[], colOf: (l: TextLine) => number, size: number): boolean {
  const items = values.filter((l) => colOf(l) === 0);
  const amounts = values.filter((l) => colOf(l) === 1);
  if (amounts.length < PRICED_ROWS || items.length !== amounts.length) return false;
  const right = median(amounts.map((l) => l.box[2]));
  return items.every((l) => !isNumeric(l.text)) && amounts.every((l) => isNumeric(l.text) && Math.abs(l.box[2] - right) <= ALIGNED_END * size);
}

/**
 * Whether fragments in columns look like data rather than text: numeric columns, or at least
 * three columns of short fragments, or columns of words under (or over) their table's caption.
 */
function looksTabular(fragments: TextLine[], edges: number[], ruled: boolean, rows: number, labelled = false, values: TextLine[] = fragments, captioned = false): boolean {
  const cols = edges.length - 1;
  const colOf = (l: TextLine) => columnIndex(edges, (l.box[0] + l.box[2]) / 2);
  const numeric = values.filter((l) => isNumeric(l.text)).length / values.length;
  // A label's length without the leader dots that run it out to its values.
  const length = (l: TextLine) => l.text.replace(TRAILING_LEADERS, '').length;
  const meanLength = fragments.reduce((s, l) => s + length(l), 0) / fragments.length;
  // Columns of running text (two-column pages, side-by-side paragraphs) are long and wordy.
  const byCol = new Map<number, TextLine[]>();
  for (const l of fragments) byCol.set(colOf(l), [...(byCol.get(colOf(l)) ?? []), l]);
  const wordyCols = [...byCol.values()].filter((cells) => median(cells.map(length)) > WORDY_COLUMN_CHARS);
  // Under or over a table's caption, columns of words set ragged right are a table's cells
  // wrapped in their columns (LaTeX's p{} columns), when most of their rows, three or more, start
  // a phrase (a capital: a cell's first line); justified ones, or ones going on in lower case line
  // after line, are prose (a web page's columns are ragged right too).
  const size = median(fragments.map((l) => l.fontSize)) || 10;
  const startsPhrases = (cells: TextLine[]) => cells.length >= CAPTIONED_ROWS && cells.filter((l) => !LOWER_START.test(l.text.trim())).length >= CELL_STARTS * cells.length;
  const cellsOfWords = captioned && wordyCols.every((cells) => !isJustifiedColumn(cells, size) && startsPhrases(cells));
  if (wordyCols.length >= 2 && !cellsOfWords) return false;
  // Two columns far apart are a chart's two axes or a page's margins, not a table; unless they
  // are a price list's under its header (an invoice's items and their costs).
  if (cols === 2 && !labelled && widestGap(fragments, edges) > 0.5 * (edges[2]! - edges[0]!) && !(values !== fragments && pricedItems(values, colOf, size))) return false;
  if (numeric >= 0.3) return true;
  if (captioned && rows >= CAPTIONED_ROWS) return true;
  if (ruled) return meanLength <= 30;
  // Three or more columns of short words: a table when numbers or many rows confirm it.
  return cols >= 3 && meanLength <= 20 && (numeric >= 0.1 || rows >= 5);
}

/**
 * The run's first row heads every column with a short heading and one of the rules across the run
 * (`across`) runs under it: a table's header ruled off from its rows. Like a caption, it confirms
 * columns of words (a table of sentences continued on the next page under its repeated header,
 * its caption left on the page before).
 */
function headingsRuledOff(run: TextLine[][], edges: number[], across: readonly HRule[], size: number): boolean {
  const [head, next] = run;
  if (!head || !next || !headsEveryColumn(run, edges)) return false;
  const bottom = Math.max(...head.map((l) => l.box[3]));
  const top = Math.min(...next.map((l) => l.box[1]));
  return across.some((r) => r.y >= bottom - TOUCH * size && r.y <= top + TOUCH * size);
}

/** A run's first row: a heading over every column, each a few words, none ending as a sentence or a label does. */
function headsEveryColumn(run: TextLine[][], edges: number[]): boolean {
  const head = run[0]!;
  const headed = new Set(head.map((l) => columnIndex(edges, (l.box[0] + l.box[2]) / 2)));
  return headed.size === edges.length - 1 && head.every((l) => l.text.trim().split(/\s+/).length <= MAX_HEADING_WORDS && !/[.:;]$/.test(l.text.trim()));
}

/**
 * Headings set in bold over every column, the cells under them in regular weight (their rows'
 * labels aside): a table's header, as a rule under it would be (headingsRuledOff). Two page
 * columns' headings side by side head prose: their columns are justified, or go on in lower case.
 */
function headingsSetBold(run: TextLine[][], edges: number[]): boolean {
  if (run.length < 2 || !headsEveryColumn(run, edges) || !run[0]!.every((l) => l.bold)) return false;
  return run.slice(1).every((row) => row.every((l) => !l.bold || columnIndex(edges, (l.box[0] + l.box[2]) / 2) === 0));
}

/** A column's heading is a few words (a longer line is the first row of cells). */
const MAX_HEADING_WORDS = 4;

/** Share of a column's rows that start a phrase (not in lower case) when its words are cells. */
const CELL_STARTS = 0.5;
/** A captioned run of words is a table from this many rows (a header and two entries). */
const CAPTIONED_ROWS = 3;

/** The widest empty width between one column's text and the next (spanning text ignored). */
function widestGap(fragments: TextLine[], edges: number[]): number {
  const left = new Map<number, number>();
  const right = new Map<number, number>();
  for (const l of fragments) {
    const c = columnIndex(edges, l.box[0] + TOUCH * l.fontSize);
    if (c !== columnIndex(edges, l.box[2] - TOUCH * l.fontSize)) continue;
    left.set(c, Math.min(left.get(c) ?? Infinity, l.box[0]));
    right.set(c, Math.max(right.get(c) ?? -Infinity, l.box[2]));
  }
  let widest = 0;
  for (const [c, r] of right) {
    const next = left.get(c + 1);
    if (next !== undefined) widest = Math.max(widest, next - r);
  }
  return widest;
}

/**
 * A header cell with a rule right below it that reaches over several columns (a spanner rule,
 * as booktabs' \cmidrule draws) spans those columns, when no other cell of its row stands
 * over the rule.
 */
function spanOverRules(table: Table, edges: number[], rules: readonly HRule[], size: number): void {
  for (const cell of table.cells) {
    if (!cell.lines.length) continue;
    const bottom = Math.max(...cell.lines.map((l) => l.box[3]));
    const x0 = Math.min(...cell.lines.map((l) => l.box[0]));
    const x1 = Math.max(...cell.lines.map((l) => l.box[2]));
    const rule = rules.find((r) => r.y >= bottom - TOUCH * size && r.y - bottom < size && r.x0 <= x0 && r.x1 >= x1);
    if (!rule) continue;
    // The columns the rule covers for most of their width.
    const covered: number[] = [];
    for (let c = 0; c + 1 < edges.length; c++) {
      const overlap = Math.min(rule.x1, edges[c + 1]!) - Math.max(rule.x0, edges[c]!);
      if (overlap > 0.5 * (edges[c + 1]! - edges[c]!)) covered.push(c);
    }
    const first = covered[0];
    const last = covered[covered.length - 1];
    if (first === undefined || last === undefined || covered.length <= cell.colSpan || cell.col < first || cell.col + cell.colSpan - 1 > last) continue;
    const others = table.cells.some((o) => o !== cell && o.row === cell.row && o.col + o.colSpan - 1 >= first && o.col <= last);
    if (others) continue;
    cell.col = first;
    cell.colSpan = last - first + 1;
  }
}

/**
 * Text centred over several columns (a header over a group of columns, a section row over the
 * table's values) spans all the columns it is centred on, not only those its words reach: of
 * the column ranges around it that no other cell of its row uses, the widest whose middle is
 * its middle. A heading whose words keep to one column spans too when the row under it heads
 * every column of the range (a group's heading over its columns' headings: "Ward" centred over
 * "2021 2018 2022"); over values it stays in its column.
 */
function centreSpanningCells(table: Table, size: number): void {
  // Where each column's text starts and ends (cells of one column only).
  const left = new Array<number>(table.cols).fill(Infinity);
  const right = new Array<number>(table.cols).fill(-Infinity);
  for (const cell of table.cells) {
    if (cell.colSpan > 1) continue;
    for (const l of cell.lines) {
      left[cell.col] = Math.min(left[cell.col]!, l.box[0]);
      right[cell.col] = Math.max(right[cell.col]!, l.box[2]);
    }
  }
  // The columns the row under `row` heads: one-column cells holding a heading, no value.
  const headedUnder = (row: number) => {
    const headed = new Set<number>();
    for (const o of table.cells) if (o.row === row + 1 && o.colSpan === 1 && o.lines.length && o.lines.every((l) => !FORMATTED_VALUE.test(l.text))) headed.add(o.col);
    return headed;
  };
  for (const cell of table.cells) {
    const oneColumn = cell.colSpan < 2;
    if (!cell.lines.length || (oneColumn && cell.col < 1)) continue;
    const headed = oneColumn ? headedUnder(cell.row) : undefined;
    if (headed && !headed.has(cell.col)) continue;
    const middle = (Math.min(...cell.lines.map((l) => l.box[0])) + Math.max(...cell.lines.map((l) => l.box[2]))) / 2;
    const free = (c: number) => !table.cells.some((o) => o !== cell && o.row === cell.row && c >= o.col && c < o.col + o.colSpan) && (!headed || headed.has(c));
    let first = cell.col;
    let last = cell.col + cell.colSpan - 1;
    // The first column holds the rows' labels: a header over values does not reach into it.
    for (let a = cell.col; a >= Math.min(1, cell.col) && free(a); a--) {
      for (let b = cell.col + cell.colSpan - 1; b < table.cols && free(b); b++) {
        if (b - a > last - first && Math.abs((left[a]! + right[b]!) / 2 - middle) <= GROUP_HEADING_CENTRED * size) [first, last] = [a, b];
      }
    }
    cell.col = first;
    cell.colSpan = last - first + 1;
  }
}

/** A year, as a column's header ("2021"). */
const YEAR = /^(1[89]|20)\d\d$/;

/**
 * The label of the first column in a header of several rows, written over several of them
 * ("Age" / "group" / "(yrs)" beside two rows of column headers) or on one of them alone (the
 * first column's cell under it left empty), is one cell spanning the header's rows; rows that
 * held only a piece of it go. The header: the rows above the first
 * with a number right of the first column (but for numbers as column headers), down to the last with text right of it.
 */
function joinStackedHeaderLabel(table: Table): void {
  // Column headers that are numbers (years under a group's header over them) leave the first
  // column empty, or beside the label set between the header's rows (\multirow), years all.
  const spanned = (r: number) => table.cells.some((c) => c.row === r - 1 && c.col > 0 && c.colSpan > 1);
  const years = (r: number) => table.cells.filter((c) => c.row === r && c.col > 0).every((c) => c.lines.every((l) => YEAR.test(l.text.trim())));
  const columnHeaders = (r: number) => spanned(r) && (!table.cells.some((c) => c.row === r && c.col === 0) || years(r));
  const firstData = table.cells.filter((c) => c.col > 0 && c.lines.some((l) => isNumeric(l.text)) && !columnHeaders(c.row)).reduce((m, c) => Math.min(m, c.row), Infinity);
  // The header ends with its last row of column headers (a section row may follow it).
  const dataRow = 1 + table.cells.filter((c) => c.col > 0 && c.row < firstData).reduce((m, c) => Math.max(m, c.row), -1);
  if (dataRow < 2 || firstData === Infinity) return;
  const pieces = table.cells.filter((c) => c.row < dataRow && c.col === 0);
  if (!pieces.length || pieces.some((c) => c.colSpan > 1)) return;
  // The label's lines stand closer than the rows under it (baseline to baseline), as a wrapped
  // cell's do; set as far apart as the rows, they are rows of their own (a key–value table whose first values are
  // words: "Contact  Aisha Martins").
  const lines = pieces.flatMap((c) => c.lines).sort((a, b) => a.baseline - b.baseline);
  const next = Math.min(...table.cells.filter((c) => c.row === dataRow).flatMap((c) => c.lines.map((l) => l.baseline)));
  const rowPitch = next - lines[lines.length - 1]!.baseline;
  const size = median(lines.map((l) => l.fontSize)) || 10;
  if (lines.some((l, i) => i > 0 && l.baseline - lines[i - 1]!.baseline > rowPitch - ALIGNED_END * size)) return;
  const label: Cell = { row: 0, col: 0, rowSpan: dataRow, colSpan: 1, lines: pieces.flatMap((c) => c.lines) };
  const cells = [label, ...table.cells.filter((c) => !pieces.includes(c))];
  // Header rows with nothing but the label's pieces go.
  const kept = Array.from({ length: table.rows }, (_, r) => r >= dataRow || r === 0 || cells.some((c) => c !== label && c.row === r));
  const newIndex = kept.map((_, r) => kept.slice(0, r).filter(Boolean).length);
  for (const c of cells) c.row = newIndex[c.row]!;
  label.rowSpan = newIndex[dataRow]!;
  table.cells = cells;
  table.rows = kept.filter(Boolean).length;
}

/**
 * Row labels set off their rows' baselines join the rows they label: each label line the row
 * right above it (labels set at the foot of their rows) or right below it (at their head),
 * whichever side labels more of the rows.
 */
function labelRows(rows: TextLine[][], labels: readonly TextLine[]): void {
  if (!labels.length || !rows.length) return;
  const baseline = (row: TextLine[]) => Math.min(...row.map((l) => l.baseline));
  const tops = rows.map(baseline);
  const above = (l: TextLine) => tops.reduce((best, b, i) => (b <= l.baseline ? i : best), 0);
  const below = (l: TextLine) => {
    const i = tops.findIndex((b) => b >= l.baseline);
    return i < 0 ? rows.length - 1 : i;
  };
  const labelled = (pick: (l: TextLine) => number) => new Set(labels.map(pick)).size;
  const pick = labelled(above) >= labelled(below) ? above : below;
  for (const l of labels) rows[pick(l)]!.push(l);
}

/** Cells of a table with known column edges: one per fragment group in a row and column. */
function gridTable(lines: TextLine[], edges: number[], box: Box, size: number, labels: readonly TextLine[] = []): Table {
  const cols = edges.length - 1;
  const startCol = (l: TextLine) => columnIndex(edges, l.box[0] + TOUCH * size);
  const colRight = new Array<number>(cols).fill(-Infinity);
  // A column's right edge from its own cells: a header spanning columns to its right (started in it) is not one.
  const within = (l: TextLine) => columnIndex(edges, l.box[2] - TOUCH * size) === startCol(l);
  for (const l of lines) if (within(l)) colRight[startCol(l)] = Math.max(colRight[startCol(l)]!, l.box[2]);
  // A header set flush right over its column's values starts in the white before them, right of
  // where the column to its left ends: it is the next column's ("Sterile" over "8.77").
  const inWhiteBefore = (l: TextLine) => {
    const c = startCol(l);
    return c + 1 < cols && colRight[c]! > -Infinity && l.box[0] > colRight[c]! + TOUCH * size && columnIndex(edges, l.box[2] - TOUCH * size) > c;
  };
  const colOf = (l: TextLine) => startCol(l) + (inWhiteBefore(l) ? 1 : 0);
  for (const l of lines) if (colRight[colOf(l)] === -Infinity) colRight[colOf(l)] = l.box[2];
  const isLabel = new Set(labels);
  // Where each column's room ends: the next column's leftmost text (the last column's: none to tell).
  const colRoom = colRight.map((_, c) => Math.min(Infinity, ...lines.filter((l) => colOf(l) > c).map((l) => l.box[0]))).map((x) => (Number.isFinite(x) ? x : -Infinity));
  const rows = textRows(lines.filter((l) => !isLabel.has(l)), colOf, colRight, false, !labels.length, colRoom);
  labelRows(rows, labels);
  const cells: Cell[] = [];
  rows.forEach((rowLines, row) => {
    const byCol = new Map<number, TextLine[]>();
    for (const l of rowLines) byCol.set(colOf(l), [...(byCol.get(colOf(l)) ?? []), l]);
    let nextFree = 0;
    for (const col of [...byCol.keys()].sort((a, b) => a - b)) {
      if (col < nextFree) {
        // Inside a spanning cell to its left: join it.
        cells[cells.length - 1]!.lines.push(...byCol.get(col)!);
        continue;
      }
      const own = byCol.get(col)!;
      const last = columnIndex(edges, Math.max(...own.map((l) => l.box[2])) - TOUCH * size);
      const colSpan = Math.max(1, last - col + 1);
      cells.push({ row, col, rowSpan: 1, colSpan, lines: own });
      nextFree = col + colSpan;
    }
  });
  return { box, rows: rows.length, cols, cells };
}
