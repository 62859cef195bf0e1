// The engine as the rest of Quire sees it: the service, the CLI, the workers and the benchmarks
// import from here, never from the engine's folders.
export { parseDocument, parseWithDetails, type ParseDetails, type ParseOptions, type ParseResult } from './parse.js';
export { inspect, InputError, TooManyPagesError, ALLOWED_FILE_NAME, MAX_IMAGE_PIXELS, sniffKind, type Inspection } from './input/sniff.js';
export { OcrEngine } from './input/ocr/ocr.js';
export { loadPdfium, PdfDocument, renderPage, type RgbImage } from './input/pdf/pdfium.js';
export { BLOCK_TYPES, ContentBlockSchema, type BlockType, type ContentBlock } from './render/schema.js';
export type { Block } from './model/blocks.js';
export type { StageFailure, TraceEntry } from './model/trace.js';
export { renderTrace } from './render/trace.js';
export { writeDebugPages } from './debug.js';
