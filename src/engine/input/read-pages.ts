// The input stage: bytes in, pages of the document model out. A PDF page keeps its text layer
// when it has a usable one; a page whose text layer is missing, invisible or garbage, and every
// image, is rendered (or decoded) and read with OCR.
import { lettersForDigits } from './ocr/letters.js';
import sharp from 'sharp';
import type { Box, Page, TextLine } from '../model/document.js';
import { lean, strokeWidth } from '../model/typography.js';
import { entry, type TraceEntry } from '../model/trace.js';
import { imagePictures } from './image-pictures.js';
import { imageRules } from './image-rules.js';
import { ocrWords } from './ocr-words.js';
import { wordInks } from './ocr-word-ink.js';
import { ocrLineSizes } from './ocr-size.js';
import type { OcrEngine, OcrLine, OcrPage } from './ocr/ocr.js';
import { extractPage, type ExtractedPage } from './pdf/extract.js';
import { loadPdfium, renderPage, type PdfDocument, type RgbImage } from './pdf/pdfium.js';
import { inspect, InputError, MAX_IMAGE_PIXELS, openPdf, sniffKind } from './sniff.js';

export interface ReadOptions {
  maxPages: number;
  /** Gives the OCR engine, created on first use (loading the models takes a moment). */
  ocr: () => Promise<OcrEngine>;
  /** Resolution at which pages without a usable text layer are rendered for OCR. */
  ocrDpi?: number;
  /** Cancels the read between pages (a client that hung up): the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called after each page is read, with the pages done, the document's page count and how the page was read. */
  onPage?: (done: number, total: number, page: { ocr: boolean }) => void;
}

/** A page as the analysis reads it: OCR'd pages upright, turned clockwise by `rotation` degrees from how they are displayed. */
export type ReadPage = Page & { rotation?: number };

/** Reads every page of a PDF, or the one page of an image. */
export async function readPages(bytes: Uint8Array, options: ReadOptions): Promise<ReadPage[]> {
  const pdfium = await loadPdfium();
  options.signal?.throwIfAborted();
  if (sniffKind(bytes) === 'pdf') {
    // Checked by opening it, and kept open for extraction: the bytes enter WASM memory once.
    return pdfPages(openPdf(pdfium, bytes, options.maxPages), options);
  }
  inspect(bytes, pdfium, options.maxPages); // empty, unknown type, or too many pixels: 400
  const page = await imagePage(bytes, options);
  options.onPage?.(1, 1, { ocr: true });
  return [page];
}

/**
 * A page that is one full-page image with a sparse text layer on it (a scan with a few typed
 * labels, a poster or slide whose words are in the picture): its image is read too.
 */
export function hasTextInImage(page: ExtractedPage): boolean {
  return page.stats.imageCoverage >= 0.9 && page.stats.usableChars < 400;
}

/** The text layer's lines plus the OCR lines of text that only the image holds. */
function withImageText(page: ReadPage, read: ReadPage): ReadPage {
  // OCR of a page read turned (or a text layer read turned) would need its boxes mapped into the
  // other's frame first: keep the text layer alone.
  if (read.rotation || page.rotation) return page;
  const covered = (box: Box) =>
    page.lines.some((l) => {
      const w = Math.min(l.box[2], box[2]) - Math.max(l.box[0], box[0]);
      const h = Math.min(l.box[3], box[3]) - Math.max(l.box[1], box[1]);
      return w > 0 && h > 0 && w * h > 0.3 * Math.min((box[2] - box[0]) * (box[3] - box[1]), (l.box[2] - l.box[0]) * (l.box[3] - l.box[1]));
    });
  return { ...page, lines: [...page.lines, ...read.lines.filter((l) => !covered(l.box))] };
}

/** Prose words a page needs before its letters can tell a garbled text layer. */
const GARBLED_MIN_WORDS = 50;
/** Below this share of vowels, the page's words are no language's (natural text keeps 0.3 and more). */
const GARBLED_VOWEL_SHARE = 0.2;

/** A text layer whose letters are wrong (fonts mapped to the wrong characters): its words have almost no vowels. */
export function isGarbled(page: ExtractedPage): boolean {
  return page.stats.proseWords >= GARBLED_MIN_WORDS && page.stats.vowelShare < GARBLED_VOWEL_SHARE;
}

/** Whether a page's text layer is missing, invisible or garbage, so the page must be OCR'd. */
export function needsOcr(page: ExtractedPage): boolean {
  const { usableChars, unusableChars, imageCoverage, pathObjects, formObjects } = page.stats;
  if (unusableChars > 2 * usableChars || isGarbled(page)) return true;
  // Little text but a scan, a garbage layer, many vector paths (text drawn as outlines), or a
  // form XObject (scanners and PDF tools may wrap the page image in one).
  return usableChars < 10 && (imageCoverage > 0.2 || unusableChars > 0 || pathObjects >= 50 || formObjects > 0);
}

