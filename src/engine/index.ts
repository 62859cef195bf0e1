// The engine as the rest of Quire sees it: the service, the CLI, the workers and the benchmarks
// import from here, never from the engine's folders.
export { parseDocument, type ParseOptions, type ParseResult } from './parse.js';
export { inspect, InputError, TooManyPagesError, ALLOWED_FILE_NAME, MAX_IMAGE_PIXELS, sniffKind, type Inspection } from './input/sniff.js';
export { OcrEngine } from './input/ocr/ocr.js';
export { loadPdfium, PdfDocument, renderPage, type RgbImage } from './input/pdf/pdfium.js';
export type { ContentBlock } from './render/render.js';
