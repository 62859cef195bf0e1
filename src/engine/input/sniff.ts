// Input sniffing: what the bytes are (decided by content, not by file name) and how many pages
// they hold, without decoding images or parsing page contents; and the checks that refuse, before
// any parsing, PDFs whose structure is broken or that would decompress past the memory bounds.
import { inflateSync, constants as zlib } from 'node:zlib';
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
  checkStreams(bytes);
  const doc = openPdf(pdfium, bytes, maxPages);
  try {
    const pageCount = doc.pageCount;
    // Every page must be reachable in the page tree (a circular /Kids, a tree deeper than PDFium
    // follows, a missing page object): found here from the page dictionaries, without reading
    // any page's contents.
    for (let i = 0; i < pageCount; i++) {
      if (!doc.hasPage(i)) throw new InputError(`page ${i + 1} of ${pageCount} cannot be found: the PDF's page tree is broken`);
    }
    return { kind, pageCount };
  } finally {
    doc.close();
  }
}

/**
 * A stream (page contents, image, font) that decodes to more than this is refused: no real page
 * needs it (a 600-dpi RGB A4 scan is 100 MB), and a few KB of DEFLATE can claim gigabytes.
 */
export const MAX_DECODED_STREAM_BYTES = 256 * 1024 * 1024;
/** DEFLATE (and LZW, in practice) expands at most ~1032:1: shorter streams cannot pass the bound. */
const MAX_DEFLATE_RATIO = 1032;
/** RunLength expands at most 128:1. */
const MAX_RUN_LENGTH_RATIO = 128;

const tooLarge = (what: string) => new InputError(`${what} is too large when decompressed (over ${MAX_DECODED_STREAM_BYTES / 1024 / 1024} MB)`);

/**
 * Refuses a PDF with a stream that would decode past MAX_DECODED_STREAM_BYTES or an image larger
 * than MAX_IMAGE_PIXELS ("zip bombs"), before PDFium decodes anything. Streams are found by their
 * `stream` keyword (streams never live inside object streams); only those that could pass the
 * bound given their length and filters are actually decoded, and only up to the bound.
 */
export function checkStreams(bytes: Uint8Array): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buf.indexOf('stream'); at >= 0; at = buf.indexOf('stream', at + 6)) {
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') continue;
    const dict = streamDictionary(buf, at);
    if (dict === null) continue;
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    if (start === at + 6) continue; // "stream" must end its line
    const end = buf.indexOf('endstream', start);
    const data = buf.subarray(start, end < 0 ? buf.length : end);
    checkImageSize(dict);
    const filters = [...(/\/Filter\s*(\[[^\]]*\]|\/[^\s/<>\[\]()]+)/.exec(dict)?.[1] ?? '').matchAll(/\/([^\s/<>\[\]()]+)/g)].map((m) => m[1]!);
    checkDecodedSize(data, filters);
  }
}

/** The dictionary (as latin1 text) right before a `stream` keyword, or null when there is none. */
function streamDictionary(buf: Buffer, at: number): string | null {
  let end = at - 1;
  while (end > 0 && (buf[end] === 0x20 || buf[end] === 0x0a || buf[end] === 0x0d || buf[end] === 0x09)) end--;
  if (buf[end] !== 0x3e || buf[end - 1] !== 0x3e) return null; // ">>"
  // The dictionary opens after the object header "n g obj"; dictionaries are short.
  const from = Math.max(0, end - 64 * 1024);
  const obj = buf.subarray(from, end).lastIndexOf('obj');
  return buf.toString('latin1', obj < 0 ? from : from + obj + 3, end + 1);
}

function checkImageSize(dict: string): void {
  if (!/\/Subtype\s*\/Image\b/.test(dict)) return;
  const width = Number(/\/(?:Width|W)\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const height = Number(/\/(?:Height|H)\s+(\d+)/.exec(dict)?.[1] ?? 0);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new InputError(`an image in the PDF is ${width}×${height} pixels, too large when decompressed (at most ${MAX_IMAGE_PIXELS / 1e6} megapixels)`);
  }
}

/** Decodes a stream's filter chain as far as needed to know it stays under the bound. */
function checkDecodedSize(data: Uint8Array, filters: string[]): void {
  let bound = data.length;
  for (const f of filters) {
    if (f === 'FlateDecode' || f === 'Fl' || f === 'LZWDecode' || f === 'LZW') bound *= MAX_DEFLATE_RATIO;
    else if (f === 'RunLengthDecode' || f === 'RL') bound *= MAX_RUN_LENGTH_RATIO;
  }
  if (bound <= MAX_DECODED_STREAM_BYTES) return;
  let decoded: Uint8Array = data;
  for (const f of filters) {
    if (f === 'ASCIIHexDecode' || f === 'AHx') decoded = Buffer.from(Buffer.from(decoded).toString('latin1').replace(/[^0-9a-fA-F]/g, ''), 'hex');
    else if (f === 'FlateDecode' || f === 'Fl') {
      try {
        // A truncated stream is decoded as far as it goes, as PDFium does.
        decoded = inflateSync(decoded, { maxOutputLength: MAX_DECODED_STREAM_BYTES, finishFlush: zlib.Z_SYNC_FLUSH });
      } catch (e) {
        if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge('a stream in the PDF');
        return; // corrupt data: PDFium stops decoding at the same point
      }
    } else return; // other decoders (images, LZW, ASCII85) are bounded by the image size check or rare
    if (decoded.length > MAX_DECODED_STREAM_BYTES) throw tooLarge('a stream in the PDF');
  }
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
