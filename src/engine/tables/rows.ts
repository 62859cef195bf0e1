// Text rows of a table region: lines on one baseline form a row; lines that continue wrapped
// cells above them (the cell's text ran to the column's edge) stay in those cells' row;
// lines set half a line from a row label (a cell of two lines centred on a one-line label)
// join the label's row.
import type { TextLine } from '../model/document.js';
import { goesOnFrom, LOWER_START } from '../model/text.js';
import { firstWordWidth, NEXT_LINE_PITCH } from '../model/typography.js';
import { endsInBrokenWord } from './fragments.js';

/** Baselines closer than this many ems are one row (sub- and superscripts shift by ~0.3 em). */
const SAME_BASELINE = 0.4;
/** A line this many row pitches or less from a row label joins the label's row. */
const LABEL_REACH = 0.75;
/** A wrapped cell's text runs to within this many ems of its column's right edge. */
const WRAP_MARGIN = 2.5;
/** Lines of a cell set flush right end within this many ems of each other. */
const SAME_END = 0.1;
/** Lines of a centred cell share their centre to this many ems. */
const SAME_CENTRE = 0.3;
/** A line starting this many ems left of the cell above is a new (section) row. */
const OUTDENT = 0.5;

/**
 * Splits lines into table rows, top to bottom. `colOf` gives a line's column (`labelCol` holds
 * the row labels); `colRight` the right edge of each column's text, to recognise a wrapped cell. With
 * `labelled` (the lines between two rules of a ruled table), only a row label starts a row:
 * the lines beside a label belong to its row, and a band without labels (a header) is one row.
 * Without `anchored` (the row labels are set off the rows and placed afterwards), every
 * baseline group is a row. `colRoom`: where each column's room ends (the next column's text, for
 * a table without rules between its columns), to tell a wrapped cell from a row under it.
 * `labelCol`: the column of the row labels (the last in a right-to-left table).
 */
export function textRows(lines: readonly TextLine[], colOf: (line: TextLine) => number, colRight: number[], labelled = false, anchored = true, colRoom?: number[], labelCol = 0): TextLine[][] {
  // Baseline groups, wrapped cells joined to the group they continue.
  const groups: TextLine[][] = [];
  for (const group of baselineGroups(lines)) {
    const previous = groups[groups.length - 1];
    if (previous && (continuesCells(previous, group, colOf, colRight, colRoom, labelCol) || labelWrapsOn(previous, group, colOf, colRight, colRoom, labelCol, labelled) || (groups.length === 1 && bottomOfHeader(previous, group, colOf, colRight, colRoom, labelCol)))) previous.push(...group);
    else groups.push([...group]);
  }
  joinCentredOnWrappedLabel(groups, colOf, labelCol);
  const anchors = anchored ? groups.filter((g) => g.some((l) => colOf(l) === labelCol)) : [];
  if (!anchors.length) return labelled ? [groups.flat()] : groups;
  // The rows' pitch from the groups holding values: labels set between two rows (\multirow) stand
  // half a pitch from each, and would halve it.
  const withValues = groups.filter((g) => g.some((l) => colOf(l) !== labelCol));
  const pitch = medianPitch(withValues.length >= 2 ? withValues : groups);
  const rows = new Map<TextLine[], TextLine[]>(anchors.map((a) => [a, [...a]]));
  const out: TextLine[][] = [...rows.values()];
  for (const group of groups) {
    if (rows.has(group)) continue;
    const base = group[0]!.baseline;
    const distance = (a: TextLine[]) => Math.max(0, a[0]!.baseline - base, base - a[a.length - 1]!.baseline);
    // The nearest label; the one above it on a tie.
    const nearest = anchors.reduce((best, a) => (distance(a) < distance(best) ? a : best));
    const joined = rows.get(nearest)!;
    const taken = joined.filter((l) => !nearest.includes(l));
    // Group headings on the first label's line over the columns they span, on the next line: two header
    // rows. Between a ruled table's rules, the lines under a heading must stand in columns of their own
    // (a cell's bullets and their text stand in one).
    const headings = nearest === anchors[0] ? nearest.filter((l) => colOf(l) !== labelCol) : [];
    if ((labelled && !spannerOver(headings, group, colOf)) || (distance(nearest) <= LABEL_REACH * pitch && !spannerOver(taken, group) && !spannerOver(headings, group) && !secondRowOfLabel(nearest, taken, group, colOf, colRight, colRoom, labelCol) && !stackedValues(joined, group, colOf) && !valuesUnderValues(joined, group, colOf, labelCol))) joined.push(...group);
    else out.push(group);
  }
  return out.sort((a, b) => Math.min(...a.map((l) => l.baseline)) - Math.min(...b.map((l) => l.baseline)));
}

