// Running headers, footers and page numbers: lines in the top or bottom margin band that look
// like page numbers, or that repeat (digits ignored) on other pages of the document.
import type { Page, TextLine } from '../model/document.js';

export type FurnitureKind = 'header' | 'footer' | 'page_number';

const MARGIN_BAND = 0.09; // share of the page height at the top and at the bottom

/** How a footnote opens ("1 See …", "* Equal contribution"): content, not a running footer. */
const FOOTNOTE_START = /^([*†‡]|\d{1,3}\s*\p{L})/u;

const PAGE_NUMBER = [
  /^\d{1,4}$/,
  /^[-–—]\s*\d{1,4}\s*[-–—]$/,
  /^(page|p\.|pg\.?|seite|página|pagina)\s*\d{1,4}(\s*(of|\/|de|von)\s*\d{1,4})?$/i,
  /^\d{1,4}\s*(of|\/)\s*\d{1,4}$/i,
  /^[ivxlcdm]{1,7}$/i,
];

/** Whether a line lies in the top or bottom margin band of its page. */
function inMarginBand(line: TextLine, page: Page): boolean {
  return line.box[3] <= page.height * MARGIN_BAND || line.box[1] >= page.height * (1 - MARGIN_BAND);
}

export function isPageNumberText(text: string): boolean {
  const t = text.trim();
  return PAGE_NUMBER.some((re) => re.test(t));
}

