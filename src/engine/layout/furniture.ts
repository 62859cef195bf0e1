// Running headers, footers and page numbers: lines in the top or bottom margin band that look
// like page numbers, or that repeat (digits ignored) on other pages of the document.
import type { Page, TextLine } from '../model.js';

export type FurnitureKind = 'header' | 'footer' | 'page_number';

const MARGIN_BAND = 0.09; // share of the page height at the top and at the bottom

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
    for (const { line, i } of bandLines(page)) {
      const top = line.box[3] <= page.height * MARGIN_BAND;
      const repeated = (seen.get(signature(line.text)) ?? 0) >= 2;
      // A footnote ("1 See …", "* Equal contribution") is content, unless it repeats on every page.
      if (!repeated && !top && /^([*†‡]|\d{1,3}\s*\p{L})/u.test(line.text) && !isPageNumberText(line.text)) continue;
      if (isPageNumberText(line.text) && (repeated || pages.length === 1 || !top || line.text.length <= 4)) {
        result.set(i, 'page_number');
      } else if (repeated || isSmallAside(line, bodySize) || isIsolated(page, line, top, bodySize)) {
        result.set(i, top ? 'header' : 'footer');
      }
    }
    markBottomOfContent(page, result, bodySize);
    return result;
  });
}

/**
 * Pages whose text ends well above the margin band (a cropped or half-empty page) still close
 * with their page number or a small footer: the lowest lines, set apart from everything
 * above them, that look like a page number or are small and short.
 */
function markBottomOfContent(page: Page, result: Map<number, FurnitureKind>, bodySize: number): void {
  for (let round = 0; round < 2; round++) {
    const rest = page.lines.map((line, i) => ({ line, i })).filter(({ line, i }) => !result.has(i) && !line.rotated);
    if (rest.length < 3) return;
    const lowest = rest.reduce((a, b) => (b.line.box[1] > a.line.box[1] ? b : a));
    const { line, i } = lowest;
    if (line.box[1] < page.height * 0.5) return;
    // The gap to the nearest line above that is not on the same row.
    let gap = Infinity;
    for (const { line: other } of rest) {
      if (other === line || Math.abs(other.baseline - line.baseline) < 0.5 * line.fontSize) continue;
      gap = Math.min(gap, line.box[1] - other.box[3]);
    }
    const height = Math.max(line.box[3] - line.box[1], 1);
    const centre = (line.box[0] + line.box[2]) / 2;
    const placed = Math.abs(centre - page.width / 2) < page.width * 0.1 || centre < page.width * 0.2 || centre > page.width * 0.8;
    if (isPageNumberText(line.text) && placed && gap > 2 * height) result.set(i, 'page_number');
    else if (bodySize > 0 && line.fontSize <= 0.75 * bodySize && line.text.length < 60 && line.box[1] > page.height * 0.8 && gap > 1.5 * height && !/^([*†‡]|\d{1,3}\s*\p{L})/u.test(line.text)) result.set(i, 'footer');
    else return;
  }
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