/**
 * A number written out whole: digits grouped by threes with commas (or not grouped), a decimal
 * part, a percent sign. A number a narrow column wrapped ("645,9" over "35") is not one.
 */
const COMPLETE_NUMBER = /^[-–−+±(<>~]?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d+)?\s*[%‰]?\)?$/u;

/**
 * A row label wrapped onto two lines with its row's values set centred between them (an HTML
 * cell's default, `vertical-align: middle`): the label's first line, the values, the label's second
 * line are three baseline groups. When the label's lines are a line apart, the second not
 * outdented (a new section row), and the group between holds no label and stands on their middle,
 * the three are one row. A label centred between two rows of values is the other way round
 * (`secondRowOfLabel`).
 */
function joinCentredOnWrappedLabel(groups: TextLine[][], colOf: (line: TextLine) => number, labelCol: number): void {
  const labelOnly = (g: TextLine[]) => g.every((l) => colOf(l) === labelCol);
  for (let i = 0; i + 2 < groups.length; i++) {
    const [first, between, second] = [groups[i]!, groups[i + 1]!, groups[i + 2]!];
    if (!labelOnly(first) || !labelOnly(second) || between.some((l) => colOf(l) === labelCol)) continue;
    const [top, bottom] = [first[first.length - 1]!, second[0]!];
    const size = Math.max(top.fontSize, bottom.fontSize, 1);
    if (bottom.baseline - top.baseline > NEXT_LINE_PITCH * size || bottom.box[0] < top.box[0] - OUTDENT * size) continue;
    const middle = (top.baseline + bottom.baseline) / 2;
    if (!between.every((l) => Math.abs(l.baseline - middle) <= SAME_CENTRE * size)) continue;
    first.push(...between, ...second);
    groups.splice(i + 1, 2);
  }
}

/**
 * Complete numbers over or under a labelled row's complete numbers, in two columns or more: a
 * cell holds one value, so these are a row of their own (their label spans them and the row above:
 * a rowspan set at the top of its rows), not part of the labelled row.
 */
function stackedValues(row: TextLine[], group: TextLine[], colOf: (line: TextLine) => number): boolean {
  // The group's first baseline (a value's unit may wrap under it: "325.6" / "days").
  const top = Math.min(...group.map((l) => l.baseline));
  const first = group.filter((l) => l.baseline === top);
  if (new Set(first.map(colOf)).size < 2) return false;
  // The row's line in each column nearest the group (the row may stand above or below it).
  const nearestIn = (l: TextLine) => row.filter((o) => colOf(o) === colOf(l)).sort((a, b) => Math.abs(a.baseline - l.baseline) - Math.abs(b.baseline - l.baseline))[0];
  return first.every((l) => COMPLETE_NUMBER.test(l.text.trim()) && COMPLETE_NUMBER.test(nearestIn(l)?.text.trim() ?? ''));
}

/**
 * A label set between two rows of values (LaTeX's `\multirow`, a cell centred on the rows it
 * spans): the label stands alone on its baseline, and the lines above and below it each fill the
 * same two columns or more, the lower not going on from the upper. Those are two rows; the label
 * labels the first. (A label centred beside a wrapped cell has the cell's lines on either side,
 * in one column or going on from each other; a label beside values shares their baseline.)
 */
