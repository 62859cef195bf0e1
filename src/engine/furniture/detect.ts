// Running headers, footers and page numbers: lines in the top or bottom margin band that look
// like page numbers, repeat (digits ignored) on other pages, are set in small print, or stand
// apart from the body; and margin notes: text running up or down the page (arXiv stamps). The
// one place these four types are decided.
import type { FurnitureKind, FurnitureLabel } from '../model/analysis.js';
import type { Box, Page, TextLine } from '../model/document.js';
import { containsCentre } from '../model/geometry.js';
import { CAPTION_LABEL_ONLY } from '../model/text.js';
import { entry } from '../model/trace.js';
import { baselineGroups } from '../tables/rows.js';
import { mergeRules, RULE_SNAP, ruledBoxes } from '../tables/rules.js';
import { bodyFontSize, isSmallPrint, SAME_ROW } from '../model/typography.js';

/** Share of the page height at the top and at the bottom where running matter is printed. */
const MARGIN_BAND = 0.09;
/** A running head or foot has a body to be apart from: it repeats on this many pages at least. */
const REPEATED_ON_PAGES = 2;
/** Margin lines longer than this are content (a first paragraph starting high), not running matter. */
const MAX_RUNNING_CHARS = 100;
/** An isolated margin line is set apart from the body by this many of its line heights. */
const ISOLATION_GAP = 2.5;
/**
 * Small print in the margin band is running matter when set apart from the body by this many
 * line heights; closer, it is the text above running on (a bibliography or footnotes in small type).
 */
const SMALL_PRINT_GAP = 1;
/** Margin text larger than the body by this factor is a title, not a running head. */
const LARGER_THAN_BODY = 1.05;
/** …even when repeated, unless on more than this share of the pages (a banner on every page). */
const REPEATED_TITLE_SHARE = 0.5;
/** A caption's numbered label ("TABLE I", "Fig. 3.", "Table 2:"; not "Table of Contents"). */
const NUMBERED_CAPTION = /^([Ff]ig(ure)?\.?|FIG(URE)?\.?|[Tt]able|TABLE|[Tt]ab\.)\s*(\d+(\.\d+)*|[IVXL]+)([.:]|\s|$)/;
/** A caption's title line starts within this many ems under its label. */
const CAPTION_TITLE_GAP = 1.5;
/** Three numbers or more on one baseline are a table's row (its totals), not a page number. */
const NUMBERS_IN_A_ROW = 3;

/**
 * Where a page's text starts below or ends above the margin bands (wide margins, a cropped or
 * half-empty page): the outermost rows of text, within these shares of the page height from
 * its edge, set apart by these many row heights, may still be running matter.
 */
const EDGE_SEARCH = { top: 0.25, bottom: 0.5 };
const EDGE_BAND = { top: 0.2, bottom: 0.8 };
const EDGE_GAP_WITH_NUMBER = 1.2;
const EDGE_GAP_SMALL_PRINT = 1.5;
const EDGE_MAX_ROW_LINES = 3;
const EDGE_MAX_CHARS = 60;
/** Pages with fewer lines than this have no body to set running matter apart from. */
const EDGE_MIN_LINES = 4;

/** How a footnote opens ("1 See …", "* Equal contribution"): content, not a running footer. */
const FOOTNOTE_START = /^([*†‡]|\d{1,3}\s*\p{L})/u;

const PAGE_NUMBER = [
  /^\d{1,4}$/,
  /^[-–—]\s*\d{1,4}\s*[-–—]$/,
  /^(page|p\.|pg\.?|seite|página|pagina)\s*\d{1,4}(\s*(of|\/|de|von)\s*\d{1,4})?$/i,
  /^\d{1,4}\s*(of|\/)\s*\d{1,4}$/i,
  /^[ivxlcdm]{1,7}$/i,
];

export function isPageNumberText(text: string): boolean {
  const t = text.trim();
  return PAGE_NUMBER.some((re) => re.test(t));
}