/** Extracts (or OCRs) every page of an open PDF, then closes it. */
async function pdfPages(doc: PdfDocument, options: ReadOptions): Promise<ReadPage[]> {
  try {
    const pages: ReadPage[] = [];
    for (let i = 0; i < doc.pageCount; i++) {
      options.signal?.throwIfAborted();
      const page = extractPage(doc, i);
      const { stats: _stats, ...plain } = page;
      const scanned = needsOcr(page);
      if (scanned || hasTextInImage(page)) {
        const dpi = options.ocrDpi ?? 200;
        const image = renderPage(doc, i, dpi);
        const ocr = await options.ocr();
        const read = ocrPage(await ocr.recognize(image), i, page.width / image.width);
        if (isGarbled(page)) read.trace = [entry('input', 'text-layer.garbled', { words: page.stats.proseWords, vowelShare: page.stats.vowelShare }), ...(read.trace ?? [])];
        pages.push(scanned ? read : withImageText(plain, read));
      } else {
        pages.push(plain);
      }
      options.onPage?.(i + 1, doc.pageCount, { ocr: scanned || hasTextInImage(page) });
    }
    return pages;
  } finally {
    doc.close();
  }
}

async function imagePage(bytes: Uint8Array, options: ReadOptions): Promise<ReadPage> {
  let image: RgbImage;
  try {
    // rotate() applies the EXIF orientation; flatten() puts transparent pixels on white.
    // A Buffer view (no copy), which sharp accepts whatever memory backs the bytes.
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    image = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch {
    // Not the library's text: libvips keeps one error buffer per process, which may still hold
    // an earlier document's errors.
    throw new InputError('the image cannot be decoded: its data is damaged or truncated');
  }
  const ocr = await options.ocr();
  // Small images (a cropped table, a thumbnail) are enlarged so that their text reaches the
  // recognizer's working size; boxes come back in the original image's pixels.
  const { enlarged, factor } = await enlargeSmallImage(image);
  return ocrPage(await ocr.recognize(enlarged), 0, 1 / factor);
}

/**
 * A page read by OCR, in the upright frame it was read in; `scale` converts image pixels to
 * page units. Table rules come from the upright image's pixels.
 */
function ocrPage(read: OcrPage, index: number, scale: number): ReadPage {
  const rules = imageRules(read.image, scale);
  const trace: TraceEntry[] = read.language ? [read.language] : [];
  let pictures: Page['pictures'] = [];
  let dots: Box[] = [];
  try {
    ({ pictures, dots } = imagePictures(read.image, read.lines.map((l) => l.box), rules, scale));
  } catch (error) {
    // The page keeps its text without pictures; every block of it says so.
    trace.push(entry('input', 'pictures.failed', { error: (error as Error).message }));
  }
  for (const g of read.gutters ?? []) trace.push(entry('input', 'ocr.gutter-cut', { x: Math.round(g.x * scale), lines: g.cut }));
  if (read.lightOnDark) trace.push(entry('input', 'ocr.light-on-dark', { lines: read.lightOnDark }));
  return {
    index,
    width: read.image.width * scale,
    height: read.image.height * scale,
    // Sizes, weights and word gaps from the lines' ink, dark on light.
    lines: ocrLines(read.lines, read.textImage ?? read.image, scale),
    images: [],
    pictures,
    dots,
    rules,
    source: 'ocr',
    rotation: read.rotation,
    ...(trace.length ? { trace } : {}),
  };
}

/** Small images are enlarged to this longer side (the OCR detector's input size) before OCR… */
const SMALL_IMAGE_SIDE = 1280;
/** …by at most this factor. */
const MAX_ENLARGEMENT = 4;

/**
 * A small image (a table cropped from a page, a screenshot) enlarged for OCR: its text is
 * often 8-10 px high, too small for the detector to separate neighbouring lines and words and
 * for the recogniser to read (PubTabNet table images: TEDS 0.61 as they are, 0.83 enlarged).
 * Lines found on the enlarged image are scaled back by 1 / `factor`.
 */
async function enlargeSmallImage(image: RgbImage): Promise<{ enlarged: RgbImage; factor: number }> {
  const factor = Math.min(MAX_ENLARGEMENT, SMALL_IMAGE_SIDE / Math.max(image.width, image.height));
  if (factor <= 1.25) return { enlarged: image, factor: 1 };
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  const { data, info } = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw })
    .resize(Math.round(image.width * factor), Math.round(image.height * factor), { kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const enlarged = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  return { enlarged, factor: info.width / image.width };
}

/**
 * A line's ink darkens this many times the share of its box that the page's regular text does: bold.
 * Bold strokes darken about twice the share regular ones do.
 */
const BOLD_DENSITY = 1.6;
/**
 * A line's strokes are this many times as wide, per em of its size, as the page's regular text's:
 * bold. On the tune scans 81 % of heading lines and 6 % of text lines (most of them bold labels
 * and names) measure this or more; density alone finds 43 % of headings.
 */
const BOLD_STROKE = 1.3;
/** Lines shorter than this many characters are too few strokes to measure their width or slant: density alone says bold, nothing says italic. */
const STYLE_MIN_CHARS = 6;
/**
 * A line whose letters lean this many times more than the page's regular text's (`lean`) is
 * italic. Tune scans: italic run-in headings lean 1.42 times as much as the upright text after
 * them and more, upright words 1.23 at most.
 */
const ITALIC_LEAN = 1.32;

/** The width-weighted median of `values` (lines' widths): body lines set it, not many short pieces (cells, numbers). */
function regularOf(values: ReadonlyArray<number | undefined>, lines: readonly OcrLine[]): number {
  const measured = values.flatMap((v, i) => (v === undefined ? [] : [{ v, width: lines[i]!.box[2] - lines[i]!.box[0] }])).sort((a, b) => a.v - b.v);
  const half = measured.reduce((sum, l) => sum + l.width, 0) / 2;
  let seen = 0;
  return measured.find((l) => (seen += l.width) >= half)?.v ?? 0;
}

/**
 * OCR lines as model lines. OCR gives no font weight or slant: both are read from the ink,
 * against the page's regular text. A bold line's strokes are wider for their size, or its ink
 * darkens more of its box (for lines too short to measure strokes well); an italic line's
 * letters lean.
 */
export function ocrLines(lines: OcrLine[], image: RgbImage, scale: number): TextLine[] {
  const densities = lines.map((l) => inkDensity(image, l.box));
  const regularDensity = regularOf(densities, lines);
  const texts = lines.map((l) => lettersForDigits(l.text));
  const boxLines = lines.map((l, i) => ocrLineToTextLine({ ...l, text: texts[i]! }, scale));
  // Sizes from each line's x-height band, not its box's height (which depends on its letters).
  const sizes = ocrLineSizes(image, lines.map((l) => l.box), texts, boxLines.map((l) => l.fontSize));
  // Where its words lie: cells set close together, read as one line, are parted at their gaps (tables/scanned.ts).
  const words = lines.map((l, i) => ocrWords(image, l.box, texts[i]!));
  const inks = lines.map((l, i) => wordInks(image, l.box, words[i]?.spans ?? [[l.box[0], l.box[2]]]));
  // Stroke width per em of the line's size (both in image pixels).
  const strokes = inks.map((ink, i) => {
    const width = ink ? strokeWidth(ink) : 0;
    return width > 0 ? width / (sizes[i]! / scale) : undefined;
  });
  const regularStroke = regularOf(strokes, lines);
  const leans = inks.map((ink) => (ink ? lean(ink) : undefined));
  const regularLean = regularOf(leans, lines);
  return lines.map((read, i) => {
    const measurable = texts[i]!.trim().length >= STYLE_MIN_CHARS;
    const byDensity = regularDensity > 0 && densities[i]! > regularDensity * BOLD_DENSITY;
    const byStroke = measurable && regularStroke > 0 && strokes[i] !== undefined && strokes[i]! >= regularStroke * BOLD_STROKE;
    const italic = measurable && regularLean > 0 && leans[i] !== undefined && leans[i]! >= regularLean * ITALIC_LEAN;
    const line: TextLine = { ...boxLines[i]!, inkSize: sizes[i]!, bold: byDensity || byStroke, italic };
    const w = words[i];
    if (!w) return line;
    const wordInk = w.spans.length > 1 ? inks[i] : undefined;
    return { ...line, text: w.text, words: w.spans.map(([a, b]): [number, number] => [a * scale, b * scale]), ...(wordInk ? { wordInk } : {}) };
  });
}

/** Share of dark pixels inside a box (sampled every other pixel). */
function inkDensity(image: RgbImage, box: OcrLine['box']): number {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(image.width, Math.ceil(box[2]));
  const y1 = Math.min(image.height, Math.ceil(box[3]));
  let dark = 0;
  let total = 0;
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x += 2) {
      const i = (y * image.width + x) * 3;
      total++;
      if (image.data[i]! + image.data[i + 1]! + image.data[i + 2]! < 384) dark++;
    }
  }
  return total ? dark / total : 0;
}

function ocrLineToTextLine(line: OcrLine, scale: number): TextLine {
  const [x0, y0, x1, y1] = line.box;
  const box: TextLine['box'] = [x0 * scale, y0 * scale, x1 * scale, y1 * scale];
  return {
    text: line.text,
    box,
    baseline: box[3],
    // A detected line box is about 1.3× the font size (ascenders, descenders, padding).
    fontSize: (box[3] - box[1]) / 1.3,
    bold: false,
    italic: false,
    monospace: false,
  };
}