function secondRowOfLabel(label: TextLine[], taken: TextLine[], group: TextLine[], colOf: (line: TextLine) => number, colRight: number[], colRoom: number[] | undefined, labelCol: number): boolean {
  if (!taken.length || label.some((l) => colOf(l) !== labelCol)) return false;
  const columns = (lines: TextLine[]) => [...new Set(lines.map(colOf))].sort((a, b) => a - b).join(',');
  const upper = taken.filter((l) => l.baseline < label[0]!.baseline);
  if (!upper.length || group[0]!.baseline <= label[0]!.baseline) return false;
  if (new Set(group.map(colOf)).size < 2 || columns(upper) !== columns(group)) return false;
  return !continuesCells(upper, group, colOf, colRight, colRoom, labelCol);
}

/**
 * (Also asked of the first labelled row's own cells: group headings on the stub label's line, over
 * the years they span on the next line, are the first of two header rows.)
 *
 * Two header rows beside one label set between them (a label written over both rows, "Model"
 * beside "Accuracy" over "2020  2025"): a line of the upper spans two lines or more of the lower
 * (a group's header over its columns' headers). Those are two rows, not the lines of one row's
 * wrapped cells (which stand one under another in their columns). With `colOf`, the lines centred
 * under it must stand in two columns or more.
 */
function spannerOver(upper: readonly TextLine[], lower: readonly TextLine[], colOf?: (line: TextLine) => number): boolean {
  const reach = (u: TextLine) => SPANNER_REACH * u.fontSize;
  return upper.some((u) => {
    const under = lower.filter((l) => l.baseline > u.baseline && l.box[2] > u.box[0] - reach(u) && l.box[0] < u.box[2] + reach(u));
    if (!colOf) return under.length >= 2;
    const centred = under.filter((l) => (l.box[0] + l.box[2]) / 2 > u.box[0] - reach(u) && (l.box[0] + l.box[2]) / 2 < u.box[2] + reach(u));
    return new Set(centred.map(colOf)).size >= 2;
  });
}

/**
 * A spanner's text reaches to within this many ems of its columns' headers (centred over them, it
 * may end short of the outer ones; a wrapped cell's line keeps a cell gap from the next column's).
 */
const SPANNER_REACH = 1;

/** The usual distance between neighbouring baseline groups. */
function medianPitch(groups: TextLine[][]): number {
  const gaps = groups.slice(1).map((g, i) => g[0]!.baseline - groups[i]![0]!.baseline);
  gaps.sort((a, b) => a - b);
  return gaps[gaps.length >> 1] ?? Infinity;
}

/** Lines grouped by baseline, top to bottom. */
export function baselineGroups(lines: readonly TextLine[]): TextLine[][] {
  const sorted = [...lines].sort((a, b) => a.baseline - b.baseline);
  const groups: TextLine[][] = [];
  let current: TextLine[] = [];
  for (const line of sorted) {
    const last = current[current.length - 1];
    if (last && line.baseline - current[0]!.baseline > SAME_BASELINE * Math.min(last.fontSize, line.fontSize)) {
      groups.push(current);
      current = [];
    }
    current.push(line);
  }
  if (current.length) groups.push(current);
  return groups;
}

/**
 * A group continues the row above: a lone line that continues its cell, or lines in some of the
 * row's columns (fewer than it fills), one a column, each continuing its cell (a header whose
 * longer cells wrap onto a second line, the others one line). Under the first row, lines in all
 * its columns continue it when every one goes on in lower case: a header of narrow columns
 * whose every cell wraps, words broken ("Valuati" / "on").
 */
function continuesCells(row: TextLine[], group: TextLine[], colOf: (line: TextLine) => number, colRight: number[], colRoom: number[] | undefined, labelCol: number): boolean {
  const columns = new Set(group.map(colOf)).size;
  if (columns === 1) return continuesCell(row, group, colOf, colRight, colRoom);
  if (columns !== group.length || !group.every((l) => continuesCell(row, [l], colOf, colRight, colRoom))) return false;
  // Numbers in several columns, each under a whole number, are the next row's values (its label set
  // off their baseline: a multirow label), however far right the numbers above reach.
  if (group.every((l) => STARTS_WITH_NUMBER.test(l.text) && WHOLE_NUMBER.test(lastInColumn(row, l, colOf)?.text.trim() ?? ''))) return false;
  if (valuesUnderValues(row, group, colOf, labelCol)) return false;
  return columns < new Set(row.map(colOf)).size || group.every((l) => LOWER_START.test(l.text));
}

