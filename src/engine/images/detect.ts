// Images: the page's embedded raster images large enough to be figures, overlapping ones joined.
import type { Region } from '../model/analysis.js';
import type { Box, Page } from '../model/document.js';
import { area, intersection, intersects, union } from '../model/geometry.js';
import { entry } from '../model/trace.js';

/** Smaller images (bullets, icons, rules drawn as images) are decoration: share of the page area. */
const MIN_AREA = 0.003;

/** A scan's picture this much inside a table found there is the table's text OCR did not read (small or faint print), not a figure. */
const TABLE_SHARE = 0.5;

/** Images of a page; `tables` are the boxes of the tables found on it. */
export function detectImages(page: Page, tables: readonly Box[] = []): Region[] {
  const pageArea = page.width * page.height;
  const boxes: Box[] = [];
  for (const box of page.images.filter((b) => area(b) >= MIN_AREA * pageArea)) {
    const hit = boxes.findIndex((o) => intersects(o, box));
    if (hit >= 0) boxes[hit] = union(boxes[hit]!, box);
    else boxes.push(box);
  }
  const embedded: Region[] = boxes.map((box) => ({ kind: 'image', box, lines: [], trace: [entry('images', 'image.embedded-raster', { pageShare: area(box) / pageArea })] }));
  // A scan's pictures, found in its pixels where no text line or rule is.
  const inTable = (b: Box) => tables.some((t) => intersection(b, t) >= TABLE_SHARE * area(b));
  const scanned: Region[] = (page.pictures ?? []).filter((p) => !inTable(p.box)).map((p) => ({ kind: 'image', box: p.box, lines: [], trace: [entry('images', 'image.scan-marks', { pageShare: area(p.box) / pageArea, marked: p.marked })] }));
  return [...embedded, ...scanned].sort((a, b) => a.box[1] - b.box[1]);
}