/** Whether a line lies in the top or bottom margin band of its page. */
function inMarginBand(line: TextLine, page: Page): boolean {
  return line.box[3] <= page.height * MARGIN_BAND || line.box[1] >= page.height * (1 - MARGIN_BAND);
}

/** A line's text with digits folded, so "Page 3" and "Page 4" compare equal. */
function signature(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

const kindAt = (top: boolean): FurnitureKind => (top ? 'header' : 'footer');

/**
 * The furniture of every page: a label (kind and the rule that gave it) per line. Margin lines
 * are furniture only if they look like page numbers, repeat on other pages, are small print, or
 * stand apart from a body of text (a short document's first line is its title, not a header).
 */
export function detectFurniture(pages: readonly Page[]): Map<TextLine, FurnitureLabel>[] {
  const bandLines = (page: Page) => page.lines.filter((line) => !line.rotated && inMarginBand(line, page));

  // How many pages carry each margin signature.
  const seen = new Map<string, number>();
  for (const page of pages) {
    for (const s of new Set(bandLines(page).map((line) => signature(line.text)))) seen.set(s, (seen.get(s) ?? 0) + 1);
  }

  // Small print is small next to the document's body too: on a page whose largest text is a
  // diagram's labels or a cover's display type, a slide or section title is not small print.
  const documentBody = bodyFontSize(pages.flatMap((page) => page.lines));
  return pages.map((page) => {
    const labels = new Map<TextLine, FurnitureLabel>();
    const label = (line: TextLine, kind: FurnitureKind, rule: string, values?: Record<string, number | boolean>) =>
      labels.set(line, { kind, trace: entry('furniture', `${kind}.${rule}`, values) });
    const pageBody = bodyFontSize(page.lines);
    const bodySize = documentBody > 0 ? Math.min(pageBody, documentBody) : pageBody;
    const labelsAFrame = frameLabels(page, bodySize);
    const band = bandLines(page);
    for (const line of band) {
      const top = line.box[3] <= page.height * MARGIN_BAND;
      // A float's caption set high on the page is no running head: its label, and the title
      // line right under a label standing alone (IEEE's "TABLE I" over its title in small caps).
      if (NUMBERED_CAPTION.test(line.text) || band.some((b) => CAPTION_LABEL_ONLY.test(b.text) && line.box[1] >= b.box[1] && line.box[1] - b.box[3] < CAPTION_TITLE_GAP * b.fontSize)) continue;
      const numbersInRow = band.filter((b) => Math.abs(b.baseline - line.baseline) < SAME_ROW * line.fontSize && isPageNumberText(b.text)).length;
      if (numbersInRow >= NUMBERS_IN_A_ROW) continue;
      const pagesWithIt = seen.get(signature(line.text)) ?? 0;
      // A title set larger than the body and repeated on a few pages is a slide's title on its
      // continuation slides, not a running head (which is set small, or on most pages).
      const repeatedTitle = line.fontSize > LARGER_THAN_BODY * bodySize && pagesWithIt <= pages.length * REPEATED_TITLE_SHARE;
      const repeated = pagesWithIt >= REPEATED_ON_PAGES && !repeatedTitle;
      // A footnote ("1 See …", "* Equal contribution") is content, unless it repeats on every page.
      if (!repeated && !top && FOOTNOTE_START.test(line.text) && !isPageNumberText(line.text)) continue;
      // A table's row opening (or closing) the page, its cells over the next row's: the body's.
      const tableRow = () => tableRowOver(band.filter((b) => Math.abs(b.baseline - line.baseline) < SAME_ROW * line.fontSize), page.lines, top);
      if (isPageNumberText(line.text) && (repeated || pages.length === 1 || !top || line.text.length <= 4)) {
        // A number ending a table's last row at the foot of the page is a value, not the page's number.
        if (!repeated && tableRow()) continue;
        label(line, 'page_number', 'pattern', { repeated, top });
      } else if (repeated) label(line, kindAt(top), 'repeated', { pages: pagesWithIt });
      else {
        // Beside another column's running text, or under the page's repeated running head, a
        // line is the body's: a section heading in small capitals opening a column or a page.
        const underRunningHead = top && band.some((b) => b.box[3] <= line.box[1] && (seen.get(signature(b.text)) ?? 0) >= REPEATED_ON_PAGES);
        if (underRunningHead || besideRunningText(page, line, bodySize)) continue;
        if (tableRow()) continue;
        const gap = gapToBody(page, line, top);
        if (isSmallPrint(line.fontSize, bodySize) && line.text.length <= MAX_RUNNING_CHARS && gap > SMALL_PRINT_GAP && !labelsAFrame(line)) {
          label(line, kindAt(top), 'small-print', { em: line.fontSize / bodySize, gapLines: gap });
        } else if (isIsolated(page, line, bodySize, gap)) label(line, kindAt(top), 'isolated', { gapLines: gap });
      }
    }
    markContentEdges(page, labels, bodySize, labelsAFrame);
    for (const line of page.lines) if (line.rotated) labels.set(line, { kind: 'aside_text', trace: entry('furniture', 'aside_text.rotated') });
    return labels;
  });
}

/**
 * Pages whose text starts below or ends above the margin bands still open with a running header
 * and close with a page number or a small footer: the first and last rows of text, set apart
 * from the rest, that hold a page number at an end of the row or are small and short.
 */
function markContentEdges(page: Page, labels: Map<TextLine, FurnitureLabel>, bodySize: number, labelsAFrame: (line: TextLine) => boolean): void {
  for (const edge of ['top', 'bottom'] as const) {
    for (let round = 0; round < 2; round++) {
      const rest = page.lines.filter((line) => !labels.has(line) && !line.rotated);
      if (rest.length < EDGE_MIN_LINES) return;
      const outer = rest.reduce((a, b) => ((edge === 'top' ? b.box[1] < a.box[1] : b.box[1] > a.box[1]) ? b : a));
      if (edge === 'top' ? outer.box[1] > page.height * EDGE_SEARCH.top : outer.box[1] < page.height * EDGE_SEARCH.bottom) break;
      const row = rest.filter((line) => Math.abs(line.baseline - outer.baseline) < SAME_ROW * outer.fontSize);
      const height = Math.max(...row.map((line) => line.box[3] - line.box[1]), 1);
      // The gap to the nearest line beyond the row, towards the page's middle.
      const rowBottom = Math.max(...row.map((l) => l.box[3]));
      const rowTop = Math.min(...row.map((l) => l.box[1]));
      let gap = Infinity;
      for (const line of rest) {
        if (row.includes(line)) continue;
        gap = Math.min(gap, edge === 'top' ? line.box[1] - rowBottom : rowTop - line.box[3]);
      }
      // A picture over the row is body too (a caption under a photograph at the page's foot).
      const rowBox: Box = [Math.min(...row.map((l) => l.box[0])), rowTop, Math.max(...row.map((l) => l.box[2])), rowBottom];
      gap = Math.min(gap, gapToPictures(page, rowBox, outer.fontSize, edge === 'top'));
      // A float's caption at the content's edge (captions over tables opening a page, a figure's
      // caption at its foot) is content, as in the margin bands: the edge ends there.
      if (row.some((line) => NUMBERED_CAPTION.test(line.text))) break;
      const numbers = row.filter((line) => isPageNumberText(line.text) && atRowEnd(line, row, page));
      const small = row.every((line) => isSmallPrint(line.fontSize, bodySize) && line.text.length < EDGE_MAX_CHARS && !FOOTNOTE_START.test(line.text));
      const inBand = edge === 'top' ? outer.box[3] < page.height * EDGE_BAND.top : outer.box[1] > page.height * EDGE_BAND.bottom;
      const kind = kindAt(edge === 'top');
      if (numbers.length && row.length <= EDGE_MAX_ROW_LINES && gap > EDGE_GAP_WITH_NUMBER * height) {
        for (const line of row) {
          const isNumber = numbers.includes(line);
          labels.set(line, { kind: isNumber ? 'page_number' : kind, trace: entry('furniture', `${isNumber ? 'page_number' : kind}.content-edge`, { gapRows: gap / height }) });
        }
      } else if (small && inBand && gap > EDGE_GAP_SMALL_PRINT * height && !row.some(labelsAFrame) && !tableRowOver(row, rest, edge === 'top')) {
        for (const line of row) labels.set(line, { kind, trace: entry('furniture', `${kind}.content-edge-small-print`, { gapRows: gap / height }) });
      } else break;
    }
  }
}

/**
 * The row is a table's (its header or first row, a table opening the page in small print): its
 * cells start or end where the cells of the next row towards the page's middle do, in
 * TABLE_ROW_CELLS columns or more. A running head's parts line up with the body's margins at most.
 */
function tableRowOver(row: TextLine[], rest: readonly TextLine[], top: boolean): boolean {
  if (row.length < TABLE_ROW_CELLS) return false;
  const edge = top ? Math.max(...row.map((r) => r.box[3])) : Math.min(...row.map((r) => r.box[1]));
  // The next row: not the row's own cells outside the band (a label set taller than its values).
  const onRow = (l: TextLine) => Math.abs(l.baseline - row[0]!.baseline) < SAME_ROW * l.fontSize;
  const beyond = rest.filter((l) => !row.includes(l) && !onRow(l) && (top ? l.box[1] >= edge : l.box[3] <= edge));
  // The nearest row of cells towards the page's middle (a wrapped label's line alone stands nearer).
  const size = row[0]!.fontSize;
  const rows = baselineGroups(beyond.filter((l) => (top ? l.box[1] - edge : edge - l.box[3]) <= NEXT_ROW_REACH * size));
  const next = (top ? rows : rows.reverse()).find((r) => r.length >= TABLE_ROW_CELLS);
  if (!next) return false;
  const lined = row.filter((cell) => next.some((l) => Math.abs(l.box[0] - cell.box[0]) <= CELL_ALIGN * cell.fontSize || Math.abs(l.box[2] - cell.box[2]) <= CELL_ALIGN * cell.fontSize));
  return lined.length >= TABLE_ROW_CELLS;
}

/** The next row of a table stands within this many ems of the row (a row wrapped over three lines). */
const NEXT_ROW_REACH = 4;

/** A row of this many cells lined up with the next row's is a table's, not running matter. */
const TABLE_ROW_CELLS = 3;
/** Cells of one column start (or end) together to this many ems. */
const CELL_ALIGN = 0.3;

/** A page number sits at an end of its row, or alone near the page's centre or an edge. */
function atRowEnd(line: TextLine, row: TextLine[], page: Page): boolean {
  if (row.length === 1) {
    const centre = (line.box[0] + line.box[2]) / 2;
    return Math.abs(centre - page.width / 2) < page.width * 0.1 || centre < page.width * 0.2 || centre > page.width * 0.8;
  }
  return row.every((l) => l === line || l.box[0] > line.box[2]) || row.every((l) => l === line || l.box[2] < line.box[0]);
}

/**
 * A short margin line of at most body size, set apart from the body by a wide gap: a running
 * header or footer even on a one-page document.
 */
function isIsolated(page: Page, line: TextLine, bodySize: number, gap: number): boolean {
  if (line.text.length > MAX_RUNNING_CHARS || (bodySize > 0 && line.fontSize > bodySize * LARGER_THAN_BODY)) return false;
  // Isolated from the body only if there is a body: a page whose text all sits in the band
  // (a short note at the top) is content.
  return gap > ISOLATION_GAP && !page.lines.every((l) => inMarginBand(l, page));
}

/** A line of running text: set at this share of the body size at least… */
const RUNNING_TEXT_SIZE = 0.95;
/** …and this many characters long. */
const RUNNING_TEXT_CHARS = 30;

/**
 * A line set beside another column's running text (a section heading in small capitals at the
 * top of a column, the other column's first line at its height) is in the body, not a running
 * head or foot: those stand alone in the margin, or with a page number.
 */
function besideRunningText(page: Page, line: TextLine, bodySize: number): boolean {
  return page.lines.some((o) => {
    if (o === line || o.rotated || o.fontSize < RUNNING_TEXT_SIZE * bodySize || o.text.length < RUNNING_TEXT_CHARS) return false;
    const overlap = Math.min(o.box[3], line.box[3]) - Math.max(o.box[1], line.box[1]);
    return overlap > 0.5 * Math.min(o.box[3] - o.box[1], line.box[3] - line.box[1]) && (o.box[0] >= line.box[2] || o.box[2] <= line.box[0]);
  });
}

/** The empty height between a margin line and the nearest line towards the page's middle, in its line heights. */
function gapToBody(page: Page, line: TextLine, top: boolean): number {
  let gap = Infinity;
  for (const other of page.lines) {
    if (other === line) continue;
    const d = top ? other.box[1] - line.box[3] : line.box[1] - other.box[3];
    // Lines of the same row (a header split in two) are not the body.
    if (d >= -SAME_ROW * line.fontSize && d < gap && Math.abs(other.baseline - line.baseline) >= SAME_ROW * line.fontSize) gap = d;
  }
  // A picture is body too: a caption right under a photograph at the page's foot is not set apart.
  gap = Math.min(gap, gapToPictures(page, line.box, line.fontSize, top));
  return gap / Math.max(line.fontSize, 1);
}

/**
 * The gap from `box` (a margin line or row, set `top` or at the foot) to the nearest picture or
 * drawing of figure size towards the page's middle that shares its width; Infinity without one.
 */
function gapToPictures(page: Page, box: Box, fontSize: number, top: boolean): number {
  let gap = Infinity;
  for (const figure of figureBoxes(page, fontSize)) {
    if (figure[0] >= box[2] || figure[2] <= box[0]) continue;
    const d = top ? figure[1] - box[3] : box[1] - figure[3];
    if (d >= -SAME_ROW * fontSize && d < gap) gap = d;
  }
  return gap;
}

/** A picture or drawing is this many of a line's ems across and high at least (rules and marks are not). */
const FIGURE_MIN_EMS = 3;
/** An image covering this share of the page is its background or its scan, not a picture on it. */
const BACKGROUND_SHARE = 0.5;

/** The page's pictures and drawings of figure size. */
function figureBoxes(page: Page, fontSize: number): Box[] {
  const min = FIGURE_MIN_EMS * fontSize;
  const area = (b: Box) => (b[2] - b[0]) * (b[3] - b[1]);
  const all = [...page.images, ...(page.pictures ?? []).map((p) => p.box), ...(page.graphics ?? [])];
  return all.filter((b) => b[2] - b[0] >= min && b[3] - b[1] >= min && area(b) < BACKGROUND_SHARE * page.width * page.height);
}

/**
 * Whether a line of `page` heads a box drawn around it and the text under it (a "READ MORE" over
 * a web page's bordered list of links): small print at the top of a page inside such a frame is
 * the box's label, not a running head. The page's frames are found once, when first asked.
 */
function frameLabels(page: Page, bodySize: number): (line: TextLine) => boolean {
  let frames: Box[] | undefined;
  return (line) => {
    if (!page.rules?.length) return false;
    const snap = RULE_SNAP * (bodySize || 10);
    frames ??= ruledBoxes(mergeRules(page.rules, snap), snap);
    return frames.some((frame) => containsCentre(frame, line.box) && page.lines.some((l) => l !== line && l.box[1] >= line.box[3] && containsCentre(frame, l.box)));
  };
}