/**
 * Values in every column of values the row fills, each under a value with its unit ("157.3 per 1,000"
 * over "67.0"): the next row's, its label spanning both (a rowspan). A wrapped row goes on in the
 * columns whose text ran long, not in every one, each opening with a number.
 */
function valuesUnderValues(row: TextLine[], group: TextLine[], colOf: (line: TextLine) => number, labelCol: number): boolean {
  const valueColumns = new Set(row.filter((o) => colOf(o) !== labelCol).map(colOf));
  if (valueColumns.size < MIN_VALUE_COLUMNS || ![...valueColumns].every((c) => group.some((l) => colOf(l) === c))) return false;
  // The group's first line (a value's unit may wrap under it: "156.7" / "days") under the row's last, in each column.
  const top = Math.min(...group.map((l) => l.baseline));
  const over = (l: TextLine) => lastInColumn(row.filter((o) => o.baseline < l.baseline), l, colOf);
  return group.filter((l) => l.baseline === top).every((l) => STARTS_WITH_NUMBER.test(l.text) && STARTS_WITH_NUMBER.test(over(l)?.text.trim() ?? ''));
}

/** Columns of values a row must fill for a line of numbers under them to be a row of its own. */
const MIN_VALUE_COLUMNS = 3;

/**
 * The first row's second line, set on the bottom line of a header whose cells wrap (as
 * spreadsheets set them): in the columns the first line fills, every line goes on in lower case
 * from its cell ("Number" / "of items"); the one other line is the stub's, in the row labels'
 * column the first line leaves empty ("Item Format", set on the bottom line). A line in a value
 * column the first line leaves empty ("Rate" beside "no." under "Men") starts a second header row.
 */
function bottomOfHeader(row: TextLine[], group: TextLine[], colOf: (line: TextLine) => number, colRight: number[], colRoom: number[] | undefined, labelCol: number): boolean {
  const filled = new Set(row.map(colOf));
  const continuing = group.filter((l) => filled.has(colOf(l)));
  const beside = group.filter((l) => !filled.has(colOf(l)));
  if (!continuing.length || beside.length !== 1 || colOf(beside[0]!) !== labelCol || new Set(group.map(colOf)).size !== group.length) return false;
  return continuing.every((l) => LOWER_START.test(l.text) && continuesCell(row, [l], colOf, colRight, colRoom));
}

/**
 * A row whose label wraps, its other cells going on beside the label's next line: "Travel and" /
 * "miscellaneous expenses" beside a description's two sentences, the second opening in capitals
 * on the label's next line. The label's next line goes on in lower case from its cell, and its first
 * word did not fit after the line above (the text wrapped there: a lower-case label of a row of its
 * own, "email" under "name", would have fitted); between two rules of a ruled table, where only a
 * row label starts a row, going on in lower case is enough (an author breaks a label by hand).
 * Beside it, every other cell of the row goes on under its text at a line's pitch, and none is a
 * value (a number under a number is the next row's).
 */
function labelWrapsOn(row: TextLine[], group: TextLine[], colOf: (line: TextLine) => number, colRight: number[], colRoom: number[] | undefined, labelCol: number, labelled: boolean): boolean {
  const label = group.find((l) => colOf(l) === labelCol);
  const columns = new Set(group.map(colOf));
  if (!label || group.length < 2 || columns.size !== group.length || !LOWER_START.test(label.text)) return false;
  // Every cell of the row goes on (a header whose longer cells wrap, others not, is continuesCells').
  if (row.some((l) => !columns.has(colOf(l)))) return false;
  const above = lastInColumn(row, label, colOf);
  if (!above || !continuesCell(row, [label], colOf, colRight, colRoom)) return false;
  const size = Math.max(above.fontSize, label.fontSize, 1);
  // Room: up to a cell gap short of the next column's text where that is known, else the column's widest text.
  const room = colRoom?.[labelCol] !== undefined ? colRoom[labelCol]! - WRAP_ROOM * size : (colRight[labelCol] ?? Infinity) - WORD_SPACE * size;
  if (!labelled && above.box[2] + firstWordWidth(label) <= room) return false;
  return group.every((l) => {
    if (l === label) return true;
    const over = lastInColumn(row, l, colOf);
    return !!over && !STARTS_WITH_NUMBER.test(l.text) && l.baseline - over.baseline <= NEXT_LINE_PITCH * size;
  });
}

