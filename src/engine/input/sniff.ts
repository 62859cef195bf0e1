// Input sniffing: what the bytes are (decided by content, not by file name) and how many pages
// they hold, without decoding images or parsing page contents.
import { PdfDocument, PdfOpenError, type Pdfium } from './pdf/pdfium.js';

export type InputKind = 'pdf' | 'png' | 'jpeg';

/** The input cannot be parsed: answered with 400. */
export class InputError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** The document has more pages than allowed: answered with 413. */
export class TooManyPagesError extends Error {
  readonly status = 413;
  constructor(
    readonly pageCount: number,
    readonly maxPages: number,
  ) {
    super(`the document has ${pageCount} pages; at most ${maxPages} are allowed per request`);
    this.name = 'TooManyPagesError';
  }
}

export const MAX_IMAGE_PIXELS = 100_000_000;

/** File names the service accepts (case-insensitive); the type itself is decided by content. */
export const ALLOWED_FILE_NAME = /\.(pdf|png|jpe?g)$/i;

export function sniffKind(bytes: Uint8Array): InputKind | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // PDF readers accept the header anywhere in the first 1024 bytes.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  return null;
}

/** Width and height from a PNG's IHDR or a JPEG's SOF segment; null when not found. */
export function imageDimensions(bytes: Uint8Array, kind: 'png' | 'jpeg'): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png') {
    if (bytes.length < 24 || Buffer.from(bytes.subarray(12, 16)).toString('latin1') !== 'IHDR') return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = view.getUint16(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { width: view.getUint16(i + 7), height: view.getUint16(i + 5) };
    if (marker === 0xd9 || marker === 0xda) return null;
    i += 2 + length;
  }
  return null;
}

export interface Inspection {
  kind: InputKind;
  pageCount: number;
}

/**
 * Checks that the bytes are a readable PDF, PNG or JPEG within limits and counts pages.
 * Throws InputError (400) or TooManyPagesError (413).
 */
export function inspect(bytes: Uint8Array, pdfium: Pdfium, maxPages: number): Inspection {
  if (!bytes.length) throw new InputError('the file is empty');
  const kind = sniffKind(bytes);
  if (!kind) throw new InputError('the file is not a PDF, PNG or JPEG');
  if (kind !== 'pdf') {
    const dims = imageDimensions(bytes, kind);
    if (!dims || dims.width === 0 || dims.height === 0) throw new InputError(`the file is not a readable ${kind.toUpperCase()} image`);
    if (dims.width * dims.height > MAX_IMAGE_PIXELS) {
      throw new InputError(`the image is ${dims.width}×${dims.height} pixels; at most ${MAX_IMAGE_PIXELS / 1e6} megapixels are supported`);
    }
    return { kind, pageCount: 1 };
  }
  const doc = openPdf(pdfium, bytes, maxPages);
  const pageCount = doc.pageCount;
  doc.close();
  return { kind, pageCount };
}

/**
 * Opens a PDF that is readable, not locked, and has 1 to `maxPages` pages; the caller closes it.
 * Throws InputError (400) or TooManyPagesError (413).
 */
export function openPdf(pdfium: Pdfium, bytes: Uint8Array, maxPages: number): PdfDocument {
  let doc: PdfDocument;
  try {
    doc = PdfDocument.open(pdfium, bytes);
  } catch (e) {
    if (e instanceof PdfOpenError) throw new InputError(e.message);
    throw e;
  }
  const pageCount = doc.pageCount;
  if (pageCount > 0 && pageCount <= maxPages) return doc;
  doc.close();
  if (pageCount <= 0) throw new InputError('the PDF has no pages');
  throw new TooManyPagesError(pageCount, maxPages);
}