/** A line's text with digits folded, so "Page 3" and "Page 4" compare equal. */
function signature(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/**
 * Classifies margin lines of every page. Returns, per page, a map from line index to kind.
 * A line is furniture only if it is in a margin band and is not the only text of its band on a
 * one-page document that looks like body text (a short document's first line is its title).
 */
export function detectFurniture(pages: Page[]): Map<number, FurnitureKind>[] {
  const bandLines = (page: Page) =>
    page.lines
      .map((line, i) => ({ line, i }))
      .filter(({ line }) => !line.rotated)
      .filter(({ line }) => inMarginBand(line, page));

  // How many pages carry each margin signature.
  const seen = new Map<string, number>();
  for (const page of pages) {
    const sigs = new Set(bandLines(page).map(({ line }) => signature(line.text)));
    for (const s of sigs) seen.set(s, (seen.get(s) ?? 0) + 1);
  }

  return pages.map((page) => {
    const result = new Map<number, FurnitureKind>();
    const bodySize = medianFontSize(page.lines);
    const band = bandLines(page);
    for (const { line, i } of band) {
      const top = line.box[3] <= page.height * MARGIN_BAND;
      // Three numbers or more on one baseline: a table's row (its totals), not a page number.
      if (band.filter((b) => Math.abs(b.line.baseline - line.baseline) < 0.5 * line.fontSize && isPageNumberText(b.line.text)).length >= 3) continue;
      const repeated = (seen.get(signature(line.text)) ?? 0) >= 2;
      // A footnote ("1 See …", "* Equal contribution") is content, unless it repeats on every page.
      if (!repeated && !top && FOOTNOTE_START.test(line.text) && !isPageNumberText(line.text)) continue;
      if (isPageNumberText(line.text) && (repeated || pages.length === 1 || !top || line.text.length <= 4)) {
        result.set(i, 'page_number');
      } else if (repeated || isSmallAside(line, bodySize) || isIsolated(page, line, top, bodySize)) {
        result.set(i, top ? 'header' : 'footer');
      }
    }
    markContentEdges(page, result, bodySize);
    return result;
  });
}

/**
 * Pages whose text starts below or ends above the margin bands (wide margins, a cropped or
 * half-empty page) still open with a running header and close with a page number or a small
 * footer: the first and last rows of text, set apart from the rest, that hold a page number
 * at an end of the row or are small and short.
 */
function markContentEdges(page: Page, result: Map<number, FurnitureKind>, bodySize: number): void {
  for (const edge of ['top', 'bottom'] as const) {
    for (let round = 0; round < 2; round++) {
      const rest = page.lines.map((line, i) => ({ line, i })).filter(({ line, i }) => !result.has(i) && !line.rotated);
      if (rest.length < 4) return;
      const outer = rest.reduce((a, b) => ((edge === 'top' ? b.line.box[1] < a.line.box[1] : b.line.box[1] > a.line.box[1]) ? b : a)).line;
      if (edge === 'top' ? outer.box[1] > page.height * 0.25 : outer.box[1] < page.height * 0.5) break;
      const row = rest.filter(({ line }) => Math.abs(line.baseline - outer.baseline) < 0.5 * outer.fontSize);
      const height = Math.max(...row.map(({ line }) => line.box[3] - line.box[1]), 1);
      // The gap to the nearest line beyond the row, towards the page's middle.
      const rowBottom = Math.max(...row.map((r) => r.line.box[3]));
      const rowTop = Math.min(...row.map((r) => r.line.box[1]));
      let gap = Infinity;
      for (const { line } of rest) {
        if (row.some((r) => r.line === line)) continue;
        gap = Math.min(gap, edge === 'top' ? line.box[1] - rowBottom : rowTop - line.box[3]);
      }
      const numbers = row.filter(({ line }) => isPageNumberText(line.text) && atRowEnd(line, row.map((r) => r.line), page));
      const small = row.every(({ line }) => bodySize > 0 && line.fontSize <= 0.75 * bodySize && line.text.length < 60 && !FOOTNOTE_START.test(line.text));
      const band = edge === 'top' ? outer.box[3] < page.height * 0.2 : outer.box[1] > page.height * 0.8;
      if (numbers.length && row.length <= 3 && gap > 1.2 * height) {
        for (const { line, i } of row) result.set(i, numbers.some((n) => n.line === line) ? 'page_number' : edge === 'top' ? 'header' : 'footer');
      } else if (small && band && gap > 1.5 * height) {
        for (const { i } of row) result.set(i, edge === 'top' ? 'header' : 'footer');
      } else break;
    }
  }
}

/** A page number sits at an end of its row, or alone near the page's centre. */
function atRowEnd(line: TextLine, row: TextLine[], page: Page): boolean {
  if (row.length === 1) {
    const centre = (line.box[0] + line.box[2]) / 2;
    return Math.abs(centre - page.width / 2) < page.width * 0.1 || centre < page.width * 0.2 || centre > page.width * 0.8;
  }
  return row.every((l) => l === line || l.box[0] > line.box[2]) || row.every((l) => l === line || l.box[2] < line.box[0]);
}

/**
 * A short margin line of at most body size, set apart from the body by a wide gap (several
 * line heights): a running header or footer even on a one-page document.
 */
function isIsolated(page: Page, line: TextLine, top: boolean, bodySize: number): boolean {
  if (line.text.length > 100 || (bodySize > 0 && line.fontSize > bodySize * 1.05)) return false;
  // Isolated from the body only if there is a body: a page whose text all sits in the band
  // (a short note at the top) is content.
  if (page.lines.every((l) => inMarginBand(l, page))) return false;
  let gap = Infinity;
  for (const other of page.lines) {
    if (other === line) continue;
    const d = top ? other.box[1] - line.box[3] : line.box[1] - other.box[3];
    if (d >= -0.5 * line.fontSize && other.box[0] < page.width && d < gap) {
      // Lines of the same row (a header split in two) are not the body.
      if (Math.abs(other.baseline - line.baseline) < line.fontSize * 0.5) continue;
      gap = d;
    }
  }
  return gap > Math.max(3, line.fontSize) * 2.5;
}

/** Margin text clearly smaller than the body text is running matter, not content. */
function isSmallAside(line: TextLine, bodySize: number): boolean {
  return bodySize > 0 && line.fontSize < bodySize * 0.85 && line.text.length < 120;
}

export function medianFontSize(lines: TextLine[]): number {
  if (!lines.length) return 0;
  // Weight by characters so that many short lines (headings, numbers) do not dominate.
  const entries = lines.map((l) => [l.fontSize, l.text.length] as const).sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((s, e) => s + e[1], 0);
  let acc = 0;
  for (const [size, n] of entries) {
    acc += n;
    if (acc >= total / 2) return size;
  }
  return entries[entries.length - 1]![0];
}