/** A word space, in ems (a little more than most fonts': the word must overflow with room to spare). */
const WORD_SPACE = 0.3;

/** The row's lowest line in `line`'s column. */
function lastInColumn(row: readonly TextLine[], line: TextLine, colOf: (line: TextLine) => number): TextLine | undefined {
  const col = colOf(line);
  return row.filter((o) => colOf(o) === col).sort((a, b) => b.baseline - a.baseline)[0];
}

/** A value: text opening with a number. */
const STARTS_WITH_NUMBER = /^[-–−+±(<>~]?\s*\d/u;

/** A cell that is a number and nothing more ("223.0 %", "790,049"): complete, it does not wrap. */
const WHOLE_NUMBER = /^[-–−+±(<>~]?\s*\d[\d.,]*\s*[%‰]?\)?$/u;

/**
 * A lone line continues the cell above it when that cell, in the same column, ends right
 * above it and its last line reaches the column's right edge (the text wrapped), or the line
 * goes on from the cell's line (goesOnFrom).
 */
function continuesCell(row: TextLine[], group: TextLine[], colOf: (line: TextLine) => number, colRight: number[], colRoom?: number[]): boolean {
  const line = group[0]!;
  const col = colOf(line);
  const above = lastInColumn(row, line, colOf);
  if (!above) return false;
  const size = Math.max(above.fontSize, line.fontSize, 1);
  // A word broken with a hyphen goes on at the cell's next line, however loosely the table sets
  // its lines (a table stretched to a row pitch of two ems sets a cell's lines as far apart).
  const brokenWord = endsInBrokenWord(above) && LOWER_START.test(line.text.trim());
  if (line.baseline - above.baseline > (brokenWord ? BROKEN_WORD_PITCH : NEXT_LINE_PITCH) * size) return false;
  // A line further left than the cell's text is a new (section) row, not its continuation;
  // not in a cell set flush right, whose lines end together ("179.8" / "mg/mL"), unless the line
  // is a value of its own (a number under a number is the next row's).
  const flushRight = Math.abs(line.box[2] - above.box[2]) <= SAME_END * size && !STARTS_WITH_NUMBER.test(line.text);
  // Nor in a centred cell, whose longer next line starts further left ("Età dell'Assicurato" /
  // "all'epoca del decesso"): the two share their centre.
  const centred = Math.abs(line.box[0] + line.box[2] - above.box[0] - above.box[2]) / 2 <= SAME_CENTRE * size;
  if (line.box[0] < above.box[0] - OUTDENT * size && !flushRight && !centred) return false;
  // A line reaching past its column's cells spans columns: a section row, not a cell's next line.
  if (line.box[2] > (colRight[col] ?? Infinity) + OUTDENT * size) return false;
  // The line's first word would have fit after the cell's text, a cell gap short of the next
  // column's text: the text did not wrap there (a price list's section row under its longest item,
  // the prices far right).
  const fits = above.box[2] + firstWordWidth(line) + WRAP_ROOM * size <= (colRoom?.[col] ?? -Infinity);
  const wrapped = above.box[2] >= (colRight[col] ?? above.box[2]) - WRAP_MARGIN * size && !fits;
  return wrapped || goesOnFrom(above.text, line.text);
}

/** A cell's line after a word broken with a hyphen stands this many ems under it at most. */
const BROKEN_WORD_PITCH = 2.5;

/** Ems of white a cell's text keeps before the next column's text (a space and a cell gap, with some to spare). */
const WRAP_ROOM = 2;
